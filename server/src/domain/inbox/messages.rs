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
            messages::{Ack, MAX_BODY, check_body, reaches_customer},
            tickets::{self, ensure_owner},
            views::MessageView,
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        instances::message_templates,
        media::{
            MediaType, kinds,
            payload::{Contact, Location, Payload},
        },
        outbox::{self, ProviderSend},
        quick_replies,
        unit::Unit,
    },
    entities::tenant::{medium, message, ticket},
    random::random_token,
};

/// A reply to send.
#[derive(Debug, Clone)]
pub struct Reply {
    pub body: String,
    /// The client's idempotency key: sending the same key twice answers the first message.
    pub client_id: Option<String>,
    /// A file uploaded for the ticket (`POST /api/tickets/{id}/media`); `body` is then its caption.
    pub media_id: Option<i32>,
    /// The file's name as the customer will see it (default: from its type).
    pub file_name: Option<String>,
    /// Send an audio file as a voice note (default: when it is Ogg/Opus).
    pub voice: Option<bool>,
    /// The message of the conversation this one replies to.
    pub quoted_message_id: Option<i32>,
    /// An official number's approved template, with its values (then `body` is not read).
    pub template: Option<TemplateChoice>,
    /// A place to send (then `body` is not read).
    pub location: Option<Location>,
    /// Contact cards to send (then `body` is not read).
    pub contacts: Option<Vec<Contact>>,
    /// The quick replies the message was written with: each counts a use.
    pub quick_reply_ids: Vec<i32>,
}

/// A template an agent chose, with the values of its `{{1}}`, `{{2}}`…
#[derive(Debug, Clone)]
pub struct TemplateChoice {
    pub id: i32,
    pub parameters: Vec<String>,
}

/// What a reply carries besides its text.
struct Attached {
    message_type: MediaType,
    media_id: Option<i32>,
    payload: Payload,
}

/// What the reply carries, checked: one of the tenant's files, a place or contact cards — one of
/// them at most.
async fn attached(unit: &Unit, reply: &Reply) -> Result<Attached> {
    let carried = [reply.media_id.is_some(), reply.location.is_some(), reply.contacts.is_some()];
    if carried.iter().filter(|c| **c).count() > 1 {
        return Err(Error::invalid(
            "one_attachment",
            "Envie um arquivo, uma localização ou contatos: um por mensagem.",
        ));
    }
    if let Some(place) = &reply.location {
        let payload = Payload { location: Some(content::outbound_location(place)?), ..Default::default() };
        return Ok(Attached { message_type: MediaType::Location, media_id: None, payload });
    }
    if let Some(cards) = &reply.contacts {
        let payload = Payload { contacts: Some(content::outbound_contacts(cards)?), ..Default::default() };
        return Ok(Attached { message_type: MediaType::Contacts, media_id: None, payload });
    }
    let Some(media_id) = reply.media_id else {
        return Ok(Attached { message_type: MediaType::Text, media_id: None, payload: Payload::default() });
    };
    let found = medium::Entity::find_by_id(media_id).one(unit).await?.ok_or_else(|| {
        Error::invalid_field("media_not_found", "mediaId", "Arquivo não encontrado: envie-o de novo.")
    })?;
    let voice = reply.voice.unwrap_or(found.mime_type == "audio/ogg") && found.mime_type == "audio/ogg";
    let message_type = if voice { MediaType::Audio } else { kinds::type_of_upload(&found.mime_type) };
    let file_name =
        reply.file_name.as_deref().map(content::safe_file_name).filter(|n| !n.is_empty()).unwrap_or_else(|| {
            format!("{}.{}", message_type.word().to_lowercase(), kinds::extension(&found.mime_type))
        });
    let payload = Payload { file_name: Some(file_name), voice, ..Default::default() };
    Ok(Attached { message_type, media_id: Some(found.id), payload })
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
    let mut attached = attached(unit, &reply).await?;
    let body = match &reply.template {
        Some(choice) => {
            if attached.message_type != MediaType::Text {
                return Err(Error::invalid_field("template_with_media", "mediaId", "Um modelo é enviado sem anexo."));
            }
            let (text, used) =
                message_templates::prepare(unit, found.instance_id, choice.id, &choice.parameters).await?;
            attached.payload.template = Some(used);
            check_body(&text)?
        }
        None => {
            // Past an official number's 24-hour window, Meta refuses free text: said here, before
            // the agent waits for a failure.
            if found.window_closes_at.is_some_and(|closes| closes <= Utc::now()) {
                return Err(Error::invalid("window_closed", "A janela de 24 horas fechou: envie um modelo aprovado."));
            }
            match attached.message_type {
                MediaType::Text => check_body(&reply.body)?,
                // A place or a card has no text of its own: the queue's line is made from it.
                MediaType::Location | MediaType::Contacts => String::new(),
                _ => check_caption(&reply.body)?,
            }
        }
    };
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
    quick_replies::count_uses(unit, viewer, found.department_id, &reply.quick_reply_ids).await?;
    let now = Utc::now();
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
        message_type: Set(attached.message_type.as_str().into()),
        media_id: Set(attached.media_id),
        media_status: Set(attached.media_id.map(|_| "ready".into())),
        payload: Set(attached.payload.stored()),
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
    let preview = content::preview(attached.message_type, &body, &attached.payload, None);
    let touched = tickets::touch(unit, ticket_id, &preview, now, false, None).await?;
    outbox::enqueue(unit, &ProviderSend { message_id: stored.id, resend: None }, now).await?;
    // Whoever watches the conversation (a supervisor, the sender's other tab) sees the reply live;
    // `direction: "out"` tells clients not to ring for it. The author may not be the owner.
    let (touched, names) = (touched.ticket, touched.names.with_user(viewer.user_id, &viewer.name));
    let mut views = [names.message(&stored)];
    attachments::fill(unit, unit.tenant().as_str(), &mut views, std::slice::from_ref(&stored)).await?;
    let [view] = views;
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

/// A caption: may be empty, at most [`MAX_BODY`] characters.
fn check_caption(caption: &str) -> Result<String> {
    let caption = caption.trim();
    if caption.chars().count() > MAX_BODY {
        return Err(Error::invalid_field(
            "message_too_long",
            "body",
            format!("A legenda pode ter até {MAX_BODY} caracteres."),
        ));
    }
    Ok(caption.to_owned())
}
