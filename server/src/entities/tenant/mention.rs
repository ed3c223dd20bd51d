//! Entity of the `mentions` table (docs/notes.md).

use sea_orm::entity::prelude::*;

/// A person named with `@` in an internal note.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mentions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The note (a message of `kind` `internal`).
    pub message_id: i32,
    pub ticket_id: i32,
    /// Who was mentioned.
    pub user_id: i32,
    /// Who wrote the note.
    pub author_id: Option<i32>,
    /// When the mentioned person opened it (`None`: unread).
    pub read_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
