//! Entity of the `jobs` table.

use sea_orm::entity::prelude::*;

/// One piece of work for the worker (the outbox): `kind` says which handler runs it, `payload` is
/// its JSON; `status` is `pending`, `done` or `failed`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub kind: String,
    #[sea_orm(column_type = "Text")]
    pub payload: String,
    pub status: super::states::JobStatus,
    pub attempts: i32,
    pub run_at: DateTimeUtc,
    pub locked_until: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
