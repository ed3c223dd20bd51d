//! Entity of the `webhook_endpoints` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An outbound webhook receiver; `event_types` is a JSON list of event names, `secret` signs deliveries.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "webhook_endpoints")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub url: String,
    #[serde(skip_serializing)]
    pub secret: String,
    pub event_types: Json,
    pub enabled: bool,
    pub disabled_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text")]
    pub description: Option<String>,
    /// The secret before the last rotation, still signing until `previous_secret_until`.
    #[serde(skip_serializing)]
    pub previous_secret: Option<String>,
    pub previous_secret_until: Option<DateTimeUtc>,
    pub secret_rotated_at: Option<DateTimeUtc>,
    /// Deliveries given up in a row (reset by a success).
    pub failure_count: i32,
    pub disabled_reason: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::webhook_delivery::Entity")]
    WebhookDelivery,
}

impl Related<super::webhook_delivery::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::WebhookDelivery.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
