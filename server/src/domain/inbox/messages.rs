//! What the staff do in a conversation: reply to the customer (the message is stored `queued`
//! and put in the outbox in the same transaction; the worker sends it: docs/inbox.md#sending) and
//! send a failed message again.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::{
    domain::{
        conversations::{
            Viewer, attachments, content,
            events::{ChatNotification, CustomerChatAckChanged},
            hooks,
            messages::{Ack, reaches_customer},
            outgoing::{self, Outgoing},
            tickets::{self, ensure_owner},
            views::MessageView,
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        outbox::{self, ProviderSend},
        quick_replies, sla,
        unit::Unit,
    },
    entities::tenant::{message, ticket},
    random::random_token,
};

/// A reply to send.
#[derive(Debug, Clone)]
pub struct Reply {
    /// What it carries: text, a file, a place, contact cards or a template.
    pub content: Outgoing,
    /// The client's idempotency key: sending the same key twice answers the first message.
    pub client_id: Option<String>,
    /// The message of the conversation this one replies to.
    pub quoted_message_id: Option<i32>,
    /// The quick replies the message was written with: each counts a use.
    pub quick_reply_ids: Vec<i32>,
}

/// The quoted message: one of the ticket's chat's that the customer saw (never a note).
async fn quoted(unit: &Unit, chat_id: i32, quoted_message_id: Option<i32>) -> Result<Option<i32>> {
    let Some(id) = quoted_message_id else { return Ok(None) };
    let found =
        message::Entity::find_by_id(id).filter(message::Column::ChatId.eq(chat_id)).one(unit).await?.ok_or_else(
            || Error::invalid_field("quoted_not_found", "quotedMessageId", "A mensagem citada não é desta conversa."),
        )?;
    if !reaches_customer(&found.kind) {
        return Err(Error::invalid_field(
            "quoted_internal",
            "quotedMessageId",
            "Uma anotação interna não pode ser citada para o cliente.",
        ));
    }
    Ok(Some(found.id))
}

/// The owner of an open ticket replies: the message is stored `queued` and put in the outbox in
/// the same transaction; the worker sends it (docs/inbox.md#sending).
pub async fn send(unit: &Unit, viewer: &Viewer, ticket_id: i32, reply: Reply) -> Result<MessageView> {
    let found = tickets::find_visible(unit, viewer, ticket_id).await?;
    ensure_owner(viewer, &found)?;
    let free_text = found.window_closes_at.is_none_or(|closes| closes > Utc::now());
    let composed = outgoing::compose(unit, found.instance_id, free_text, &reply.content).await?;
    let body = composed.body.clone();
    let quoted_message_id = quoted(unit, found.chat_id, reply.quoted_message_id).await?;
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
            return attachments::whole(unit, unit.tenant().as_str(), &existing).await;
        }
    }
    let now = Utc::now();
    quick_replies::count_uses(unit, viewer, &found, &reply.quick_reply_ids, now).await?;
    let stored = message::ActiveModel {
        chat_id: Set(found.chat_id),
        ticket_id: Set(Some(ticket_id)),
        instance_id: Set(found.instance_id),
        user_id: Set(Some(viewer.user_id)),
        direction: Set("out".into()),
        kind: Set("text".into()),
        body: Set(body.clone()),
        ack: Set(Ack::Queued),
        client_id: Set(Some(reply.client_id.unwrap_or_else(|| format!("bo-{}", random_token(16))))),
        sent_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        message_type: Set(composed.message_type.as_str().into()),
        media_id: Set(composed.media_id),
        media_status: Set(composed.media_id.map(|_| "ready".into())),
        payload: Set(composed.payload.stored()),
        quoted_message_id: Set(quoted_message_id),
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
    // The team answered: the first response is met (or missed), and the resolution clock may
    // wait on the customer now.
    sla::clock::answered(unit, &found, now).await?;
    let preview = content::preview(composed.message_type, &body, &composed.payload, None);
    let touched = tickets::touch(unit, ticket_id, &preview, now, false, None).await?;
    outbox::enqueue(unit, &ProviderSend { message_id: stored.id, resend: None }, now).await?;
    // Whoever watches the conversation (a supervisor, the sender's other tab) sees the reply live;
    // `direction: "out"` tells clients not to ring for it. The author may not be the owner.
    let (touched, names) = (touched.ticket, touched.names.with_user(viewer.user_id, &viewer.name));
    let mut views = [names.message(&stored)];
    attachments::fill(unit, unit.tenant().as_str(), &mut views, std::slice::from_ref(&stored)).await?;
    let [view] = views;
    hooks::message(unit, &view).await?;
    unit.raise(
        ChatNotification { ticket: Some(names.ticket(&touched)), message: Some(view.clone()), notice: None }
            .to(Audience::of_ticket(&touched, &[])),
    );
    Ok(view)
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
    if failed.ack != Ack::Failed {
        return Err(Error::conflict("message_not_failed", "Só mensagens que falharam podem ser reenviadas."));
    }
    let failed_at_provider = failed.external_id.is_some();
    let mut active: message::ActiveModel = failed.into();
    // The provider took it and reported failure later: it gets a new attempt under a new key.
    let resend = failed_at_provider.then(|| random_token(6));
    active.ack = Set(Ack::Queued);
    active.error = Set(None);
    active.external_id = Set(None);
    active.updated_at = Set(Utc::now());
    let queued = active.update(unit).await?;
    outbox::enqueue(unit, &ProviderSend { message_id, resend }, Utc::now()).await?;
    let audience = Audience::of_ticket(&found, &[]);
    unit.raise(
        CustomerChatAckChanged { ticket_id: Some(ticket_id), message_id, ack: queued.ack, error: None }.to(audience),
    );
    attachments::whole(unit, unit.tenant().as_str(), &queued).await
}
