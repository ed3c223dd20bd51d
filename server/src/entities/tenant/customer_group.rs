//! Entity of the `customer_groups` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A named group of customers (e.g. campaign audiences).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "customer_groups")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub name: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::customer_group_member::Entity")]
    CustomerGroupMember,
}

impl Related<super::customer_group_member::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::CustomerGroupMember.def()
    }
}

impl Related<super::customer::Entity> for Entity {
    fn to() -> RelationDef {
        super::customer_group_member::Relation::Customer.def()
    }

    fn via() -> Option<RelationDef> {
        Some(super::customer_group_member::Relation::Group.def().rev())
    }
}

impl ActiveModelBehavior for ActiveModel {}
