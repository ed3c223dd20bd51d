//! Fewer index entries written per inbound message, again (decision 139). A customer's message that
//! continues a ticket inserts the message (an entry in each index of `messages`) and touches the
//! ticket: a new `last_activity_at`, which three indexes hold, so the touch is never heap-only on
//! PostgreSQL and writes an entry in every index of `tickets` — thirteen. PostgreSQL's CPU is the
//! limit of the inbox's ingest there (docs/performance.md#lighter-ticket-writes), and four indexes of
//! the two tables are read by no query of the product:
//!
//! - `ix_tickets_chat_id (chat_id)`: nothing looks tickets up by chat, and nothing deletes a chat
//!   (the only use of an index on a referencing column); the customer's chat and ticket are found
//!   by `(customer_id, instance_id)`;
//! - `ix_tickets_assigned_user_opened_at (assigned_user_id, opened_at)`: no report filters on an
//!   attendant within a period by that column (the drill-down filters `COALESCE(assigned_user_id, 0)`,
//!   which no index answers), and the inbox's "mine" and the live agents' counts go by
//!   `ix_tickets_status_assignee`;
//! - `ix_tickets_instance_opened_at (instance_id, opened_at)`: the attendances sheet filtered by
//!   instance reads the period by `ix_tickets_opened_at` (or the instance by
//!   `ix_tickets_instance_activity`, whose prefix also serves the foreign key);
//! - `ix_messages_chat_sent_at (chat_id, sent_at)`, written by every message: its one would-be
//!   reader, the customer panel's latest messages outside any ticket, is answered by both planners
//!   from `ix_messages_ticket_id_id` (the `ticket_id IS NULL` entries, newest first), with or without
//!   it. (A partial `(chat_id, id) WHERE ticket_id IS NULL` was tried: neither planner chose it.)
//!
//! A ticket write goes from thirteen index entries to ten, a message from six to five.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for index in ["ix_tickets_chat_id", "ix_tickets_assigned_user_opened_at", "ix_tickets_instance_opened_at"] {
            db.execute_unprepared(&format!("DROP INDEX IF EXISTS {index}")).await?;
        }
        db.execute_unprepared("DROP INDEX IF EXISTS ix_messages_chat_sent_at").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in [
            "CREATE INDEX IF NOT EXISTS ix_messages_chat_sent_at ON messages (chat_id, sent_at)",
            "CREATE INDEX IF NOT EXISTS ix_tickets_instance_opened_at ON tickets (instance_id, opened_at)",
            "CREATE INDEX IF NOT EXISTS ix_tickets_assigned_user_opened_at ON tickets (assigned_user_id, opened_at)",
            "CREATE INDEX IF NOT EXISTS ix_tickets_chat_id ON tickets (chat_id)",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
