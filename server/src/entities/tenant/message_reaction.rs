//! Entity of the `message_reactions` table.

use sea_orm::entity::prelude::*;

/// One reactor's emoji on a message: the customer's (`reactor` = `customer`) or an agent's
/// (`user:{id}`); a new one replaces it, an empty one takes it back (the row is deleted).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "message_reactions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub message_id: i32,
    pub reactor: String,
    pub user_id: Option<i32>,
    pub emoji: String,
    /// The provider's id of the reaction.
    pub external_id: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
