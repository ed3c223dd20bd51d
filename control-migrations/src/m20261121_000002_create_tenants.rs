//! Tenants (every field of the spec) and their per-option feature settings.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tenants {
    Table,
    Id,
    Name,
    Cnpj,
    Template,
    Pool,
    Plan,
    UserLimit,
    TicketLimit,
    ProvisionedAt,
    DeletedAt,
}

#[derive(DeriveIden)]
enum TenantFeatures {
    Table,
    Id,
    TenantId,
    Option,
    Enabled,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(crate::timestamps(
                Table::create()
                    .table(Tenants::Table)
                    .if_not_exists()
                    .col(pk_auto(Tenants::Id))
                    .col(string_len_uniq(Tenants::Name, 63))
                    .col(string_len_null(Tenants::Cnpj, 14))
                    .col(string_len(Tenants::Template, 32).default("default"))
                    .col(string_len(Tenants::Pool, 63).default("default"))
                    .col(string_len(Tenants::Plan, 32).default("basic"))
                    .col(integer(Tenants::UserLimit).default(0))
                    .col(integer(Tenants::TicketLimit).default(0))
                    .col(timestamp_with_time_zone_null(Tenants::ProvisionedAt))
                    .col(timestamp_with_time_zone_null(Tenants::DeletedAt))
                    .take(),
            ))
            .await?;
        // The back-office list searches by CNPJ and filters on deletion.
        manager
            .create_index(
                Index::create()
                    .if_not_exists()
                    .name("idx_tenants_cnpj")
                    .table(Tenants::Table)
                    .col(Tenants::Cnpj)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .if_not_exists()
                    .name("idx_tenants_deleted_at")
                    .table(Tenants::Table)
                    .col(Tenants::DeletedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(crate::timestamps(
                Table::create()
                    .table(TenantFeatures::Table)
                    .if_not_exists()
                    .col(pk_auto(TenantFeatures::Id))
                    .col(integer(TenantFeatures::TenantId))
                    .col(string_len(TenantFeatures::Option, 32))
                    .col(boolean(TenantFeatures::Enabled).default(false))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tenant_features_tenant")
                            .from(TenantFeatures::Table, TenantFeatures::TenantId)
                            .to(Tenants::Table, Tenants::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .take(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .if_not_exists()
                    .unique()
                    .name("uq_tenant_features_tenant_option")
                    .table(TenantFeatures::Table)
                    .col(TenantFeatures::TenantId)
                    .col(TenantFeatures::Option)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(TenantFeatures::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Tenants::Table).to_owned()).await
    }
}
