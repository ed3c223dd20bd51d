//! The parts of a message's view that live beside its row (docs/media.md#message-types): its
//! medium's details and links, the message it quotes, its reactions. Loaded for a whole page at
//! once — one query per kind, never one per message.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use super::views::{MediaView, MessageView, NamedRef, Names, QuotedView, ReactionView};
use crate::{
    domain::{
        error::Result,
        media::{
            MediaType,
            links::{self, Target, Variant},
            payload::Payload,
        },
    },
    entities::tenant::{medium, message, message_reaction, user},
};

/// One message's view, whole (its medium, quoted message and reactions), with links for `tenant`.
pub async fn whole(db: &impl ConnectionTrait, tenant: &str, m: &message::Model) -> Result<MessageView> {
    let mut views = [Names::load(db, [], [], m.user_id, []).await?.message(m)];
    fill(db, tenant, &mut views, std::slice::from_ref(m)).await?;
    let [view] = views;
    Ok(view)
}

/// The reactions of messages, by message id.
pub async fn reactions_of(db: &impl ConnectionTrait, message_ids: &[i32]) -> Result<HashMap<i32, Vec<ReactionView>>> {
    let mut by_message: HashMap<i32, Vec<ReactionView>> = HashMap::new();
    if message_ids.is_empty() {
        return Ok(by_message);
    }
    let rows = message_reaction::Entity::find()
        .filter(message_reaction::Column::MessageId.is_in(message_ids.iter().copied()))
        .order_by_asc(message_reaction::Column::Id)
        .all(db)
        .await?;
    let user_ids: Vec<i32> = rows.iter().filter_map(|r| r.user_id).collect();
    let users: HashMap<i32, String> = if user_ids.is_empty() {
        HashMap::new()
    } else {
        user::Entity::find()
            .filter(user::Column::Id.is_in(user_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|u| (u.id, u.name))
            .collect()
    };
    for row in rows {
        let user = row.user_id.map(|id| NamedRef { id, name: users.get(&id).cloned().unwrap_or_default() });
        let from = if row.reactor == "customer" { "customer" } else { "agent" };
        by_message.entry(row.message_id).or_default().push(ReactionView {
            emoji: row.emoji,
            from: from.into(),
            user,
            at: row.updated_at,
        });
    }
    Ok(by_message)
}

/// Adds to `views` (built from `models`, in the same order) their media's details and links for
/// `tenant`, the messages they quote and their reactions.
pub async fn fill(
    db: &impl ConnectionTrait,
    tenant: &str,
    views: &mut [MessageView],
    models: &[message::Model],
) -> Result<()> {
    let media_ids: Vec<i32> = models.iter().filter(|m| m.revoked_at.is_none()).filter_map(|m| m.media_id).collect();
    let media: HashMap<i32, medium::Model> = if media_ids.is_empty() {
        HashMap::new()
    } else {
        medium::Entity::find()
            .filter(medium::Column::Id.is_in(media_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|m| (m.id, m))
            .collect()
    };
    let quoted_ids: Vec<i32> = models.iter().filter_map(|m| m.quoted_message_id).collect();
    let quoted: HashMap<i32, message::Model> = if quoted_ids.is_empty() {
        HashMap::new()
    } else {
        message::Entity::find()
            .filter(message::Column::Id.is_in(quoted_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|m| (m.id, m))
            .collect()
    };
    let ids: Vec<i32> = models.iter().map(|m| m.id).collect();
    let mut reactions = reactions_of(db, &ids).await?;
    for (view, model) in views.iter_mut().zip(models) {
        if let (Some(view_media), Some(found)) = (view.media.as_mut(), model.media_id.and_then(|id| media.get(&id))) {
            describe(view_media, found, tenant, model.id);
        }
        view.quoted = match (model.quoted_message_id.and_then(|id| quoted.get(&id)), &model.quoted_external_id) {
            (Some(q), _) => Some(quote(q)),
            (None, Some(_)) => Some(QuotedView {
                id: None,
                message_type: MediaType::Text,
                body: String::new(),
                direction: None,
                file_name: None,
            }),
            (None, None) => None,
        };
        view.reactions = reactions.remove(&model.id).unwrap_or_default();
    }
    Ok(())
}

fn describe(view: &mut MediaView, found: &medium::Model, tenant: &str, message_id: i32) {
    view.mime_type = Some(found.mime_type.clone());
    view.size = Some(found.size);
    view.width = found.width;
    view.height = found.height;
    view.duration_ms = found.duration_ms;
    view.waveform = found.waveform.as_deref().and_then(|w| serde_json::from_str(w).ok());
    if view.status == "ready" {
        let original = links::path(tenant, Target { message_id, variant: Variant::Original });
        view.download_url = Some(format!("{original}?download=1"));
        view.url = Some(original);
        view.thumbnail_url =
            found.has_thumbnail.then(|| links::path(tenant, Target { message_id, variant: Variant::Thumbnail }));
    }
}

fn quote(q: &message::Model) -> QuotedView {
    let payload = Payload::read(q.payload.as_deref());
    let revoked = q.revoked_at.is_some();
    QuotedView {
        id: Some(q.id),
        message_type: MediaType::parse(&q.message_type),
        body: if revoked { String::new() } else { q.body.chars().take(200).collect() },
        direction: Some(q.direction.clone()),
        file_name: if revoked { None } else { payload.file_name },
    }
}
