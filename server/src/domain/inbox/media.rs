//! A customer's medium arrives after its message (docs/media.md#fetching): the worker fetched and
//! kept it, or gave up; either way the message changes and its people see it change
//! (`ChatMessageUpdated`). The queue's line follows an audio's duration once it is known.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::{
    domain::{
        conversations::{attachments, content, events::ChatMessageUpdated},
        error::Result,
        events::{Audience, DomainEvent},
        media::{MediaType, payload::Payload},
        unit::Unit,
    },
    entities::tenant::{medium, message, ticket},
};

async fn raise(unit: &Unit, updated: &message::Model) -> Result<()> {
    let view = attachments::whole(unit, unit.tenant().as_str(), updated).await?;
    let audience = match updated.ticket_id {
        Some(id) => match ticket::Entity::find_by_id(id).one(unit).await? {
            Some(t) => Audience::of_ticket(&t, &[]),
            None => Audience::managers(),
        },
        None => Audience::managers(),
    };
    unit.raise(ChatMessageUpdated { ticket_id: updated.ticket_id, message: view }.to(audience));
    Ok(())
}

/// The message's medium is kept: it is `ready`, and where it came from is forgotten.
pub async fn fetched(unit: &Unit, message_id: i32, kept: &medium::Model) -> Result<()> {
    let Some(found) = message::Entity::find_by_id(message_id).one(unit).await? else { return Ok(()) };
    if found.revoked_at.is_some() {
        return Ok(());
    }
    let mut payload = Payload::read(found.payload.as_deref());
    payload.source = None;
    let is_audio = MediaType::parse(&found.message_type) == MediaType::Audio;
    let (ticket_id, body) = (found.ticket_id, found.body.clone());
    let mut active: message::ActiveModel = found.into();
    active.media_id = Set(Some(kept.id));
    active.media_status = Set(Some("ready".into()));
    active.media_error = Set(None);
    active.payload = Set(payload.stored());
    active.updated_at = Set(Utc::now());
    let updated = active.update(unit).await?;
    if is_audio && let (Some(ticket_id), Some(ms)) = (ticket_id, kept.duration_ms) {
        // "🎤 Áudio (0:42)" once the duration is known, if this is still the ticket's last message.
        let line = content::preview(MediaType::Audio, &body, &payload, Some(ms));
        let without = content::preview(MediaType::Audio, &body, &payload, None);
        ticket::Entity::update_many()
            .col_expr(ticket::Column::LastMessagePreview, sea_orm::sea_query::Expr::value(line))
            .filter(ticket::Column::Id.eq(ticket_id))
            .filter(ticket::Column::LastMessagePreview.eq(without))
            .exec(unit)
            .await?;
    }
    raise(unit, &updated).await
}

/// The medium could not be had: the message stays, `failed`, with why.
pub async fn unavailable(unit: &Unit, message_id: i32, reason: &str) -> Result<()> {
    let Some(found) = message::Entity::find_by_id(message_id).one(unit).await? else { return Ok(()) };
    if found.revoked_at.is_some() {
        return Ok(());
    }
    let mut active: message::ActiveModel = found.into();
    active.media_status = Set(Some("failed".into()));
    active.media_error = Set(Some(format!("Mídia indisponível: {reason}.")));
    active.updated_at = Set(Utc::now());
    let updated = active.update(unit).await?;
    raise(unit, &updated).await
}
