//! Entity of the `customers` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A customer (contact) of the tenant, identified by phone; may be blacklisted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "customers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    #[sea_orm(unique)]
    pub phone: String,
    pub email: Option<String>,
    pub document: Option<String>,
    pub blacklisted: bool,
    pub blacklisted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Why erasure is refused for now (a lawsuit, a tax audit); `None`: no hold.
    #[sea_orm(column_type = "Text", nullable)]
    pub legal_hold_reason: Option<String>,
    pub legal_hold_at: Option<DateTimeUtc>,
    /// When the customer was anonymised at their request (docs/privacy.md#erasure).
    pub erased_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::campaign_recipient::Entity")]
    CampaignRecipient,
    #[sea_orm(has_many = "super::chat::Entity")]
    Chat,
    #[sea_orm(has_many = "super::customer_group_member::Entity")]
    CustomerGroupMember,
    #[sea_orm(has_many = "super::order::Entity")]
    Order,
    #[sea_orm(has_many = "super::ticket::Entity")]
    Ticket,
}

impl Related<super::campaign_recipient::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::CampaignRecipient.def()
    }
}

impl Related<super::chat::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Chat.def()
    }
}

impl Related<super::customer_group_member::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::CustomerGroupMember.def()
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

impl Related<super::customer_group::Entity> for Entity {
    fn to() -> RelationDef {
        super::customer_group_member::Relation::Group.def()
    }

    fn via() -> Option<RelationDef> {
        Some(super::customer_group_member::Relation::Customer.def().rev())
    }
}

impl ActiveModelBehavior for ActiveModel {}
