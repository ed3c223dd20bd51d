//! Message-history synchronisations of instances (`POST /api/instance/syncMessages`): background
//! work whose progress the API reads back.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SyncJobs {
    Table,
    Id,
    InstanceId,
    Status,
    DaysAgo,
    Unlimited,
    Fetched,
    Inserted,
    Error,
    StartedAt,
    FinishedAt,
}

#[derive(DeriveIden)]
enum Instances {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SyncJobs::Table)
                    .if_not_exists()
                    .col(pk_auto(SyncJobs::Id))
                    .col(integer(SyncJobs::InstanceId))
                    .col(string_len(SyncJobs::Status, 16))
                    .col(integer(SyncJobs::DaysAgo).default(0))
                    .col(boolean(SyncJobs::Unlimited).default(false))
                    .col(big_integer(SyncJobs::Fetched).default(0))
                    .col(big_integer(SyncJobs::Inserted).default(0))
                    .col(text_null(SyncJobs::Error))
                    .col(timestamp_with_time_zone(SyncJobs::StartedAt))
                    .col(timestamp_with_time_zone_null(SyncJobs::FinishedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_sync_jobs_instance")
                            .from(SyncJobs::Table, SyncJobs::InstanceId)
                            .to(Instances::Table, Instances::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .if_not_exists()
                    .name("idx_sync_jobs_instance")
                    .table(SyncJobs::Table)
                    .col(SyncJobs::InstanceId)
                    .col(SyncJobs::StartedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SyncJobs::Table).to_owned()).await
    }
}
