use sea_orm::entity::prelude::*;

/// A session logged out before its access tokens expired; kept until `expires_at`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "revoked_sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub sid: String,
    pub tenant: String,
    pub expires_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
