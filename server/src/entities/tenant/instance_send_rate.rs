//! Entity of the `instance_send_rates` table.

use sea_orm::entity::prelude::*;

/// An instance's campaign send rate, shared by its running campaigns, and its next free slot.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "instance_send_rates")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub instance_id: i32,
    pub rate_per_minute: i32,
    pub next_slot_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
