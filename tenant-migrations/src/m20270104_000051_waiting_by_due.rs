//! The distribution's walk of the queue nearest to breach first (issue 46,
//! docs/service-levels.md#distribution): `(status, sla_response_due_at, opened_at, id)` gives the
//! waiting ticket due first — and, among those without a target, the oldest — in one index step,
//! where a sort read the whole queue for every assignment (docs/performance.md#distribution).

use sea_orm_migration::prelude::*;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(
            manager,
            &["CREATE INDEX IF NOT EXISTS ix_tickets_waiting_due ON tickets (status, sla_response_due_at, opened_at, id)"],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(manager, &["DROP INDEX IF EXISTS ix_tickets_waiting_due"]).await
    }
}
