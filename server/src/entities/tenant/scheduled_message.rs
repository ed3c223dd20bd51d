//! Entity of the `scheduled_messages` table (docs/scheduled-messages.md).

use sea_orm::entity::prelude::*;

/// A message an agent wrote to be sent at a later time.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "scheduled_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub customer_id: i32,
    pub instance_id: i32,
    /// Who scheduled it.
    pub user_id: Option<i32>,
    pub body: String,
    /// The quick replies it was written with, as a JSON array of ids (each counts a use when sent).
    pub quick_reply_ids: Option<String>,
    /// A file to send (held by `media_holds` as `scheduled:{id}` until it is sent or dropped; then
    /// `body` is its caption) and the name the customer sees.
    pub media_id: Option<i32>,
    pub file_name: Option<String>,
    /// An approved template to send instead of text, and its values (a JSON array); `body` holds
    /// the filled text.
    pub template_id: Option<i32>,
    pub template_parameters: Option<String>,
    pub send_at: DateTimeUtc,
    /// `scheduled`, `sent`, `cancelled` or `failed`.
    pub status: String,
    pub cancel_if_customer_writes: bool,
    /// `customer_wrote` or `cancelled` (by a person).
    pub cancel_reason: Option<String>,
    /// The ticket it went into, and the message it became.
    pub ticket_id: Option<i32>,
    pub message_id: Option<i32>,
    /// Why it was not sent (pt_BR).
    pub error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
