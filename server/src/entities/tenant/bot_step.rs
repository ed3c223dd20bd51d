//! Entity of the `bot_steps` table.

use sea_orm::entity::prelude::*;

/// One step the bot took in a conversation (append-only): `greeting`, `answer`, `invalid`,
/// `routed`, `handed_over`, `taken_over`, `resolved` or `abandoned`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bot_steps")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub session_id: i32,
    pub ticket_id: i32,
    pub instance_id: i32,
    pub at: DateTimeUtc,
    /// What the customer wrote (the start of it).
    pub input: String,
    pub step: String,
    pub option_key: Option<String>,
    pub option_label: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
