//! The users list answers every page with the number of people not deleted (its pagination's
//! `total`). Counting them read every user row on each request: on PostgreSQL the sequential scan
//! of 5 000 users was ~70 % of the first page's database time (docs/performance.md#hot-path).
//! `tenant_counters` keeps that number, moved by triggers on `users` in the same transaction as
//! the change, so it is exactly `COUNT(*) … WHERE deleted_at IS NULL` at every moment, whoever
//! writes (screens, CLI, imports). A backup does not carry the table: an import's inserts count
//! themselves.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The counter's name in `tenant_counters`.
pub const LIVE_USERS: &str = "users_live";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut sql = vec![
            "CREATE TABLE IF NOT EXISTS tenant_counters (name VARCHAR(64) NOT NULL PRIMARY KEY, value BIGINT NOT NULL)"
                .to_owned(),
            format!("DELETE FROM tenant_counters WHERE name = '{LIVE_USERS}'"),
            format!(
                "INSERT INTO tenant_counters (name, value) \
                 SELECT '{LIVE_USERS}', COUNT(*) FROM users WHERE deleted_at IS NULL"
            ),
        ];
        let bump =
            |delta: &str| format!("UPDATE tenant_counters SET value = value + ({delta}) WHERE name = '{LIVE_USERS}'");
        match manager.get_database_backend() {
            DbBackend::Postgres => sql.extend([
                format!(
                    "CREATE OR REPLACE FUNCTION users_count_live() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     DECLARE delta BIGINT := 0; BEGIN \
                     IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN delta := delta - 1; END IF; \
                     IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN delta := delta + 1; END IF; \
                     IF delta <> 0 THEN {}; END IF; RETURN NULL; END $$",
                    bump("delta")
                ),
                "DROP TRIGGER IF EXISTS users_count_live ON users".to_owned(),
                "CREATE TRIGGER users_count_live AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON users \
                 FOR EACH ROW EXECUTE FUNCTION users_count_live()"
                    .to_owned(),
            ]),
            _ => sql.extend([
                format!(
                    "CREATE TRIGGER IF NOT EXISTS users_count_insert AFTER INSERT ON users \
                     WHEN NEW.deleted_at IS NULL BEGIN {}; END",
                    bump("1")
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS users_count_delete AFTER DELETE ON users \
                     WHEN OLD.deleted_at IS NULL BEGIN {}; END",
                    bump("-1")
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS users_count_update AFTER UPDATE OF deleted_at ON users \
                     WHEN (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) BEGIN {}; END",
                    bump("CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END")
                ),
            ]),
        }
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql: &[&str] = match manager.get_database_backend() {
            DbBackend::Postgres => &[
                "DROP TRIGGER IF EXISTS users_count_live ON users",
                "DROP FUNCTION IF EXISTS users_count_live()",
                "DROP TABLE IF EXISTS tenant_counters",
            ],
            _ => &[
                "DROP TRIGGER IF EXISTS users_count_insert",
                "DROP TRIGGER IF EXISTS users_count_delete",
                "DROP TRIGGER IF EXISTS users_count_update",
                "DROP TABLE IF EXISTS tenant_counters",
            ],
        };
        execute_all(manager, sql).await
    }
}
