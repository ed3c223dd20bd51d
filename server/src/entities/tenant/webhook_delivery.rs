//! Entity of the `webhook_deliveries` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One outbox delivery; `webhook_id` is stable across retries, `status` is `pending`, `delivered`, `failed` or `disabled`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "webhook_deliveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub webhook_id: String,
    pub endpoint_id: i32,
    pub event_type: String,
    #[sea_orm(column_type = "Text")]
    pub payload: String,
    pub status: super::states::DeliveryStatus,
    pub attempts: i32,
    pub next_attempt_at: Option<DateTimeUtc>,
    pub last_status_code: Option<i32>,
    #[sea_orm(column_type = "Text")]
    pub last_error: Option<String>,
    pub delivered_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::webhook_endpoint::Entity",
        from = "Column::EndpointId",
        to = "super::webhook_endpoint::Column::Id",
        on_update = "Cascade",
        on_delete = "Cascade"
    )]
    Endpoint,
}

impl Related<super::webhook_endpoint::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Endpoint.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
