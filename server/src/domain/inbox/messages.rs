//! A ticket's conversation: reading it a page at a time (oldest first within a page, paging
//! backwards), replying (the message is queued in the outbox in the same transaction and sent by
//! the worker: docs/inbox.md#sending), notes in the conversation, and acks moving forward only.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    config::random_token,
    domain::{
        campaigns,
        error::{Error, Result},
        events::Event,
        inbox::{
            Audience, Viewer,
            tickets::{self, ensure_owner},
            views::{self, MessageView, Names},
        },
        outbox::{self, ProviderSend},
        unit::Unit,
    },
    entities::tenant::{message, ticket},
};

/// Acks of outbound messages, in the order they may only move forward; `failed` is apart.
pub const ACK_ORDER: [&str; 4] = ["queued", "sent", "delivered", "read"];
pub const FAILED: &str = "failed";

/// What the agent reads on a message the provider acked `failed` (`None` for any other ack).
pub fn ack_error(ack: &str) -> Option<String> {
    (ack == FAILED).then(|| "O provedor não conseguiu entregar a mensagem.".to_owned())
}
/// `messages.kind` of what the bot wrote.
pub const BOT_KIND: &str = "bot";
/// The longest message body accepted.
pub const MAX_BODY: usize = 4096;

/// Whether an ack may replace another: only forward (a late `delivered` never undoes `read`), and
/// `failed` only before delivery.
pub fn ack_moves(current: &str, next: &str) -> bool {
    let rank = |ack: &str| ACK_ORDER.iter().position(|a| *a == ack);
    match (rank(current), next) {
        (_, FAILED) => matches!(current, "queued" | "sent"),
        (Some(now), next) => rank(next).is_some_and(|next| next > now),
        // A failed message that the provider later reports sent (a retry got through) moves on.
        (None, next) => current == FAILED && rank(next).is_some_and(|next| next >= 1),
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
    viewer: &Viewer,
    ticket_id: i32,
    before: Option<&str>,
    limit: Option<u64>,
) -> Result<MessagePage> {
    tickets::find_visible(db, viewer, ticket_id).await?;
    let limit = limit.unwrap_or(50).clamp(1, 200);
    let mut query = message::Entity::find().filter(message::Column::TicketId.eq(ticket_id));
    if let Some(before) = before.filter(|b| !b.is_empty()) {
        let id: i32 = before.parse().map_err(|_| {
            Error::invalid_field("invalid_cursor", "before", "Cursor inválido: use o next_cursor da página anterior.")
        })?;
        query = query.filter(message::Column::Id.lt(id));
    }
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
    Ok(MessagePage { data: rows.iter().map(|m| names.message(m)).collect(), next_cursor })
}

/// A reply to send.
#[derive(Debug, Clone)]
pub struct Reply {
    pub body: String,
    /// The client's idempotency key: sending the same key twice answers the first message.
    pub client_id: Option<String>,
}

fn check_body(body: &str) -> Result<String> {
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

/// The owner of an open ticket replies: the message is stored `queued` and put in the outbox in
/// the same transaction; the worker sends it (docs/inbox.md#sending).
pub async fn send(unit: &Unit, viewer: &Viewer, ticket_id: i32, reply: Reply) -> Result<MessageView> {
    let found = tickets::find_visible(unit, viewer, ticket_id).await?;
    ensure_owner(viewer, &found)?;
    let body = check_body(&reply.body)?;
    if let Some(client_id) = reply.client_id.as_deref() {
        if client_id.is_empty() || client_id.len() > 100 {
            return Err(Error::invalid_field(
                "invalid_client_id",
                "clientId",
                "clientId deve ter de 1 a 100 caracteres.",
            ));
        }
        // The same send retried (a lost answer): the first message, not a second one.
        if let Some(existing) =
            message::Entity::find().filter(message::Column::ClientId.eq(client_id)).one(unit).await?
        {
            if existing.ticket_id != Some(ticket_id) {
                return Err(Error::conflict("client_id_used", "Este clientId já foi usado em outra mensagem."));
            }
            return views::message(unit, &existing).await;
        }
    }
    let now = Utc::now();
    let stored = message::ActiveModel {
        chat_id: Set(found.chat_id),
        ticket_id: Set(Some(ticket_id)),
        instance_id: Set(found.instance_id),
        user_id: Set(Some(viewer.user_id)),
        direction: Set("out".into()),
        kind: Set("text".into()),
        body: Set(body.clone()),
        ack: Set("queued".into()),
        client_id: Set(Some(reply.client_id.unwrap_or_else(|| format!("bo-{}", random_token(16))))),
        sent_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    if found.first_response_at.is_none() {
        ticket::Entity::update_many()
            .col_expr(ticket::Column::FirstResponseAt, sea_orm::sea_query::Expr::value(now))
            .filter(ticket::Column::Id.eq(ticket_id))
            .exec(unit)
            .await?;
    }
    let touched = tickets::touch(unit, ticket_id, &body, now, false).await?;
    outbox::enqueue(unit, &ProviderSend { message_id: stored.id, resend: None }, now).await?;
    // Whoever watches the conversation (a supervisor, the sender's other tab) sees the reply live;
    // `direction: "out"` tells clients not to ring for it. The author may not be the owner.
    let (touched, names) = (touched.ticket, touched.names.with_user(viewer.user_id, &viewer.name));
    let view = names.message(&stored);
    unit.raise(
        Event::ChatNotification { ticket: Some(names.ticket(&touched)), message: Some(view.clone()), notice: None }
            .to(Audience::of_ticket(&touched, &[])),
    );
    Ok(view)
}

/// A message the bot writes on a ticket (`kind` `bot`, no user): stored `queued` and sent through
/// the outbox like a reply; the caller raises the events once the bot's turn is done.
pub async fn queue_from_bot(unit: &Unit, ticket: &ticket::Model, body: &str) -> Result<message::Model> {
    let now = Utc::now();
    let stored = message::ActiveModel {
        chat_id: Set(ticket.chat_id),
        ticket_id: Set(Some(ticket.id)),
        instance_id: Set(ticket.instance_id),
        user_id: Set(None),
        direction: Set("out".into()),
        kind: Set(BOT_KIND.into()),
        body: Set(body.to_owned()),
        ack: Set("queued".into()),
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

/// Sends a failed message again (the same message, a new attempt).
pub async fn retry(unit: &Unit, viewer: &Viewer, ticket_id: i32, message_id: i32) -> Result<MessageView> {
    let found = tickets::find_visible(unit, viewer, ticket_id).await?;
    ensure_owner(viewer, &found)?;
    let failed = message::Entity::find_by_id(message_id)
        .filter(message::Column::TicketId.eq(ticket_id))
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("message_not_found", "Mensagem não encontrada."))?;
    if failed.ack != FAILED {
        return Err(Error::conflict("message_not_failed", "Só mensagens que falharam podem ser reenviadas."));
    }
    let failed_at_provider = failed.external_id.is_some();
    let mut active: message::ActiveModel = failed.into();
    // The provider took it and reported failure later: it gets a new attempt under a new key.
    let resend = failed_at_provider.then(|| random_token(6));
    active.ack = Set("queued".into());
    active.error = Set(None);
    active.external_id = Set(None);
    active.updated_at = Set(Utc::now());
    let queued = active.update(unit).await?;
    outbox::enqueue(unit, &ProviderSend { message_id, resend }, Utc::now()).await?;
    let audience = Audience::of_ticket(&found, &[]);
    unit.raise(
        Event::CustomerChatAckChanged { ticket_id: Some(ticket_id), message_id, ack: queued.ack.clone(), error: None }
            .to(audience),
    );
    views::message(unit, &queued).await
}

/// A line of the conversation the customer does not see (transfers).
pub async fn note(db: &impl ConnectionTrait, ticket: &ticket::Model, user_id: Option<i32>, text: &str) -> Result<()> {
    let now = Utc::now();
    message::ActiveModel {
        chat_id: Set(ticket.chat_id),
        ticket_id: Set(Some(ticket.id)),
        instance_id: Set(ticket.instance_id),
        user_id: Set(user_id),
        direction: Set("out".into()),
        kind: Set("note".into()),
        body: Set(text.to_owned()),
        ack: Set("read".into()),
        sent_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Moves a message's ack forward (or to `failed`), raising `CustomerChatAckChanged`; a stale ack
/// (behind the current one) changes nothing.
pub async fn set_ack(unit: &Unit, found: message::Model, ack: &str, error: Option<String>) -> Result<bool> {
    set_ack_because(unit, found, ack, error, None).await
}

/// [`set_ack`] with the normalized reason of a failure (`provider_rejected`, ...), which a
/// campaign's recipient keeps (`domain::campaigns`).
pub async fn set_ack_because(
    unit: &Unit,
    found: message::Model,
    ack: &str,
    error: Option<String>,
    reason: Option<&str>,
) -> Result<bool> {
    if !ack_moves(&found.ack, ack) {
        return Ok(false);
    }
    if campaigns::sending::is_campaign(&found) {
        campaigns::sending::message_acked(unit, found.id, ack, reason).await?;
    }
    let (message_id, ticket_id) = (found.id, found.ticket_id);
    let mut active: message::ActiveModel = found.into();
    active.ack = Set(ack.to_owned());
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
    unit.raise(Event::CustomerChatAckChanged { ticket_id, message_id, ack: ack.to_owned(), error }.to(audience));
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acks_only_move_forward_and_fail_only_before_delivery() {
        assert!(ack_moves("queued", "sent") && ack_moves("sent", "read") && ack_moves("delivered", "read"));
        assert!(!ack_moves("read", "delivered"), "a late delivered never undoes read");
        assert!(!ack_moves("read", "read"));
        assert!(ack_moves("sent", "failed") && !ack_moves("delivered", "failed"));
        assert!(ack_moves("failed", "delivered"), "a retry that got through");
        assert!(!ack_moves("failed", "queued"));
    }
}
