//! Entity of the `tags` table (docs/tags.md).

use sea_orm::entity::prelude::*;

/// A tag (etiqueta) applied to tickets and customers.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tags")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    /// The name folded (no accents, lower case, single spaces): unique.
    pub name_key: String,
    /// `#rrggbb`.
    pub color: String,
    /// Its column's place on the kanban board; `None`: not on the board.
    pub board_position: Option<i32>,
    pub created_by: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
