//! Internal notes and @mentions (docs/notes.md): what the staff write in a conversation for each
//! other. A note is a message of `kind` `internal` ([`messages::INTERNAL_KIND`]): it sits in the
//! conversation in order and pages with it, but it is never queued for the provider (the send
//! worker refuses one besides), never quoted or reacted to for the customer, never moves the
//! ticket in the queue nor counts as a response, and stays out of the analytics' messages.
//!
//! Anyone who sees a ticket may write one, whoever owns it and whatever its state (a note on a
//! closed ticket is how "the customer called back" gets recorded). A note may name colleagues
//! (`mentioned_user_ids`, from the `@` picker): each gets a mention ([`mentions`]) and a live
//! `UserMentioned`. One who does not see the ticket is refused unless the author asks to share it
//! with them ([`shares`]), so a note never reaches someone who may not read its ticket.

pub mod events;
pub mod mentions;
pub mod shares;
pub mod views;

use std::collections::HashSet;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{
            Viewer, attachments,
            messages::{self, Ack},
            outgoing::{self, Outgoing},
            tickets,
            views::{MessageView, NamedRef},
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        notes::events::{ChatNoteAdded, UserMentioned},
        unit::Unit,
    },
    entities::tenant::{mention, message},
    random::random_token,
};

/// People one note may name.
pub const MAX_MENTIONS: usize = 20;

/// A note to write.
#[derive(Debug, Clone, Default)]
pub struct NewNote {
    pub body: String,
    /// The client's idempotency key: the same key twice answers the first note.
    pub client_id: Option<String>,
    /// Colleagues named with `@`.
    pub mentioned_user_ids: Vec<i32>,
    /// Share the ticket with those named who do not see it (else they are refused).
    pub share_with_mentioned: bool,
    /// One of the tenant's files (uploaded for the note); `body` is then its caption.
    pub media_id: Option<i32>,
    pub file_name: Option<String>,
}

/// A note written, with whom it named and with whom it shared the ticket.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WrittenNote {
    pub message: MessageView,
    pub mentioned: Vec<NamedRef>,
    /// Those named who did not see the ticket and were asked in.
    pub shared_with: Vec<NamedRef>,
}

/// Writes a note on a ticket the viewer sees (docs/notes.md).
pub async fn write(unit: &Unit, viewer: &Viewer, ticket_id: i32, new: NewNote) -> Result<WrittenNote> {
    let found = tickets::find_visible(unit, viewer, ticket_id).await?;
    // What a reply may carry as a file, checked the same way; a note goes nowhere, so no window.
    let content = Outgoing {
        body: new.body.clone(),
        media_id: new.media_id,
        file_name: new.file_name.clone(),
        ..Default::default()
    };
    let composed = outgoing::compose(unit, found.instance_id, true, &content).await?;
    if let Some(client_id) = new.client_id.as_deref() {
        if client_id.is_empty() || client_id.len() > 100 {
            return Err(Error::invalid_field(
                "invalid_client_id",
                "clientId",
                "clientId deve ter de 1 a 100 caracteres.",
            ));
        }
        // The same note retried (a lost answer): the first one, not a second.
        if let Some(existing) =
            message::Entity::find().filter(message::Column::ClientId.eq(client_id)).one(unit).await?
        {
            if existing.ticket_id != Some(ticket_id) || existing.kind != messages::INTERNAL_KIND {
                return Err(Error::conflict("client_id_used", "Este clientId já foi usado em outra mensagem."));
            }
            let message = attachments::whole(unit, unit.tenant().as_str(), &existing).await?;
            return Ok(WrittenNote { message, mentioned: Vec::new(), shared_with: Vec::new() });
        }
    }
    let mut ids: Vec<i32> = new.mentioned_user_ids.iter().copied().filter(|id| *id != viewer.user_id).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() > MAX_MENTIONS {
        return Err(Error::invalid_field(
            "too_many_mentions",
            "mentionedUserIds",
            format!("Mencione até {MAX_MENTIONS} pessoas por anotação."),
        ));
    }
    let people = shares::people(unit, &found, Some(&ids), &HashSet::new()).await?;
    if people.len() != ids.len() {
        return Err(Error::invalid_field(
            "mention_not_found",
            "mentionedUserIds",
            "Uma das pessoas mencionadas não existe mais: escolha de novo.",
        ));
    }
    let unseen: Vec<&shares::Person> = people.iter().filter(|p| !p.can_see).collect();
    if !unseen.is_empty() && !new.share_with_mentioned {
        let names: Vec<&str> = unseen.iter().map(|p| p.name.as_str()).collect();
        return Err(Error::invalid_field(
            "mention_cannot_see",
            "mentionedUserIds",
            format!("{} não vê este atendimento: compartilhe-o para mencionar.", names.join(", ")),
        ));
    }
    let now = Utc::now();
    let stored = message::ActiveModel {
        chat_id: Set(found.chat_id),
        ticket_id: Set(Some(ticket_id)),
        instance_id: Set(found.instance_id),
        user_id: Set(Some(viewer.user_id)),
        direction: Set("out".into()),
        kind: Set(messages::INTERNAL_KIND.into()),
        body: Set(composed.body),
        message_type: Set(composed.message_type.as_str().into()),
        media_id: Set(composed.media_id),
        media_status: Set(composed.media_id.map(|_| "ready".into())),
        payload: Set(composed.payload.stored()),
        // Nothing to deliver: it is where it goes.
        ack: Set(Ack::Read),
        client_id: Set(Some(new.client_id.unwrap_or_else(|| format!("note-{}", random_token(16))))),
        sent_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    let mut shared_with = Vec::new();
    for person in &unseen {
        shares::ask(unit, &found, person.id, viewer.user_id).await?;
        shared_with.push(NamedRef { id: person.id, name: person.name.clone() });
    }
    let mut rows = Vec::with_capacity(people.len());
    for person in &people {
        let row = mention::ActiveModel {
            message_id: Set(stored.id),
            ticket_id: Set(ticket_id),
            user_id: Set(person.id),
            author_id: Set(Some(viewer.user_id)),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(unit)
        .await?;
        rows.push(row);
    }
    let message = attachments::whole(unit, unit.tenant().as_str(), &stored).await?;
    unit.raise(ChatNoteAdded { ticket_id, message: message.clone() }.to(Audience::of_ticket(&found, &ids)));
    for (row, mention) in rows.iter().zip(mentions::views(unit, &rows).await?) {
        unit.raise(UserMentioned { mention }.to(Audience::person(row.user_id)));
    }
    let mentioned = people.into_iter().map(|p| NamedRef { id: p.id, name: p.name }).collect();
    Ok(WrittenNote { message, mentioned, shared_with })
}
