//! Entity of the `customer_merges` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An administrator found two customers to be one person: `merged_customer_id` (gone now; its
/// name, address and identities as they were) was absorbed into `customer_id`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "customer_merges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub customer_id: i32,
    pub merged_customer_id: i32,
    pub merged_name: String,
    pub merged_phone: String,
    /// JSON array of `{kind, value}`.
    pub identities: String,
    /// Tickets and orders that moved.
    pub tickets: i32,
    pub orders: i32,
    pub user_id: Option<i32>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::customer::Entity",
        from = "Column::CustomerId",
        to = "super::customer::Column::Id",
        on_update = "Cascade",
        on_delete = "Cascade"
    )]
    Customer,
}

impl Related<super::customer::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Customer.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
