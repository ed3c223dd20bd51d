//! Messages of a conversation: reading them a page at a time (oldest first within a page, paging
//! backwards), the bodies accepted, storing what goes out (queued in the outbox in the same
//! transaction and sent by the worker: docs/inbox.md#sending), lines the customer does not see,
//! and acks that only move forward.
//!
//! A campaign's recipient follows its message's ack: [`set_ack`] answers whether the ack moved,
//! and the flow that applied it (`domain::inbox::acks`) tells the campaign.

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::Query,
};
use serde::Serialize;
use utoipa::ToSchema;

pub use crate::entities::tenant::states::Ack;
use crate::{
    domain::{
        conversations::{
            Viewer,
            events::CustomerChatAckChanged,
            hooks, tickets,
            views::{MessageView, Names},
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        media::{
            holds,
            payload::{Payload, TemplateUse},
        },
        outbox::{self, ProviderSend},
        unit::Unit,
    },
    entities::tenant::{message, ticket},
    random::random_token,
};

/// Acks of outbound messages, in the order they may only move forward; `failed` is apart.
pub const ACK_ORDER: [Ack; 4] = [Ack::Queued, Ack::Sent, Ack::Delivered, Ack::Read];

/// An ack's place in [`ACK_ORDER`] (`None`: `failed`).
pub fn ack_rank(ack: Ack) -> Option<usize> {
    ACK_ORDER.iter().position(|a| *a == ack)
}

/// What the agent reads on a message the provider acked `failed` (`None` for any other ack).
pub fn ack_error(ack: Ack) -> Option<String> {
    (ack == Ack::Failed).then(|| "O provedor não conseguiu entregar a mensagem.".to_owned())
}
/// `messages.kind` of what the bot wrote.
pub const BOT_KIND: &str = "bot";
/// `messages.kind` of a line the conversation shows the staff only (a transfer's step).
pub const NOTE_KIND: &str = "note";
/// `messages.kind` of an agent's internal note (docs/notes.md): the staff's only, never sent.
pub const INTERNAL_KIND: &str = "internal";

/// Whether a message of this kind is the customer's business: anything but the staff's lines
/// and notes. The send worker, quotes and reactions ask.
pub fn reaches_customer(kind: &str) -> bool {
    kind != NOTE_KIND && kind != INTERNAL_KIND
}
/// The longest message body accepted.
pub const MAX_BODY: usize = 4096;

/// Whether an ack may replace another: only forward (a late `delivered` never undoes `read`), and
/// `failed` only before delivery.
pub fn ack_moves(current: Ack, next: Ack) -> bool {
    match (ack_rank(current), next) {
        (_, Ack::Failed) => matches!(current, Ack::Queued | Ack::Sent),
        (Some(now), next) => ack_rank(next).is_some_and(|next| next > now),
        // A failed message that the provider later reports sent (a retry got through) moves on.
        (None, next) => ack_rank(next).is_some_and(|next| next >= 1),
    }
}

/// One page of a conversation.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessagePage {
    /// Oldest first.
    pub data: Vec<MessageView>,
    /// Pass as `before` for the older page; `null` at the start of the conversation.
    pub next_cursor: Option<String>,
}

/// The messages of a ticket before message id `before`, oldest first.
pub async fn list(
    db: &impl ConnectionTrait,
    tenant: &str,
    viewer: &Viewer,
    ticket_id: i32,
    before: Option<&str>,
    limit: Option<u64>,
) -> Result<MessagePage> {
    tickets::find_visible(db, viewer, ticket_id).await?;
    let limit = limit.unwrap_or(50).clamp(1, 200);
    // The page's ids first, from the `(ticket_id, id)` index alone, then their rows by key. Asked
    // in one, PostgreSQL chooses by its estimate of the ticket's messages: for a conversation that
    // grew since the last `ANALYZE` it expects the average (a few dozen) and gathers every message
    // of the ticket through a bitmap to sort them — 20 ms for 5 000 messages, 0.6 % of `/healthz`
    // under load — where walking the index newest first reads one page (docs/decisions.md#d227).
    // An index-only walk is the cheapest plan whatever the estimate, so it is the one taken.
    let mut ids = Query::select();
    ids.column(message::Column::Id)
        .from(message::Entity)
        .and_where(message::Column::TicketId.eq(ticket_id))
        .order_by(message::Column::Id, Order::Desc)
        .limit(limit + 1);
    if let Some(before) = before.filter(|b| !b.is_empty()) {
        let id: i32 = before.parse().map_err(|_| {
            Error::invalid_field("invalid_cursor", "before", "Cursor inválido: use o next_cursor da página anterior.")
        })?;
        ids.and_where(message::Column::Id.lt(id));
    }
    let query = message::Entity::find().filter(message::Column::Id.in_subquery(ids));
    let mut rows = crate::domain::pages::all(db, query.order_by_desc(message::Column::Id).limit(limit + 1)).await?;
    let next_cursor = if rows.len() as u64 > limit {
        rows.truncate(limit as usize);
        rows.last().map(|m| m.id.to_string())
    } else {
        None
    };
    rows.reverse();
    let users: Vec<i32> = rows.iter().filter_map(|m| m.user_id).collect();
    let names = Names::load(db, [], [], users, []).await?;
    let mut data: Vec<MessageView> = rows.iter().map(|m| names.message(m)).collect();
    super::attachments::fill(db, tenant, &mut data, &rows).await?;
    Ok(MessagePage { data, next_cursor })
}

/// Checks a message body: not empty, at most [`MAX_BODY`] characters; answers it trimmed.
pub fn check_body(body: &str) -> Result<String> {
    let body = body.trim();
    if body.is_empty() {
        return Err(Error::invalid_field("empty_message", "body", "Escreva a mensagem."));
    }
    if body.chars().count() > MAX_BODY {
        return Err(Error::invalid_field(
            "message_too_long",
            "body",
            format!("A mensagem pode ter até {MAX_BODY} caracteres."),
        ));
    }
    Ok(body.to_owned())
}

/// A message the bot writes on a ticket (`kind` `bot`, no user): stored `queued` and sent through
/// the outbox like a reply; the caller raises the events once the bot's turn is done.
pub async fn queue_from_bot(unit: &Unit, ticket: &ticket::Model, body: &str) -> Result<message::Model> {
    queue_from_bot_with(unit, ticket, body, None).await
}

/// [`queue_from_bot`] with a file (an `answer` option's), `body` its caption. A file that is no
/// longer there (it cannot be: the bot's configuration holds it) sends the text alone.
pub async fn queue_from_bot_with(
    unit: &Unit,
    ticket: &ticket::Model,
    body: &str,
    attachment: Option<&holds::Attachment>,
) -> Result<message::Model> {
    let checked = match attachment {
        Some(attachment) => holds::check(unit, &mut attachment.clone(), "attachment").await.ok(),
        None => None,
    };
    let columns = checked.as_ref().map(holds::Checked::columns).unwrap_or(("text".into(), None, None, None));
    insert_from_bot(unit, ticket, body, columns).await
}

/// [`queue_from_bot`] as an official number's approved template (`body` its filled text, as
/// `message_templates::prepare` answers both): what goes past the 24-hour window.
pub async fn queue_template_from_bot(
    unit: &Unit,
    ticket: &ticket::Model,
    body: &str,
    template: TemplateUse,
) -> Result<message::Model> {
    let payload = Payload { template: Some(template), ..Default::default() };
    insert_from_bot(unit, ticket, body, ("text".into(), None, None, payload.stored())).await
}

async fn insert_from_bot(
    unit: &Unit,
    ticket: &ticket::Model,
    body: &str,
    (message_type, media_id, media_status, payload): (String, Option<i32>, Option<String>, Option<String>),
) -> Result<message::Model> {
    let now = Utc::now();
    let stored = message::ActiveModel {
        message_type: Set(message_type),
        media_id: Set(media_id),
        media_status: Set(media_status),
        payload: Set(payload),
        chat_id: Set(ticket.chat_id),
        ticket_id: Set(Some(ticket.id)),
        instance_id: Set(ticket.instance_id),
        user_id: Set(None),
        direction: Set("out".into()),
        kind: Set(BOT_KIND.into()),
        body: Set(body.to_owned()),
        ack: Set(Ack::Queued),
        client_id: Set(Some(format!("bot-{}", random_token(16)))),
        sent_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    outbox::enqueue(unit, &ProviderSend { message_id: stored.id, resend: None }, now).await?;
    Ok(stored)
}

/// A line of the conversation the customer does not see (transfers, shares); answers it.
pub async fn note(
    db: &impl ConnectionTrait,
    ticket: &ticket::Model,
    user_id: Option<i32>,
    text: &str,
) -> Result<message::Model> {
    let now = Utc::now();
    message::ActiveModel {
        chat_id: Set(ticket.chat_id),
        ticket_id: Set(Some(ticket.id)),
        instance_id: Set(ticket.instance_id),
        user_id: Set(user_id),
        direction: Set("out".into()),
        kind: Set(NOTE_KIND.into()),
        body: Set(text.to_owned()),
        ack: Set(Ack::Read),
        sent_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(Into::into)
}

/// Moves a message's ack forward (or to `failed`), raising `CustomerChatAckChanged`; a stale ack
/// (behind the current one) changes nothing. Answers whether it moved.
pub async fn set_ack(unit: &Unit, found: message::Model, ack: Ack, error: Option<String>) -> Result<bool> {
    if !ack_moves(found.ack, ack) {
        return Ok(false);
    }
    let (message_id, ticket_id) = (found.id, found.ticket_id);
    let mut active: message::ActiveModel = found.into();
    active.ack = Set(ack);
    active.error = Set(error.clone());
    active.updated_at = Set(Utc::now());
    active.update(unit).await?;
    let audience = match ticket_id {
        Some(id) => match ticket::Entity::find_by_id(id).one(unit).await? {
            Some(t) => Audience::of_ticket(&t, &[]),
            None => Audience::managers(),
        },
        None => Audience::managers(),
    };
    hooks::ack(unit, hooks::AckEventData { ticket_id, message_id, ack, error: error.clone() }).await?;
    unit.raise(CustomerChatAckChanged { ticket_id, message_id, ack, error }.to(audience));
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acks_only_move_forward_and_fail_only_before_delivery() {
        use Ack::*;
        assert!(ack_moves(Queued, Sent) && ack_moves(Sent, Read) && ack_moves(Delivered, Read));
        assert!(!ack_moves(Read, Delivered), "a late delivered never undoes read");
        assert!(!ack_moves(Read, Read));
        assert!(ack_moves(Sent, Failed) && !ack_moves(Delivered, Failed));
        assert!(ack_moves(Failed, Delivered), "a retry that got through");
        assert!(!ack_moves(Failed, Queued));
    }
}
