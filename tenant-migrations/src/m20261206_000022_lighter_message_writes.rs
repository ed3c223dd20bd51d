//! Fewer index entries written per inbound message. Every message inserted one entry in each of
//! the eight indexes of `messages`, and every touch of its ticket (a new `last_activity_at`, which
//! three indexes hold, so never a heap-only update on PostgreSQL) one in each of the fourteen of
//! `tickets`; index maintenance was a tenth of PostgreSQL's time under ingest
//! (docs/performance.md#lighter-index-writes). Three of those entries bought nothing:
//!
//! - `ix_messages_ticket_id (ticket_id)` is the prefix of `ix_messages_ticket_id_id (ticket_id, id)`,
//!   which answers everything it did;
//! - `ix_tickets_status (status)` is the prefix of `ix_tickets_status_activity` and
//!   `ix_tickets_status_assignee`;
//! - `ux_messages_client_id` held a NULL for every customer's message: only our own sends carry a
//!   `client_id`, so the unique index becomes partial (`WHERE client_id IS NOT NULL`). A lookup by
//!   `client_id = ?` still uses it on both backends, and two sends with one `client_id` still
//!   collide.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DROP INDEX IF EXISTS ix_messages_ticket_id").await?;
        db.execute_unprepared("DROP INDEX IF EXISTS ix_tickets_status").await?;
        db.execute_unprepared("DROP INDEX IF EXISTS ux_messages_client_id").await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX IF NOT EXISTS ux_messages_client_id ON messages (client_id) \
             WHERE client_id IS NOT NULL",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DROP INDEX IF EXISTS ux_messages_client_id").await?;
        db.execute_unprepared("CREATE UNIQUE INDEX IF NOT EXISTS ux_messages_client_id ON messages (client_id)")
            .await?;
        db.execute_unprepared("CREATE INDEX IF NOT EXISTS ix_tickets_status ON tickets (status)").await?;
        db.execute_unprepared("CREATE INDEX IF NOT EXISTS ix_messages_ticket_id ON messages (ticket_id)").await?;
        Ok(())
    }
}
