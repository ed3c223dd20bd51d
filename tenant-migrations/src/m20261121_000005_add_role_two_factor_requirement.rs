//! Roles can require two-factor authentication of their users (docs/auth.md: "a tenant or role can
//! require 2FA"). Users of such a role must enroll before they can open any checked route.

use sea_orm_migration::{prelude::*, schema::boolean};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Roles {
    Table,
    RequireTwoFactor,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.has_column("roles", "require_two_factor").await? {
            return Ok(());
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Roles::Table)
                    .add_column(boolean(Roles::RequireTwoFactor).default(false))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Roles::Table).drop_column(Roles::RequireTwoFactor).to_owned()).await
    }
}
