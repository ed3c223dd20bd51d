//! Files attached to documents that are not messages — a bot's answer, a campaign — and what keeps
//! them from the retention's "media no message holds" ([`super::unused`]).
//!
//! An [`Attachment`] names one of the tenant's media (uploaded first, like an agent's file) and the
//! name the customer sees. A message sent from it is a message like an agent's: the provider fetches
//! the bytes through a signed link (docs/media.md#sending). A campaign holds its file by
//! `campaigns.media_id`; other documents by `media_holds` rows under a holder name (`bot:0`,
//! `bot:12`), replaced whole when the document is saved.

use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    MediaType, kinds, limits,
    payload::{self, Payload},
};
use crate::{
    domain::{
        error::{Error, FieldError, Result},
        sql::Binder,
    },
    entities::tenant::medium,
};

/// A file to send with a text: one of the tenant's media and its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    /// From an upload (`POST /api/bot/media`, `POST /api/campaigns/media`).
    pub media_id: i32,
    /// The name the customer sees (documents show it).
    #[serde(default)]
    pub file_name: String,
}

/// A held file as a quick reply or a scheduled message shows it: enough to name it and to send it
/// again as `mediaId` and `fileName`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    pub media_id: i32,
    pub file_name: String,
    #[serde(rename = "type")]
    pub media_type: MediaType,
    pub mime_type: String,
    pub size: i64,
}

/// The views of the files `(media_id, file_name)` name, read at once; a medium gone answers
/// nothing for its pair.
pub async fn views(
    db: &impl ConnectionTrait,
    files: &[(Option<i32>, Option<String>)],
) -> Result<Vec<Option<AttachmentView>>> {
    let ids: Vec<i32> = files.iter().filter_map(|(id, _)| *id).collect();
    let found = if ids.is_empty() {
        Vec::new()
    } else {
        medium::Entity::find().filter(medium::Column::Id.is_in(ids)).all(db).await?
    };
    Ok(files
        .iter()
        .map(|(id, name)| {
            let row = found.iter().find(|m| Some(m.id) == *id)?;
            Some(AttachmentView {
                media_id: row.id,
                file_name: name.clone().unwrap_or_default(),
                media_type: kinds::type_of_upload(&row.mime_type),
                mime_type: row.mime_type.clone(),
                size: row.size,
            })
        })
        .collect())
}

/// An attachment checked against the tenant's media: what a message built from it carries.
#[derive(Debug, Clone)]
pub struct Checked {
    pub media_id: i32,
    pub message_type: MediaType,
    pub payload: Payload,
}

impl Checked {
    /// The columns of a message that carries it: `message_type`, `media_id`, `media_status`,
    /// `payload`.
    pub fn columns(&self) -> (String, Option<i32>, Option<String>, Option<String>) {
        (self.message_type.as_str().into(), Some(self.media_id), Some("ready".into()), self.payload.stored())
    }
}

/// Checks `attachment` (its name made safe, in place): a medium of the tenant, within the
/// channel's limits for its type. `field` names it in the error.
pub async fn check(db: &impl ConnectionTrait, attachment: &mut Attachment, field: &str) -> Result<Checked> {
    let found = medium::Entity::find_by_id(attachment.media_id).one(db).await?.ok_or_else(|| Error::Invalid {
        code: "media_not_found",
        message: "Arquivo não encontrado: envie-o de novo.".into(),
        fields: vec![FieldError::new(field, "Arquivo não encontrado: envie-o de novo.")],
    })?;
    let message_type = kinds::type_of_upload(&found.mime_type);
    limits::whatsapp().check(message_type, &found.mime_type, found.size as u64)?;
    let mut name: String = payload::safe_file_name(&attachment.file_name).chars().take(120).collect();
    if name.is_empty() {
        name = format!("{}.{}", message_type.word().to_lowercase(), kinds::extension(&found.mime_type));
    }
    attachment.file_name = name.clone();
    Ok(Checked {
        media_id: found.id,
        message_type,
        payload: Payload { file_name: Some(name), voice: false, ..Default::default() },
    })
}

/// Makes `media_ids` the media `holder` keeps (replacing what it kept before).
pub async fn hold(db: &impl ConnectionTrait, holder: &str, media_ids: &[i32]) -> Result<()> {
    release(db, holder).await?;
    for media_id in media_ids {
        let mut b = Binder::new(db.get_database_backend());
        let sql = format!(
            "INSERT INTO media_holds (media_id, holder, created_at, updated_at) VALUES ({}, {}, {}, {}) \
             ON CONFLICT (holder, media_id) DO NOTHING",
            b.p(*media_id),
            b.p(holder),
            b.p(Utc::now()),
            b.p(Utc::now())
        );
        db.execute_raw(b.statement(sql)).await?;
    }
    Ok(())
}

/// `holder` keeps nothing any more.
pub async fn release(db: &impl ConnectionTrait, holder: &str) -> Result<()> {
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!("DELETE FROM media_holds WHERE holder = {}", b.p(holder));
    db.execute_raw(b.statement(sql)).await?;
    Ok(())
}
