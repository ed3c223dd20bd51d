//! The realtime events of tags (docs/realtime.md#events).

use serde::Serialize;

use crate::domain::{
    conversations::views::{TagRef, TicketView},
    events::DomainEvent,
    tags::TagView,
};

/// A ticket's tags changed (from the conversation, the queue or the board): the queue and the
/// board put its card where its tags say, live.
#[derive(Debug, Clone, Serialize)]
pub struct TicketTagsChanged {
    pub ticket: TicketView,
}

impl DomainEvent for TicketTagsChanged {
    const NAME: &'static str = "TicketTagsChanged";
}

/// A customer's tags changed.
#[derive(Debug, Clone, Serialize)]
pub struct CustomerTagsChanged {
    pub customer_id: i32,
    pub tags: Vec<TagRef>,
}

impl DomainEvent for CustomerTagsChanged {
    const NAME: &'static str = "CustomerTagsChanged";
}

/// The tenant's tags changed (created, renamed, recoloured, deleted, or the board's columns):
/// every picker, filter and board reads the new list.
#[derive(Debug, Clone, Serialize)]
pub struct TagsChanged {
    pub tags: Vec<TagView>,
}

impl DomainEvent for TagsChanged {
    const NAME: &'static str = "TagsChanged";
}
