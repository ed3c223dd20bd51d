//! A message-history synchronisation runs as outbox jobs (`instance.sync`) instead of a task of
//! the request that started it: each attempt fetches a few pages and the next resumes where it
//! stopped. `sync_jobs` keeps where that is — the provider's cursor for the next page and the pages
//! asked so far — written in the same transaction as each page's messages, so a worker killed
//! mid-way resumes at the page after the last one stored.

use sea_orm_migration::{
    prelude::*,
    schema::{integer, text_null},
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SyncJobs {
    Table,
    Cursor,
    Pages,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds one at a time.
        if !manager.has_column("sync_jobs", "cursor").await? {
            manager
                .alter_table(Table::alter().table(SyncJobs::Table).add_column(text_null(SyncJobs::Cursor)).to_owned())
                .await?;
        }
        if !manager.has_column("sync_jobs", "pages").await? {
            manager
                .alter_table(
                    Table::alter().table(SyncJobs::Table).add_column(integer(SyncJobs::Pages).default(0)).to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(SyncJobs::Table).drop_column(SyncJobs::Pages).to_owned()).await?;
        manager.alter_table(Table::alter().table(SyncJobs::Table).drop_column(SyncJobs::Cursor).to_owned()).await
    }
}
