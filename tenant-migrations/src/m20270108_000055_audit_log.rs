//! The audit log (issue 47, docs/audit.md, decision 212): who did what, when, from where and
//! through which session or API token. One row per audited request that succeeded, written by the
//! access middleware after the handler (the one place every REST call passes) and by the GraphQL
//! mutations that change the same records.
//!
//! Append-only: the product has no path that changes a row, and a trigger refuses an `UPDATE`
//! from anyone (an operator's `psql`, a tool) on both backends. Rows leave only by age, through
//! the retention prune (`DELETE`), which is why deletes are not refused.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The message an `UPDATE` of the log fails with.
const REFUSED: &str = "audit_log is append-only";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let (id, tz) = match backend {
            DbBackend::Postgres => ("BIGSERIAL PRIMARY KEY", "TIMESTAMP WITH TIME ZONE"),
            _ => ("INTEGER PRIMARY KEY AUTOINCREMENT", "timestamp_with_timezone_text"),
        };
        let mut sql = vec![
            format!(
                "CREATE TABLE IF NOT EXISTS audit_log (id {id}, at {tz} NOT NULL, user_id INTEGER NULL, \
                 user_name VARCHAR(200) NOT NULL, api_token_id INTEGER NULL, session VARCHAR(64) NULL, \
                 ip VARCHAR(64) NULL, action VARCHAR(80) NOT NULL, label VARCHAR(200) NOT NULL, \
                 area VARCHAR(60) NOT NULL, method VARCHAR(8) NOT NULL, path VARCHAR(400) NOT NULL, \
                 status INTEGER NOT NULL)"
            ),
            // The screen reads newest first, by person or by action; the period narrows either.
            "CREATE INDEX IF NOT EXISTS ix_audit_log_at ON audit_log (at)".to_owned(),
            "CREATE INDEX IF NOT EXISTS ix_audit_log_user ON audit_log (user_id, id)".to_owned(),
            "CREATE INDEX IF NOT EXISTS ix_audit_log_action ON audit_log (action, id)".to_owned(),
        ];
        match backend {
            DbBackend::Postgres => sql.extend([
                format!(
                    "CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql \
                     SET search_path = pg_catalog, pg_temp AS $$ BEGIN RAISE EXCEPTION '{REFUSED}'; END $$"
                ),
                "DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log".to_owned(),
                "CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log \
                 FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()"
                    .to_owned(),
            ]),
            _ => sql.push(format!(
                "CREATE TRIGGER IF NOT EXISTS audit_log_append_only BEFORE UPDATE ON audit_log \
                 BEGIN SELECT RAISE(ABORT, '{REFUSED}'); END"
            )),
        }
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql: &[&str] = match manager.get_database_backend() {
            DbBackend::Postgres => {
                &["DROP TABLE IF EXISTS audit_log", "DROP FUNCTION IF EXISTS audit_log_append_only()"]
            }
            _ => &["DROP TABLE IF EXISTS audit_log"],
        };
        execute_all(manager, sql).await
    }
}
