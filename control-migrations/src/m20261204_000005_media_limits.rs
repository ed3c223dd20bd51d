//! The media quota (issue 43, docs/media.md#quota): megabytes of media a tenant may keep, a plan
//! limit beside users and tickets ([decision 3](../../docs/decisions.md#d3)); 0 = unlimited.
//! Plans get their defaults and every existing tenant its plan's, as a new tenant would.

use sea_orm_migration::{prelude::*, schema::integer};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Code,
    MediaLimitMb,
}

#[derive(DeriveIden)]
enum Tenants {
    Table,
    Plan,
    MediaLimitMb,
}

/// Plan code, megabytes (0 = unlimited).
const LIMITS: &[(&str, i32)] = &[("basic", 2_048), ("pro", 20_480), ("enterprise", 0)];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one thing at a time.
        manager
            .alter_table(
                Table::alter().table(Plans::Table).add_column(integer(Plans::MediaLimitMb).default(0)).to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter().table(Tenants::Table).add_column(integer(Tenants::MediaLimitMb).default(0)).to_owned(),
            )
            .await?;
        for (code, megabytes) in LIMITS {
            manager
                .exec_stmt(
                    Query::update()
                        .table(Plans::Table)
                        .value(Plans::MediaLimitMb, *megabytes)
                        .and_where(Expr::col(Plans::Code).eq(*code))
                        .to_owned(),
                )
                .await?;
            manager
                .exec_stmt(
                    Query::update()
                        .table(Tenants::Table)
                        .value(Tenants::MediaLimitMb, *megabytes)
                        .and_where(Expr::col(Tenants::Plan).eq(*code))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Tenants::Table).drop_column(Tenants::MediaLimitMb).to_owned()).await?;
        manager.alter_table(Table::alter().table(Plans::Table).drop_column(Plans::MediaLimitMb).to_owned()).await
    }
}
