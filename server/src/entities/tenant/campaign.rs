//! Entity of the `campaigns` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A messaging campaign: `status` is `draft`, `scheduled`, `running`, `paused`, `finished` or
/// `cancelled` (docs/campaigns.md).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "campaigns")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub instance_id: i32,
    pub status: String,
    pub scheduled_at: Option<DateTimeUtc>,
    pub started_at: Option<DateTimeUtc>,
    pub finished_at: Option<DateTimeUtc>,
    /// The message, with `{{variables}}`.
    #[sea_orm(column_type = "Text")]
    pub body: Option<String>,
    /// The file every message carries (the body is then its caption), and its name.
    pub media_id: Option<i32>,
    pub media_file_name: Option<String>,
    /// Why the server paused it (`instance_disconnected`); `None` when a person did.
    pub paused_reason: Option<String>,
    pub created_by_user_id: Option<i32>,
    /// The pre-flight of its creation.
    pub duplicates_removed: i32,
    pub blacklisted_skipped: i32,
    pub invalid_count: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// An official number's template the campaign sends (docs/campaigns.md#templates).
    pub template_id: Option<i32>,
    pub template_name: Option<String>,
    pub template_language: Option<String>,
    pub template_category: Option<String>,
    /// The values of the template's parameters (a JSON array; they may hold `{nome}`…).
    pub template_parameters: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::instance::Entity",
        from = "Column::InstanceId",
        to = "super::instance::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Instance,
    #[sea_orm(has_many = "super::campaign_recipient::Entity")]
    CampaignRecipient,
}

impl Related<super::instance::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Instance.def()
    }
}

impl Related<super::campaign_recipient::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::CampaignRecipient.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
