//! Entity of the `early_acks` table.

use sea_orm::entity::prelude::*;

/// A provider's ack for an id no message has yet: it overtook the answer to our send
/// (`domain::inbox::acks`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "early_acks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub instance_id: i32,
    pub external_id: String,
    pub ack: String,
    pub received_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
