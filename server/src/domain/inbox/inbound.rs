//! What an instance's provider pushes to us (docs/providers.md#inbound-events), already
//! authenticated by the caller (a Standard Webhooks signature with the instance's secret):
//! customer messages, acks of our messages, connection status changes.
//!
//! Nothing a customer writes is ever lost: a message is stored even when it cannot open a ticket
//! (the customer is blacklisted, or the tenant's monthly ticket limit is reached — administrators
//! are told). Replays are harmless: an event id seen before, or a provider message id stored
//! already, changes nothing.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, PaginatorTrait,
    QueryFilter, QuerySelect, QueryTrait, Set, sea_query::Expr,
};
use serde::Deserialize;

use crate::{
    domain::{
        bot, campaigns,
        conversations::{
            acks, attachments, chats,
            content::{self, Content, InboundContact, InboundMedia},
            customers::{self, CustomerView},
            events::{ChatNotification, CustomerChatCreated, CustomerCreatedToChat},
            hooks,
            identities::{self, Addresses, Kind},
            messages::{Ack, ack_error},
            tickets::{self, NewTicket, TicketStatus},
            views::{CustomerRef, Names},
        },
        distribution,
        error::{Error, Result},
        events::{Audience, DomainEvent},
        inbox::{
            self,
            changes::{self, check_provider_id},
        },
        instances,
        media::{MediaType, payload::Location},
        outbox::{self, MediaFetch},
        scheduled_messages, sla,
        sql::Binder,
        surveys,
        unit::Unit,
        webhook_events::{CUSTOMER_CREATED, TICKET_OPENED},
    },
    entities::tenant::{chat, customer, instance, message, ticket},
};

/// One event of the provider contract.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "lowercase")]
pub enum ProviderEvent {
    Message(Box<InboundMessage>),
    Ack(InboundAck),
    Status(InboundStatus),
    /// An emoji on a message, or its removal (docs/media.md).
    Reaction(changes::InboundReaction),
    /// The sender edited a message's text.
    Edit(changes::InboundEdit),
    /// The sender deleted a message for everyone.
    Revoke(changes::InboundRevoke),
    /// A customer moved to a new phone number (Meta's `user_changed_number`).
    Identity(InboundIdentity),
}

/// A customer's new number: they are found by `phone` (or `userId`), and `newPhone` joins their
/// identities and becomes the address replies go to (docs/inbox.md#identities).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InboundIdentity {
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub user_id: Option<String>,
    pub new_phone: String,
}

/// A message, as in the sync contract.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InboundMessage {
    /// The provider's id of the message.
    pub id: String,
    /// The customer's phone; empty when the provider hides it (a WhatsApp username) and names
    /// them by `userId` instead.
    #[serde(default)]
    pub phone: String,
    /// The provider's id of the customer when it has one: Meta's business-scoped user id
    /// (`BR.1502576394655843`) or a gateway's linked id (`…@lid`) — docs/inbox.md#identities.
    #[serde(default)]
    pub user_id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    /// `in` (the customer wrote) or `out` (written on the instance's phone, not here).
    pub direction: String,
    /// The text, or the caption of a medium.
    #[serde(default)]
    pub body: String,
    pub sent_at: DateTime<Utc>,
    /// `text` (when absent), `image`, `audio`, `video`, `document`, `sticker`, `location`,
    /// `contacts`; anything else is kept as `unsupported` (docs/media.md).
    #[serde(default, rename = "type")]
    pub content_type: Option<String>,
    #[serde(default)]
    pub media: Option<InboundMedia>,
    #[serde(default)]
    pub location: Option<Location>,
    #[serde(default)]
    pub contacts: Option<Vec<InboundContact>>,
    /// The provider's id of the message this one replies to.
    #[serde(default)]
    pub quoted_id: Option<String>,
}

impl InboundMessage {
    /// Who wrote, read and checked: a phone, an id, or both.
    pub fn addresses(&self) -> Result<Addresses> {
        Addresses::read(&self.phone, self.user_id.as_deref())
    }

    /// What it holds, read and checked.
    pub fn content(&self) -> Result<Content> {
        content::of_inbound(
            self.content_type.as_deref(),
            self.media.as_ref(),
            self.location.as_ref(),
            self.contacts.as_deref(),
        )
    }
}

/// A delivery state of one of our messages, by the provider's id.
#[derive(Debug, Clone, Deserialize)]
pub struct InboundAck {
    pub id: String,
    /// `sent`, `delivered`, `read` or `failed` (anything else is refused with a clear 422, not a
    /// bare parse error: [`validate`]).
    pub ack: String,
    /// Why a `failed` message failed, in pt_BR, when the provider says (an official number's
    /// error code, explained); otherwise the message reads "O provedor não conseguiu entregar…".
    #[serde(default)]
    pub error: Option<String>,
}

/// The instance's connection changed.
#[derive(Debug, Clone, Deserialize)]
pub struct InboundStatus {
    pub status: String,
    /// With `qrcode`: the new pairing code, shown live in the open "Conectar número" dialogs.
    #[serde(default)]
    pub qrcode: Option<String>,
}

/// What receiving an event did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Received {
    /// Processed.
    Done,
    /// Seen before (same event id or same provider message id): nothing written.
    Duplicate,
}

/// What of the tenant decides how an inbound message is handled.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// Tickets a month (0: unlimited).
    pub ticket_limit: i32,
    /// The `chatbot` feature is on: new tickets may start with the bot.
    pub chatbot: bool,
    /// The tenant's bots, as the caller keeps them (`cache::Caches::bots`).
    pub bots: std::sync::Arc<bot::config::Bots>,
}

/// Refuses an event that could never be written (422), before anything is written for it.
pub fn validate(event: &ProviderEvent) -> Result<()> {
    match event {
        ProviderEvent::Message(inbound) => check(inbound).and_then(|()| inbound.content().map(drop)),
        ProviderEvent::Ack(ack) => check_ack(ack).map(drop),
        ProviderEvent::Status(status) => instances::check_status(&status.status),
        ProviderEvent::Reaction(reaction) => changes::check_reaction(reaction),
        ProviderEvent::Edit(edit) => changes::check_edit(edit),
        ProviderEvent::Revoke(revoke) => check_provider_id(&revoke.id),
        ProviderEvent::Identity(change) => {
            Addresses::read(&change.phone, change.user_id.as_deref())?;
            customers::normalize_phone(&change.new_phone).map(drop).map_err(|_| {
                Error::invalid_field("invalid_phone", "data.newPhone", "Telefone inválido: de 8 a 15 dígitos.")
            })
        }
    }
}

/// Processes one provider event for `instance`, once per `event_id`.
pub async fn receive(
    unit: &Unit,
    instance: &instance::Model,
    event_id: &str,
    event: ProviderEvent,
    plan: Plan,
) -> Result<Received> {
    // A message the provider sends again under a new event id is a duplicate too: one statement
    // records the event only when neither the event id nor the message's id was seen (each
    // statement is a hand-off to the writer's thread on SQLite, and this path is the busiest).
    let message = match &event {
        ProviderEvent::Message(inbound) => Some(inbound.as_ref()),
        _ => None,
    };
    let first_time = record_event(unit, instance.id, event_id, message).await?;
    if !first_time {
        return Ok(Received::Duplicate);
    }
    match event {
        ProviderEvent::Message(inbound) => receive_message(unit, instance, *inbound, plan).await,
        ProviderEvent::Ack(ack) => receive_ack(unit, instance, ack).await,
        ProviderEvent::Status(status) => {
            connection_status(unit, instance.id, &status.status).await?;
            if let Some(code) = status.qrcode.as_deref().filter(|_| status.status == "qrcode") {
                instances::pairing_code(unit, instance.id, code);
            }
            Ok(Received::Done)
        }
        ProviderEvent::Reaction(reaction) => changes::react(unit, instance, reaction).await.map(|()| Received::Done),
        ProviderEvent::Edit(edit) => changes::edit(unit, instance, edit).await.map(|()| Received::Done),
        ProviderEvent::Revoke(revoke) => changes::revoke(unit, instance, revoke).await.map(|()| Received::Done),
        ProviderEvent::Identity(change) => renumber(unit, change).await.map(|()| Received::Done),
    }
}

/// A customer moved to a new number: it joins their identities and, unless another customer's
/// address is that number already (then an administrator merges), replies go to it. An unknown
/// customer is nothing to change: their next message introduces them.
async fn renumber(unit: &Unit, change: InboundIdentity) -> Result<()> {
    let addresses = Addresses::read(&change.phone, change.user_id.as_deref())?;
    let new_phone = customers::normalize_phone(&change.new_phone)?;
    let (kind, value) = addresses.primary();
    let Some(customer_id) = identities::find(unit, kind, value).await? else {
        return Ok(());
    };
    identities::attach(unit, customer_id, Kind::Phone, &new_phone).await?;
    if let Some(customer) = customer::Entity::find_by_id(customer_id).one(unit).await? {
        reach_by_phone(unit, customer, &new_phone).await?;
    }
    Ok(())
}

/// The instance's connection is `status` now (its provider said so, or a test of an official
/// number reached it): logged and raised when it changed, and its running campaigns pause on a
/// disconnection and resume on a reconnection.
pub async fn connection_status(unit: &Unit, instance_id: i32, status: &str) -> Result<()> {
    if instances::set_status(unit, instance_id, status).await? {
        campaigns::sending::instance_status_changed(unit, instance_id, status).await?;
    }
    Ok(())
}

/// Records the event id, unless it was seen before or `message`'s provider id is stored already;
/// answers whether it was recorded.
///
/// On PostgreSQL the same statement holds the message's sender at the instance until the
/// transaction ends (an advisory lock on the tenant's schema, the instance and the phone), so that
/// a customer's messages arriving at once are written one after the other: the statements after
/// this one see what an earlier message committed — its customer, chat and ticket — and two first
/// messages open one ticket (docs/performance.md#the-sender-is-held-before-it-is-looked-up). A
/// SQLite transaction holds the file's write lock from its `BEGIN IMMEDIATE`: nothing to take.
async fn record_event(unit: &Unit, instance_id: i32, event_id: &str, message: Option<&InboundMessage>) -> Result<bool> {
    let backend = unit.get_database_backend();
    let mut b = Binder::new(backend);
    let (instance, event, now) = (b.p(instance_id), b.p(event_id.to_owned()), b.p(Utc::now()));
    let (unseen_message, held) = match message {
        Some(message) => {
            let unseen = format!(
                "NOT EXISTS (SELECT 1 FROM messages WHERE instance_id = {instance} AND external_id = {})",
                b.p(message.id.clone())
            );
            let held = (backend == DbBackend::Postgres).then(|| {
                // The address as the lookup will use it; one the check refuses later locks as written.
                let address = match message.addresses() {
                    Ok(addresses) => addresses.primary().1.to_owned(),
                    Err(_) => message.phone.clone(),
                };
                let sender = b.p(format!(":sender:{instance_id}:{address}"));
                // A volatile function: the CTE runs once, before the row it gives is inserted
                // (or not at all when the NOT EXISTS, a one-time filter, says duplicate).
                format!(
                    "WITH held AS (SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || {sender}, 0))) "
                )
            });
            (unseen, held)
        }
        None => ("TRUE".to_owned(), None),
    };
    let from = if held.is_some() { " FROM held" } else { "" };
    let with = held.unwrap_or_default();
    // `WHERE` before `ON CONFLICT`: SQLite's parser needs it to tell the upsert from a join.
    let sql = format!(
        "{with}INSERT INTO provider_events (instance_id, event_id, received_at) SELECT {instance}, {event}, {now}{from} \
         WHERE {unseen_message} ON CONFLICT (instance_id, event_id) DO NOTHING"
    );
    Ok(unit.execute_raw(b.statement(sql)).await?.rows_affected() > 0)
}

fn check(inbound: &InboundMessage) -> Result<()> {
    check_provider_id(&inbound.id)?;
    inbound.addresses()?;
    if !matches!(inbound.direction.as_str(), "in" | "out") {
        return Err(Error::invalid_field("invalid_event", "data.direction", "direction deve ser \"in\" ou \"out\"."));
    }
    if inbound.body.chars().count() > 65_536 {
        return Err(Error::invalid_field("invalid_event", "data.body", "Mensagem longa demais."));
    }
    Ok(())
}

async fn receive_message(
    unit: &Unit,
    instance: &instance::Model,
    inbound: InboundMessage,
    plan: Plan,
) -> Result<Received> {
    check(&inbound)?;
    let content = inbound.content()?;
    let preview = content::preview(content.message_type, &inbound.body, &content.payload, None);
    // No other message of this sender at the instance is being written beside this one
    // ([`record_event`]): what the lookup found is what there is.
    let Sender { customer, created, awaiting_reply, open_ticket, mut chat_id } =
        sender(unit, &inbound, instance.id).await?;
    let instance_audience = Audience::of_instance(instance.id);
    if created && !customer.blacklisted {
        let reference = CustomerRef {
            id: customer.id,
            name: customer.name.clone(),
            phone: customer.phone.clone(),
            blacklisted: false,
        };
        unit.raise(CustomerCreatedToChat { customer: reference, instance_id: instance.id }.to(instance_audience));
        hooks::customer(unit, CUSTOMER_CREATED, &CustomerView::from(customer.clone())).await?;
    }
    let inbound_from_customer = inbound.direction == "in";
    // An official number may answer with free text for 24 hours after the customer's message.
    let window = (inbound_from_customer && instances::Kind::stored(&instance.provider_kind) == instances::Kind::Cloud)
        .then(|| inbound.sent_at.min(Utc::now()) + tickets::SERVICE_WINDOW);
    if inbound_from_customer && !created {
        // "Cancel if the customer writes first": they did.
        scheduled_messages::sending::customer_wrote(unit, customer.id).await?;
    }
    let answered_campaigns = if inbound_from_customer && awaiting_reply {
        campaigns::sending::customer_replied(unit, customer.id, instance.id).await?
    } else {
        Vec::new()
    };
    // The bot that greets a ticket opened by this message.
    let mut greeter = None;
    let mut opened_here = false;
    let names_at_hand = || Names::default().with_customer(&customer).with_instance(instance.id, &instance.name);
    // No ticket open and a satisfaction survey waiting: a rating answers it and opens nothing.
    let rated = match (&open_ticket, inbound_from_customer && !customer.blacklisted) {
        (None, true) if content.message_type == MediaType::Text => {
            surveys::answer(unit, customer.id, instance.id, &inbound.body, Utc::now()).await?
        }
        _ => None,
    };
    let ticket = match open_ticket {
        _ if customer.blacklisted => None,
        Some(open) => Some(open),
        None if rated.is_some() => rated.clone(),
        None if inbound_from_customer => {
            let bot = if plan.chatbot { plan.bots.active_for(instance.id) } else { None };
            let chat = match chat_id {
                Some(id) => id,
                None => chats::ensure(unit, customer.id, instance.id).await?,
            };
            chat_id = Some(chat);
            let new = NewTicket {
                customer_id: customer.id,
                instance_id: instance.id,
                chat_id: chat,
                department_id: None,
                held_by_bot: bot.is_some(),
                opening_message: &preview,
                window_closes_at: window,
            };
            match tickets::open(unit, new, plan.ticket_limit).await {
                Ok(opened) => {
                    (greeter, opened_here) = (bot, true);
                    // Straight into the people's queue: its SLA clock starts with it.
                    let opened = match bot {
                        None => sla::clock::start(unit, opened.id).await?.unwrap_or(opened),
                        Some(_) => opened,
                    };
                    // A new ticket has no owner or department yet: its names are all at hand.
                    let view = names_at_hand().ticket(&opened);
                    hooks::ticket(unit, TICKET_OPENED, &view).await?;
                    unit.raise(CustomerChatCreated { ticket: view }.to(Audience::of_ticket(&opened, &[])));
                    if bot.is_none() {
                        // Straight to the queue: someone with room may receive it at once.
                        distribution::kick(unit).await?;
                    }
                    Some(opened)
                }
                Err(Error::Invalid { code: "ticket_limit_reached", message, .. }) => {
                    let notice =
                        format!("{message} A mensagem de {} foi guardada sem abrir atendimento.", customer.name);
                    unit.raise(
                        ChatNotification { ticket: None, message: None, notice: Some(notice) }.to(Audience::managers()),
                    );
                    None
                }
                Err(other) => return Err(other),
            }
        }
        None => None,
    };
    if let Some(ticket) = &ticket {
        campaigns::sending::attach(unit, answered_campaigns, ticket.id).await?;
        if inbound_from_customer && !opened_here {
            // The customer answered: a resolution clock paused for them counts again.
            sla::clock::customer_wrote(unit, ticket, Utc::now()).await?;
        }
    }
    let chat_id = match (&ticket, chat_id) {
        (Some(t), _) => t.chat_id,
        (None, Some(id)) => id,
        (None, None) => chats::ensure(unit, customer.id, instance.id).await?,
    };
    let quoted = match inbound.quoted_id.as_deref().filter(|q| !q.is_empty()) {
        Some(quoted_id) => Some(changes::quoted(unit, instance.id, quoted_id).await?),
        None => None,
    };
    let now = Utc::now();
    let stored = message::ActiveModel {
        chat_id: Set(chat_id),
        ticket_id: Set(ticket.as_ref().map(|t| t.id)),
        instance_id: Set(instance.id),
        user_id: Set(None),
        direction: Set(inbound.direction.clone()),
        kind: Set("text".into()),
        body: Set(inbound.body.clone()),
        ack: Set(if inbound_from_customer { Ack::Read } else { Ack::Sent }),
        external_id: Set(Some(inbound.id.clone())),
        sent_at: Set(inbound.sent_at),
        created_at: Set(now),
        updated_at: Set(now),
        message_type: Set(content.message_type.as_str().into()),
        media_status: Set(content.media_pending.then(|| "pending".into())),
        payload: Set(content.payload.stored()),
        quoted_message_id: Set(quoted.as_ref().and_then(|q| q.0)),
        quoted_external_id: Set(quoted.and_then(|q| q.1)),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    if content.media_pending {
        // The bytes are the worker's to fetch: nothing of them rides the provider's request.
        outbox::enqueue(unit, &MediaFetch { message_id: stored.id }, now).await?;
    }
    if let Some(ticket) = ticket {
        let (touched, names) = if opened_here {
            // It opened with this message's preview and unread count: nothing to touch.
            (ticket, names_at_hand())
        } else if rated.is_some() {
            // The answer joins its closed ticket's conversation, which stays as it was, thanked.
            surveys::thank(unit, &ticket).await?;
            let names = Names::of_tickets(unit, std::slice::from_ref(&ticket)).await?;
            (ticket, names)
        } else {
            let touched = tickets::touch(unit, ticket.id, &preview, now, inbound_from_customer, window).await?;
            (touched.ticket, touched.names)
        };
        let mut message_views = [names.message(&stored)];
        attachments::fill(unit, unit.tenant().as_str(), &mut message_views, std::slice::from_ref(&stored)).await?;
        let [message_view] = message_views;
        let ticket_view = names.ticket(&touched);
        hooks::message(unit, &message_view).await?;
        unit.raise(
            ChatNotification { ticket: Some(ticket_view), message: Some(message_view), notice: None }
                .to(Audience::of_ticket(&touched, &[])),
        );
        if inbound_from_customer && touched.status == TicketStatus::Bot {
            // A medium is never one of the bot's options: it reads what the queue shows for it.
            let text = if content.message_type == MediaType::Text { &inbound.body } else { &preview };
            let said = bot::live::Said { customer: &customer, instance_name: &instance.name, text, at: now };
            match greeter {
                Some(config) => bot::live::start(unit, &plan.bots, config, &touched, said).await?,
                None => bot::live::answer(unit, &plan.bots, &touched, said).await?,
            }
        }
    }
    Ok(Received::Done)
}

/// Who wrote: the customer, whether this message added them, and whether a campaign send of
/// theirs waits for a reply.
struct Sender {
    customer: customer::Model,
    created: bool,
    awaiting_reply: bool,
    /// Their ticket on the instance that is not closed yet ([`chats::current_ticket`]), as the lookup
    /// found it.
    open_ticket: Option<ticket::Model>,
    /// Their chat on the instance, when the lookup found one.
    chat_id: Option<i32>,
}

/// The customer who wrote, found by any of their identities (docs/inbox.md#identities) and added
/// when new. A known customer is one statement, which also asks whether a campaign send waits for
/// their reply ([`campaigns::sending::awaiting_reply`]), brings their open ticket on the instance (a
/// left join on [`chats::current_ticket`]'s choice, columns prefixed `t_`) and their chat there
/// (`chat_id`), and whether the message's other identity is known (`other_known`); a new one is
/// the lookup and the insert.
///
/// A message naming both a phone and an id teaches what it can: the id becomes an identity of the
/// customer found by the phone; a phone the customer known only by their id reveals becomes their
/// address. An identity someone else holds already is left where it is: two customers who turn
/// out to be one person are an administrator's to merge.
async fn sender(unit: &Unit, inbound: &InboundMessage, instance_id: i32) -> Result<Sender> {
    let addresses = inbound.addresses()?;
    let (kind, value) = addresses.primary();
    if let Some(found) = known_sender(unit, kind, value, addresses.secondary(), instance_id).await? {
        if let (false, Some((other_kind, other))) = (found.other_known, addresses.secondary()) {
            identities::attach(unit, found.sender.customer.id, other_kind, other).await?;
        }
        return Ok(found.sender);
    }
    // Not known by the phone: perhaps by the id, before the phone showed.
    if let (Some(phone), Some((other_kind, other))) = (&addresses.phone, addresses.secondary())
        && let Some(found) = known_sender(unit, other_kind, other, None, instance_id).await?
    {
        let mut sender = found.sender;
        identities::attach(unit, sender.customer.id, Kind::Phone, phone).await?;
        if Kind::of(&sender.customer.phone) != Kind::Phone {
            sender.customer = reach_by_phone(unit, sender.customer, phone).await?;
        }
        return Ok(sender);
    }
    if let Some(customer) = customers::create(unit, value, inbound.name.as_deref()).await? {
        if let Some((other_kind, other)) = addresses.secondary() {
            identities::attach(unit, customer.id, other_kind, other).await?;
        }
        return Ok(Sender { customer, created: true, awaiting_reply: false, open_ticket: None, chat_id: None });
    }
    // Another transaction added the address since the lookup (PostgreSQL: a message of theirs to
    // another instance, or a person; the insert waited for its commit). Whether a campaign send of
    // theirs awaits a reply is unknown here: `customer_replied` looks.
    let customer = customer::Entity::find()
        .filter(customer::Column::Phone.eq(value))
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("customer_not_found", "Cliente não encontrado."))?;
    let open_ticket = chats::current_ticket(unit, customer.id, instance_id).await?;
    Ok(Sender { customer, created: false, awaiting_reply: true, open_ticket, chat_id: None })
}

/// A customer found by an identity, with whether the message's other identity is known.
struct Known {
    sender: Sender,
    other_known: bool,
}

async fn known_sender(
    unit: &Unit,
    kind: Kind,
    value: &str,
    other: Option<(Kind, &str)>,
    instance_id: i32,
) -> Result<Option<Known>> {
    use sea_orm::{
        IdenStatic, Iterable, JoinType,
        sea_query::{Alias, ExprTrait},
    };
    let t = Alias::new("t");
    let mut lookup = customer::Entity::find()
        .filter(customer::Column::Id.in_subquery(identities::holder(kind, value)))
        .expr_as(campaigns::sending::awaiting_reply(Utc::now()), "awaiting_reply")
        .limit(1)
        .into_query();
    if let Some((other_kind, other)) = other {
        lookup.expr_as(Expr::exists(identities::holder(other_kind, other)), Alias::new("other_known"));
    } else {
        lookup.expr_as(Expr::val(true), Alias::new("other_known"));
    }
    lookup.join_as(
        JoinType::LeftJoin,
        ticket::Entity,
        t.clone(),
        Expr::col((t.clone(), ticket::Column::Id))
            .eq(chats::current_ticket_id(Expr::col((customer::Entity, customer::Column::Id)), instance_id)),
    );
    for column in ticket::Column::iter() {
        lookup.expr_as(Expr::col((t.clone(), column)), Alias::new(format!("t_{}", column.as_str())));
    }
    let c = Alias::new("c");
    lookup.join_as(
        JoinType::LeftJoin,
        chat::Entity,
        c.clone(),
        Expr::col((c.clone(), chat::Column::CustomerId))
            .eq(Expr::col((customer::Entity, customer::Column::Id)))
            .and(Expr::col((c.clone(), chat::Column::InstanceId)).eq(instance_id)),
    );
    lookup.expr_as(Expr::col((c, chat::Column::Id)), Alias::new("chat_id"));
    let Some(row) = unit.query_one_raw(unit.get_database_backend().build(&lookup)).await? else {
        return Ok(None);
    };
    let awaiting_reply = row.try_get::<bool>("", "awaiting_reply")?;
    let other_known = row.try_get::<bool>("", "other_known")?;
    let open_ticket = match row.try_get::<Option<i32>>("", "t_id")? {
        Some(_) => Some(ticket::Model::from_query_result(&row, "t_")?),
        None => None,
    };
    let chat_id = row.try_get::<Option<i32>>("", "chat_id")?;
    let customer = customer::Model::from_query_result(&row, "")?;
    Ok(Some(Known { sender: Sender { customer, created: false, awaiting_reply, open_ticket, chat_id }, other_known }))
}

/// The customer known by an id alone showed their phone: replies go to it from now on (unless
/// another customer's address is that phone — then they stay as they are, for a merge).
async fn reach_by_phone(unit: &Unit, known: customer::Model, phone: &str) -> Result<customer::Model> {
    let taken = customer::Entity::find().filter(customer::Column::Phone.eq(phone)).count(unit).await? > 0;
    if taken {
        return Ok(known);
    }
    let mut changed: customer::ActiveModel = known.into();
    changed.phone = Set(phone.to_owned());
    changed.updated_at = Set(Utc::now());
    Ok(changed.update(unit).await?)
}

/// The ack an event reports: one a provider may send (`queued` is ours alone).
fn check_ack(ack: &InboundAck) -> Result<Ack> {
    let parsed = Ack::parse(&ack.ack).filter(|ack| *ack != Ack::Queued).ok_or_else(|| {
        Error::invalid_field(
            "invalid_event",
            "data.ack",
            "ack deve ser \"sent\", \"delivered\", \"read\" ou \"failed\".",
        )
    })?;
    check_provider_id(&ack.id)?;
    Ok(parsed)
}

async fn receive_ack(unit: &Unit, instance: &instance::Model, ack: InboundAck) -> Result<Received> {
    let reported = check_ack(&ack)?;
    let found = message::Entity::find()
        .filter(message::Column::InstanceId.eq(instance.id))
        .filter(message::Column::ExternalId.eq(&ack.id))
        .one(unit)
        .await?;
    match found {
        Some(found) => {
            let error = match (&ack.error, reported) {
                (Some(reason), Ack::Failed) => Some(format!("Não entregue: {}.", reason.trim_end_matches('.'))),
                _ => ack_error(reported),
            };
            inbox::acks::apply(unit, found, reported, error, None).await?;
        }
        // Perhaps it overtook the answer to our send: kept until the send's id is stored.
        None => acks::keep_early(unit, instance.id, &ack.id, reported).await?,
    }
    Ok(Received::Done)
}
