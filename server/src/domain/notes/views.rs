//! What notes' mentions and shares look like to clients (the list, the events).

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{domain::conversations::views::NamedRef, entities::tenant::ticket_share};

/// A mention as the list and the `UserMentioned` event show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentionView {
    pub id: i32,
    pub ticket_id: i32,
    /// The note: open the conversation at it.
    pub message_id: i32,
    pub protocol: String,
    pub customer_name: String,
    /// Who wrote the note (none: their user was removed).
    pub author: Option<NamedRef>,
    /// The note's text.
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// `null` while unread.
    pub read_at: Option<DateTime<Utc>>,
    /// Set when the ticket was shared with the person so they could read it.
    pub share: Option<ShareView>,
}

/// A share as a mention shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ShareView {
    pub id: i32,
    /// `pending`, `accepted` or `declined`.
    pub status: String,
}

impl ShareView {
    pub fn of(share: &ticket_share::Model) -> Self {
        Self { id: share.id, status: share.status.clone() }
    }
}
