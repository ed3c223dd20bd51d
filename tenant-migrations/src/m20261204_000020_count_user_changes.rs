//! A searched users list answers each page with how many people match (its pagination's `total`).
//! That count tests the search against every live user (on PostgreSQL ~2.5 ms over 5 000 people,
//! most of a searched page's database time) and is the same on every page of one search until a
//! user is added, renamed or deleted. `tenant_counters.users_changes` moves on every such change,
//! by triggers in the same transaction, so a server that remembers a search's total with the
//! value it was counted at can ask the database "still this value?" inside the page's own
//! statement and skip the count when it is (`domain::users::list`, docs/performance.md#caches).
//!
//! The counter starts at the migration's clock in microseconds, not 0: a tenant deleted and
//! created again under the same name starts far from where the old one stopped, so a total
//! remembered for the old database can never be taken for the new one's.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The counter's name in `tenant_counters`.
pub const USER_CHANGES: &str = "users_changes";

/// The columns a users search or its liveness reads: a change to any moves the counter.
const SEARCHED_COLUMNS: &str = "name, email, username, search, deleted_at";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let start = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|elapsed| elapsed.as_micros() as i64)
            .unwrap_or(1);
        let bump = format!("UPDATE tenant_counters SET value = value + 1 WHERE name = '{USER_CHANGES}'");
        let mut sql = vec![
            format!("DELETE FROM tenant_counters WHERE name = '{USER_CHANGES}'"),
            format!("INSERT INTO tenant_counters (name, value) VALUES ('{USER_CHANGES}', {start})"),
        ];
        match manager.get_database_backend() {
            // Once per statement: an import of thousands of users moves it once.
            DbBackend::Postgres => sql.extend([
                format!(
                    "CREATE OR REPLACE FUNCTION users_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN {bump}; RETURN NULL; END $$"
                ),
                "DROP TRIGGER IF EXISTS users_count_changes ON users".to_owned(),
                format!(
                    "CREATE TRIGGER users_count_changes AFTER INSERT OR DELETE OR UPDATE OF {SEARCHED_COLUMNS} \
                     ON users FOR EACH STATEMENT EXECUTE FUNCTION users_count_changes()"
                ),
            ]),
            _ => sql.extend([
                format!("CREATE TRIGGER IF NOT EXISTS users_changes_insert AFTER INSERT ON users BEGIN {bump}; END"),
                format!("CREATE TRIGGER IF NOT EXISTS users_changes_delete AFTER DELETE ON users BEGIN {bump}; END"),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS users_changes_update AFTER UPDATE OF {SEARCHED_COLUMNS} ON users \
                     BEGIN {bump}; END"
                ),
            ]),
        }
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql: &[&str] = match manager.get_database_backend() {
            DbBackend::Postgres => &[
                "DROP TRIGGER IF EXISTS users_count_changes ON users",
                "DROP FUNCTION IF EXISTS users_count_changes()",
            ],
            _ => &[
                "DROP TRIGGER IF EXISTS users_changes_insert",
                "DROP TRIGGER IF EXISTS users_changes_delete",
                "DROP TRIGGER IF EXISTS users_changes_update",
            ],
        };
        execute_all(manager, sql).await?;
        manager
            .get_connection()
            .execute_unprepared(&format!("DELETE FROM tenant_counters WHERE name = '{USER_CHANGES}'"))
            .await?;
        Ok(())
    }
}
