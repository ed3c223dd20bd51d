//! Entity of the `webhook_attempts` table.

use sea_orm::entity::prelude::*;

/// One attempt to deliver a webhook: the answer's status code (none when there was no answer),
/// how long it took, and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub delivery_id: i32,
    pub at: DateTimeUtc,
    pub status_code: Option<i32>,
    pub duration_ms: i32,
    #[sea_orm(column_type = "Text")]
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
