//! The bytes of media a tenant keeps, read by every upload (the quota) and every home board
//! (docs/media.md#quota): summing `media.size` read every row each time. `tenant_counters` keeps
//! the sum instead (as m20261202_000018 keeps the users), moved by triggers on `media` in the same
//! transaction as the row — a medium's size never changes, so inserts add and deletes take away.
//! The PostgreSQL function finds the counter table by the firing row's schema with its own
//! `search_path` pinned, as m20261208_000024 explains.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The counter's name in `tenant_counters`.
pub const MEDIA_BYTES: &str = "media_bytes";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut sql = vec![
            format!("DELETE FROM tenant_counters WHERE name = '{MEDIA_BYTES}'"),
            format!(
                "INSERT INTO tenant_counters (name, value) SELECT '{MEDIA_BYTES}', COALESCE(SUM(size), 0) FROM media"
            ),
        ];
        match manager.get_database_backend() {
            DbBackend::Postgres => sql.extend([
                format!(
                    "CREATE OR REPLACE FUNCTION media_count_bytes() RETURNS trigger LANGUAGE plpgsql \
                     SET search_path = pg_catalog, pg_temp AS $$ BEGIN \
                     EXECUTE format('UPDATE %I.tenant_counters SET value = value + $1 WHERE name = $2', TG_TABLE_SCHEMA) \
                     USING CASE WHEN TG_OP = 'INSERT' THEN NEW.size ELSE -OLD.size END, '{MEDIA_BYTES}'::text; \
                     RETURN NULL; END $$"
                ),
                "DROP TRIGGER IF EXISTS media_count_bytes ON media".to_owned(),
                "CREATE TRIGGER media_count_bytes AFTER INSERT OR DELETE ON media \
                 FOR EACH ROW EXECUTE FUNCTION media_count_bytes()"
                    .to_owned(),
            ]),
            _ => sql.extend([
                format!(
                    "CREATE TRIGGER IF NOT EXISTS media_bytes_insert AFTER INSERT ON media BEGIN \
                     UPDATE tenant_counters SET value = value + NEW.size WHERE name = '{MEDIA_BYTES}'; END"
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS media_bytes_delete AFTER DELETE ON media BEGIN \
                     UPDATE tenant_counters SET value = value - OLD.size WHERE name = '{MEDIA_BYTES}'; END"
                ),
            ]),
        }
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql: &[&str] = match manager.get_database_backend() {
            DbBackend::Postgres => {
                &["DROP TRIGGER IF EXISTS media_count_bytes ON media", "DROP FUNCTION IF EXISTS media_count_bytes()"]
            }
            _ => &["DROP TRIGGER IF EXISTS media_bytes_insert", "DROP TRIGGER IF EXISTS media_bytes_delete"],
        };
        execute_all(manager, sql).await?;
        manager
            .get_connection()
            .execute_unprepared(&format!("DELETE FROM tenant_counters WHERE name = '{MEDIA_BYTES}'"))
            .await?;
        Ok(())
    }
}
