//! The domain: services that REST, GraphQL, the WebSocket and the CLI all call. Functions take
//! `&impl ConnectionTrait` (a transaction from `TenantDb::begin` or the control connection) so
//! callers compose them inside one transaction; functions whose changes others must learn about
//! take a [`unit::Unit`] and raise [`events`] on it, published only after the commit.
//!
//! # Floors
//!
//! The domain stands on four floors, and imports point only down (or along a floor, never in a
//! circle). `python3 tools/imports.py --check` holds the same table and fails `tests/all.sh` on an
//! upward import or a circle.
//!
//! | floor | modules | what lives there |
//! |---|---|---|
//! | kernel | `error`, `sql`, `local_time`, `pages`, `events`, `unit`, `outbox`, `sealing`, `outbound`, `standard_webhooks`, `settings`, `passwords`, `cnpj`, `catalogue`, `features`, `sheet_reader`, `text`, `calendar`, `webhook_events` | no business records: the error type, hand-written SQL, time, pages, the erased event and the unit that publishes it, the outbox and the webhook events it carries, sealed secrets, outbound HTTP, formats, folded text |
//! | records | `plans`, `templates`, `tenants`, `departments`, `users`, `instances`, `media`, `conversations`, `tags` | a table or a few and the rules that keep them whole; `conversations` is the store the inbox, the bot and campaigns all stand on |
//! | capabilities | `auth`, `api_tokens`, `audit`, `orders`, `privacy`, `bot`, `campaigns`, `webhooks`, `analytics`, `reports`, `retention`, `roles`, `quick_replies`, `notes`, `scheduled_messages`, `search`, `distribution` | features built on the records |
//! | flows | `inbox`, `home`, `setup` | what a user or a provider does across capabilities |
//!
//! A lower floor never calls up to tell a higher one what happened: the flow that made a change
//! calls the reactions itself (`inbox::acks::apply` moves a campaign recipient after an ack,
//! `inbox::inbound` lets campaigns follow an instance's status, `inbox::tickets::accept` ends the
//! bot's session). Each feature owns the payloads of the events it raises ([`events::DomainEvent`]);
//! the kernel only carries them erased. State machines (ticket, transfer, ack, job, webhook
//! delivery, campaign recipient) are enums in `entities::tenant::states`.

/// Daily aggregates, dashboards, the control panel and presence (docs/analytics.md).
pub mod analytics;
/// API tokens: an integration's credential, acting through its own principal (docs/api-tokens.md).
pub mod api_tokens;
/// The audit log: who did what, when, from where (docs/audit.md).
pub mod audit;
/// Login, tokens, refresh rotation, two-factor, sessions.
pub mod auth;
/// Maria, the tenant's menu bot (feature `chatbot`).
pub mod bot;
/// The company's calendar: opening hours and holidays, and the open-time arithmetic of SLA clocks.
pub mod calendar;
/// Campaigns: one message to many customers through an instance, at its rate (docs/campaigns.md).
pub mod campaigns;
/// Route-name catalogue shared with the web router (docs/contracts.md#roles-and-route-permissions).
pub mod catalogue;
/// CNPJ parsing with check digits.
pub mod cnpj;
/// Conversations: customers, chats, tickets, messages and their views and events — the store the
/// inbox, the bot and campaigns stand on.
pub mod conversations;
/// Departments of a tenant.
pub mod departments;
/// Automatic distribution: who receives a waiting ticket, and how many each person may hold.
pub mod distribution;
/// The domain's error type.
pub mod error;
/// What the domain raises for sockets and other replicas, published after commit.
pub mod events;
/// Feature options a tenant can switch on or off.
pub mod features;
/// The home board: what needs attention now.
pub mod home;
/// The staff inbox: the flows over conversations (provider events, accept, reply, transfer, close).
pub mod inbox;
/// A tenant's messaging connections.
pub mod instances;
/// Local time (São Paulo): days, months.
pub mod local_time;
/// Media of the conversation: types, storage, links, limits, fetching (docs/media.md).
pub mod media;
pub mod notes;
/// Orders: registered by integrations (idempotent by their id) and agents; counted by analytics.
pub mod orders;
/// Outbound HTTP to addresses tenants choose: public addresses only, checked and pinned, capped answers.
pub mod outbound;
/// Work to do after commit, retried until done: the outbox the worker delivers from.
pub mod outbox;
/// List pages whose `LIMIT` is written into the SQL (PostgreSQL keeps one plan for them).
pub mod pages;
/// Password hashing (argon2id) and the strength score of docs/contracts.md#password-strength.
pub mod passwords;
/// Plan catalogue (control database).
pub mod plans;
/// The data subject's rights (LGPD): report, erasure, legal hold, consent (docs/privacy.md).
pub mod privacy;
/// Quick replies: texts agents insert with `/` in the composer (docs/quick-replies.md).
pub mod quick_replies;
/// The login failures report and the `.xlsx` sheets (docs/analytics.md#sheets).
pub mod reports;
/// Pruning a tenant's bookkeeping rows past their retention (`backoffice-cli prune`).
pub mod retention;
/// Roles and the route names each permits.
pub mod roles;
pub mod scheduled_messages;
/// Secrets at rest kept sealed with the current key (migrate, rotate).
pub mod sealing;
/// Search across every message (docs/search.md).
pub mod search;
/// A company's settings kept as JSON under a key (`tenant_settings`).
pub mod settings;
/// Operator set-up: control migrations, the back-office tenant, its first operator.
pub mod setup;
/// Spreadsheets users send (xlsx, CSV), read cell by cell under limits, for every import.
pub mod sheet_reader;
/// SLA policies and each ticket's clock on the company's calendar.
pub mod sla;
/// SQL written by hand: bind values, backend dialects, conflict-tolerant inserts.
pub mod sql;
/// Standard Webhooks signatures (provider events in, webhooks out).
pub mod standard_webhooks;
/// The customer's satisfaction survey on close: settings, sending, answers.
pub mod surveys;
/// Tags (etiquetas) on tickets and customers, and the kanban board's columns (docs/tags.md).
pub mod tags;
/// Tenant templates: default roles, route permissions, departments, closing reasons.
pub mod templates;
/// Tenants: lookup, provisioning, soft delete, plans and features.
pub mod tenants;
/// Folding text for comparisons that ignore accents, case and punctuation.
pub mod text;
/// A transaction and the events it raised.
pub mod unit;
/// Users of a tenant.
pub mod users;
/// The events integrators subscribe to, queued as webhook deliveries in the change's own
/// transaction (docs/webhooks.md).
pub mod webhook_events;
/// The tenant's webhook endpoints and their deliveries (Standard Webhooks).
pub mod webhooks;

pub use error::{Error, FieldError};
