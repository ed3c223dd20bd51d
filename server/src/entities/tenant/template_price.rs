//! Entity of the `template_prices` table.

use sea_orm::entity::prelude::*;

/// What Meta charges the tenant for one template message of a category, in BRL ten-thousandths,
/// as an administrator keeps it (docs/campaigns.md#templates).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "template_prices")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub category: String,
    pub price_e4: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
