//! The inbox answers every page with the viewer's count of tickets per active status and how many
//! of them are theirs (`inbox::tickets::counts`). With only (status, last_activity_at, id) indexed,
//! each count read every active ticket's row for its assignee: at 100 000 tickets that was most of
//! the first page's cost (docs/performance.md#inbox). With the assignee in the index the count
//! reads the index alone.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .if_not_exists()
                    .name("ix_tickets_status_assignee")
                    .table("tickets")
                    .col("status")
                    .col("assigned_user_id")
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ix_tickets_status_assignee").table("tickets").to_owned()).await
    }
}
