//! The realtime events of notes and mentions (docs/realtime.md#events).

use serde::Serialize;

use crate::domain::{conversations::views::MessageView, events::DomainEvent, notes::views::MentionView};

/// A line only the staff see joined a conversation: an agent's internal note (`kind`
/// `internal`), or a share's step (`kind` `note`). Never rings, never moves the ticket.
#[derive(Debug, Clone, Serialize)]
pub struct ChatNoteAdded {
    pub ticket_id: i32,
    pub message: MessageView,
}

impl DomainEvent for ChatNoteAdded {
    const NAME: &'static str = "ChatNoteAdded";
}

/// Someone named the receiver in a note (to that person only). `mention.share` is set when the
/// ticket was shared with them to read it.
#[derive(Debug, Clone, Serialize)]
pub struct UserMentioned {
    pub mention: MentionView,
}

impl DomainEvent for UserMentioned {
    const NAME: &'static str = "UserMentioned";
}

/// The receiver's unread mentions changed (read in another tab): their badge follows.
#[derive(Debug, Clone, Serialize)]
pub struct MentionsRead {
    pub unread: u64,
}

impl DomainEvent for MentionsRead {
    const NAME: &'static str = "MentionsRead";
}
