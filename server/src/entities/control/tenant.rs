use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tenants")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub name: String,
    pub cnpj: Option<String>,
    pub template: String,
    pub pool: String,
    pub plan: String,
    pub user_limit: i32,
    pub ticket_limit: i32,
    /// Megabytes of media the tenant may keep (0 = unlimited).
    pub media_limit_mb: i32,
    /// Null while provisioning runs: such a tenant does not resolve yet.
    pub provisioned_at: Option<DateTimeUtc>,
    pub deleted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::tenant_feature::Entity")]
    TenantFeature,
}

impl Related<super::tenant_feature::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::TenantFeature.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
