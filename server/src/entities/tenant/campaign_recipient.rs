//! Entity of the `campaign_recipients` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One customer of a campaign: `status` is `pending`, `sent`, `delivered`, `read`, `failed` or `replied`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "campaign_recipients")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub campaign_id: i32,
    pub customer_id: i32,
    pub status: super::states::RecipientStatus,
    pub sent_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text")]
    pub error: Option<String>,
    /// The message that sends it, set when it is queued (never queued twice).
    pub message_id: Option<i32>,
    /// The import's custom fields (a JSON object of strings), for the message's variables.
    #[sea_orm(column_type = "Text")]
    pub fields: Option<String>,
    /// When `status` last moved.
    pub status_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::campaign::Entity",
        from = "Column::CampaignId",
        to = "super::campaign::Column::Id",
        on_update = "Cascade",
        on_delete = "Cascade"
    )]
    Campaign,
    #[sea_orm(
        belongs_to = "super::customer::Entity",
        from = "Column::CustomerId",
        to = "super::customer::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Customer,
}

impl Related<super::campaign::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Campaign.def()
    }
}

impl Related<super::customer::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Customer.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
