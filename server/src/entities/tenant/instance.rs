//! Entity of the `instances` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A messaging connection (e.g. a WhatsApp number) chats arrive through.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "instances")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub name: String,
    pub activated: bool,
    pub is_official: bool,
    pub is_unlimited: bool,
    pub status: String,
    pub provider_base_url: Option<String>,
    #[serde(skip_serializing)]
    pub provider_secret: Option<String>,
    /// `generic` or `cloud` (docs/providers.md#kinds).
    pub provider_kind: String,
    /// What identifies the number at its provider, not secret (JSON; `cloud`: phone number id and
    /// business account id).
    pub provider_account: Option<String>,
    /// The provider's own id of the number (the Cloud API's phone number id), unique per kind.
    pub provider_account_key: Option<String>,
    pub last_sync_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::campaign::Entity")]
    Campaign,
    #[sea_orm(has_many = "super::chat::Entity")]
    Chat,
    #[sea_orm(has_many = "super::instance_log::Entity")]
    InstanceLog,
    #[sea_orm(has_many = "super::message::Entity")]
    Message,
    #[sea_orm(has_many = "super::order::Entity")]
    Order,
    #[sea_orm(has_many = "super::ticket::Entity")]
    Ticket,
    #[sea_orm(has_many = "super::user_instance::Entity")]
    UserInstance,
}

impl Related<super::campaign::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Campaign.def()
    }
}

impl Related<super::chat::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Chat.def()
    }
}

impl Related<super::instance_log::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::InstanceLog.def()
    }
}

impl Related<super::message::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Message.def()
    }
}

impl Related<super::order::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Order.def()
    }
}

impl Related<super::ticket::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Ticket.def()
    }
}

impl Related<super::user_instance::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::UserInstance.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        super::user_instance::Relation::User.def()
    }

    fn via() -> Option<RelationDef> {
        Some(super::user_instance::Relation::Instance.def().rev())
    }
}

impl ActiveModelBehavior for ActiveModel {}
