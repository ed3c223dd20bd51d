//! Entity of the `ticket_shares` table (docs/notes.md#sharing).

use sea_orm::entity::prelude::*;

/// A ticket shown to a person who would not see it otherwise, because a colleague asked them in.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ticket_shares")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub ticket_id: i32,
    /// Who is asked in.
    pub user_id: i32,
    pub requested_by: Option<i32>,
    /// `pending`, `accepted` or `declined`.
    pub status: String,
    pub decided_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
