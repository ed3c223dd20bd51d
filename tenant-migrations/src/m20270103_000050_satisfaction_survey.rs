//! The customer's satisfaction survey (issue 46, docs/service-levels.md#satisfaction-survey): one
//! row per ticket closed that the survey was sent for, with who served it (the agent, department,
//! instance and closing reason at the close, so reports group without reading the ticket's
//! history), when it expires, and the answer — a rating of 1 to 5 and an optional comment.
//! `status`: `sent` (waiting), `answered`, `skipped` (the customer wrote something else: it went to
//! a new ticket as before). The settings are the `tenant_settings` key `survey`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let (id, tz) = match manager.get_database_backend() {
            DbBackend::Postgres => ("SERIAL PRIMARY KEY", "TIMESTAMP WITH TIME ZONE"),
            // What sea-query writes for SQLite: text affinity, as every other time column.
            _ => ("INTEGER PRIMARY KEY AUTOINCREMENT", "timestamp_with_timezone_text"),
        };
        execute_all(
            manager,
            &[
                format!(
                    "CREATE TABLE IF NOT EXISTS survey_responses (id {id}, \
                     ticket_id INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE, \
                     customer_id INTEGER NOT NULL, instance_id INTEGER NOT NULL, department_id INTEGER NULL, \
                     user_id INTEGER NULL, closing_reason_id INTEGER NULL, \
                     status VARCHAR(16) NOT NULL DEFAULT 'sent', sent_at {tz} NOT NULL, expires_at {tz} NOT NULL, \
                     rating INTEGER NULL, comment TEXT NULL, answered_at {tz} NULL)"
                ),
                "CREATE UNIQUE INDEX IF NOT EXISTS ux_survey_responses_ticket ON survey_responses (ticket_id)"
                    .to_owned(),
                // The customer's survey waiting for an answer, on a message that opens no ticket.
                "CREATE INDEX IF NOT EXISTS ix_survey_responses_waiting \
                 ON survey_responses (customer_id, instance_id, status)"
                    .to_owned(),
                // The reports' period.
                "CREATE INDEX IF NOT EXISTS ix_survey_responses_sent ON survey_responses (sent_at)".to_owned(),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(manager, &["DROP TABLE IF EXISTS survey_responses"]).await
    }
}
