//! Entities of a tenant database, one module per table, named by the singular of the table
//! (`docs/data-model.md`).
//!
//! Models are storage rows: API DTOs live with the handlers and behaviour in `crate::domain`.
//! The six state machines' columns (ticket and transfer statuses, acks, jobs, webhook deliveries,
//! campaign recipients) are enums of [`states`]; other enumerated columns (directions, kinds, scopes)
//! are plain strings holding the documented values; secrets and hashes are skipped when a model is serialized.

/// `api_tokens`: An integration's credential (docs/api-tokens.md).
pub mod api_token;
/// `bot_configs`: The menu bot's configuration, per tenant or instance.
pub mod bot_config;
/// `bot_sessions`: The bot's part of a ticket that started with it.
pub mod bot_session;
/// `bot_steps`: Every step the bot took in a conversation.
pub mod bot_step;
/// `campaigns`: A messaging campaign on one instance.
pub mod campaign;
/// `campaign_recipients`: One customer targeted by a campaign, with its delivery status.
pub mod campaign_recipient;
/// `chats`: The conversation of one customer on one instance.
pub mod chat;
/// `closing_reasons`: Reasons offered when closing a ticket.
pub mod closing_reason;
/// `consents`: Customers' answers to the consent text (LGPD).
pub mod consent;
/// `customers`: Customers (contacts), with the address replies go to and the blacklist flag.
pub mod customer;
/// `customer_groups`: Named groups of customers.
pub mod customer_group;
/// `customer_group_members`: Customer-to-group links.
pub mod customer_group_member;
/// `customer_identities`: Every address a customer is known by (phone, BSUID, LID).
pub mod customer_identity;
/// `customer_merges`: The log of customers an administrator merged into another.
pub mod customer_merge;
/// `customer_tags`: Tags applied to customers.
pub mod customer_tag;
/// `departments`: User departments.
pub mod department;
/// `early_acks`: Acks that overtook the answer to our send, until the send's id is stored.
pub mod early_ack;
/// `instances`: Messaging connections (WhatsApp numbers, Instagram...).
pub mod instance;
/// `instance_logs`: Append-only log of instance connection status changes.
pub mod instance_log;
/// `instance_send_rates`: Each instance's campaign send rate and next free send slot.
pub mod instance_send_rate;
/// `jobs`: The outbox: work for the worker (provider sends, webhook deliveries).
pub mod job;
/// `login_failures`: Append-only log of failed logins (login-failures report).
pub mod login_failure;
/// `media`: Stored files of messages, once per tenant by SHA-256.
pub mod medium;
/// `mentions`: People named with `@` in internal notes, read or not.
pub mod mention;
/// `messages`: Chat messages, inbound and outbound, with their ack.
pub mod message;
/// `message_reactions`: Emoji reactions on messages, one per reactor.
pub mod message_reaction;
/// `message_templates`: Official numbers' message templates, as Meta reports them.
pub mod message_template;
/// `orders`: Orders taken in attendances, in centavos.
pub mod order;
/// `permissions`: Route permissions (web route names) roles can be granted.
pub mod permission;
/// `provider_events`: Provider events already received (replays are not processed twice).
pub mod provider_event;
/// `quick_replies`: Texts agents insert with `/` in the composer (tenant, department or personal).
pub mod quick_reply;
/// `refresh_tokens`: Rotating refresh tokens, stored hashed, grouped in families.
pub mod refresh_token;
/// `roles`: Roles; each user has one.
pub mod role;
/// `role_permissions`: Role-to-permission links.
pub mod role_permission;
/// `scheduled_messages`: Messages agents wrote to be sent later by the worker.
pub mod scheduled_message;
/// The six state machines' states (enums stored as text).
pub mod states;
/// `sync_jobs`: Message-history synchronisations of instances and their progress.
pub mod sync_job;
/// `tags`: Tags (etiquetas) for tickets and customers, and the kanban board's columns.
pub mod tag;
/// `template_prices`: The tenant's price of a template message per category.
pub mod template_price;
/// `tickets`: Tickets (attendances) of a chat, from open to close.
pub mod ticket;
/// `ticket_shares`: Tickets shown to a colleague asked in from a note.
pub mod ticket_share;
/// `ticket_tags`: Tags applied to tickets.
pub mod ticket_tag;
/// `ticket_transfers`: Transfers of a ticket to another user or department.
pub mod ticket_transfer;
/// `users`: Staff users of the tenant.
pub mod user;
/// `user_instances`: User-to-instance links (which instances a user attends).
pub mod user_instance;
/// `user_settings`: Per-user settings: two-factor, theme, locale.
pub mod user_setting;
/// `webhook_attempts`: Every attempt to deliver a webhook (the deliveries log).
pub mod webhook_attempt;
/// `webhook_deliveries`: Outbound webhook outbox: one row per event and endpoint, retried until delivered.
pub mod webhook_delivery;
/// `webhook_endpoints`: Outbound webhook receivers and their signing secrets.
pub mod webhook_endpoint;
