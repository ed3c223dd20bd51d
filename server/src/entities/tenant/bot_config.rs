//! Entity of the `bot_configs` table.

use sea_orm::entity::prelude::*;

/// The menu bot's configuration for one scope: `instance_id` 0 is the tenant's default, any other
/// value an instance's own. `document` is the configuration as JSON (`domain::bot::config`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bot_configs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub instance_id: i32,
    pub document: String,
    pub updated_by_user_id: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
