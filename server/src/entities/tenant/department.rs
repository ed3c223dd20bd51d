//! Entity of the `departments` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A department (user department) users and tickets belong to.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "departments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub name: String,
    pub activated: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::ticket::Entity")]
    Ticket,
    #[sea_orm(has_many = "super::ticket_transfer::Entity")]
    TicketTransfer,
    #[sea_orm(has_many = "super::user::Entity")]
    User,
}

impl Related<super::ticket::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Ticket.def()
    }
}

impl Related<super::ticket_transfer::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::TicketTransfer.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::User.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
