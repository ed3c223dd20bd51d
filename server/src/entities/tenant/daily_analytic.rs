//! Entity of the `daily_analytics` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// Daily aggregates per `scope` (`tenant` with `scope_id` 0, `instance`, `user`); unique (day, scope, scope_id).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "daily_analytics")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub day: Date,
    pub scope: String,
    pub scope_id: i32,
    pub tickets_opened: i32,
    pub tickets_closed: i32,
    pub messages_in: i32,
    pub messages_out: i32,
    pub first_response_secs_sum: i64,
    pub first_response_count: i32,
    pub orders_count: i32,
    pub orders_value_cents: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
