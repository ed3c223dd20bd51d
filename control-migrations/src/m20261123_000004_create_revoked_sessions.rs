//! Sessions logged out before their access tokens expired (docs/auth.md#logging-out): every
//! replica keeps them in memory, told by the event bus, and loads the recent ones at start.

use sea_orm_migration::{
    prelude::*,
    schema::{string, timestamp_with_time_zone},
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RevokedSessions {
    Table,
    Sid,
    Tenant,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(crate::timestamps(
                Table::create()
                    .table(RevokedSessions::Table)
                    .if_not_exists()
                    .col(string(RevokedSessions::Sid).primary_key())
                    .col(string(RevokedSessions::Tenant))
                    .col(timestamp_with_time_zone(RevokedSessions::ExpiresAt))
                    .take(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .if_not_exists()
                    .name("ix_revoked_sessions_expires_at")
                    .table(RevokedSessions::Table)
                    .col(RevokedSessions::ExpiresAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(RevokedSessions::Table).if_exists().to_owned()).await
    }
}
