//! Entity of the `bot_sessions` table.

use sea_orm::entity::prelude::*;

/// The bot's part of a ticket that started with it. `status` is `active` while the bot holds the
/// ticket, then how it ended: `routed`, `handed_over`, `resolved`, `abandoned` or `taken_over`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bot_sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub ticket_id: i32,
    pub instance_id: i32,
    pub status: String,
    /// Answers in a row that matched no option.
    pub invalid_count: i32,
    /// Fixed answers the bot gave.
    pub answers: i32,
    /// The option that ended the conversation (routed, handed over).
    pub option_key: Option<String>,
    pub option_label: Option<String>,
    pub department_id: Option<i32>,
    /// The conversation started outside business hours.
    pub out_of_hours: bool,
    pub started_at: DateTimeUtc,
    pub last_customer_at: DateTimeUtc,
    pub ended_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The bot asked the consent question and waits for the answer before its menu.
    pub awaiting_consent: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
