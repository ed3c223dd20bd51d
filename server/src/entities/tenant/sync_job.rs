//! Entity of the `sync_jobs` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One message-history synchronisation of an instance and its progress.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sync_jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub instance_id: i32,
    /// `running`, `done` or `failed`.
    pub status: String,
    pub days_ago: i32,
    pub unlimited: bool,
    pub fetched: i64,
    pub inserted: i64,
    pub error: Option<String>,
    pub started_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
    /// The provider's cursor of the next page to ask for (`None`: the first page, or finished).
    pub cursor: Option<String>,
    /// Pages asked for so far (at most `SYNC_MAX_PAGES`).
    pub pages: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::instance::Entity",
        from = "Column::InstanceId",
        to = "super::instance::Column::Id",
        on_delete = "Cascade"
    )]
    Instance,
}

impl Related<super::instance::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Instance.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
