//! Indexed customer search (issue 45, docs/search.md#customers): the queue's and the customers
//! screen's "name or phone contains" used to test every customer's `search` text (the lower-cased
//! name, tenant migration 17) and phone; a trigram index answers it instead, for three characters
//! or more (shorter needles still test each customer).
//!
//! - SQLite: an FTS5 `trigram` index over `customers` as external content (`customers_fts`, columns
//!   `search` and `phone`), kept by triggers — the `search` column is written by migration 17's
//!   own trigger, whose update this index follows.
//! - PostgreSQL: `pg_trgm` GIN indexes on `search` and `phone` (`LIKE '%…%'`); `pg_trgm` is a
//!   trusted extension, installed once per database (the control database's own migration may
//!   have put it in `control` already: its schema is looked up, not assumed).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "CREATE VIRTUAL TABLE IF NOT EXISTS customers_fts USING fts5(search, phone, content='customers', \
     content_rowid='id', tokenize='trigram')",
    "INSERT INTO customers_fts(customers_fts) VALUES ('rebuild')",
    "CREATE TRIGGER IF NOT EXISTS customers_fts_insert AFTER INSERT ON customers BEGIN \
     INSERT INTO customers_fts(rowid, search, phone) VALUES (new.id, new.search, new.phone); END",
    "CREATE TRIGGER IF NOT EXISTS customers_fts_delete AFTER DELETE ON customers BEGIN \
     INSERT INTO customers_fts(customers_fts, rowid, search, phone) VALUES ('delete', old.id, old.search, old.phone); END",
    "CREATE TRIGGER IF NOT EXISTS customers_fts_update AFTER UPDATE OF search, phone ON customers BEGIN \
     INSERT INTO customers_fts(customers_fts, rowid, search, phone) VALUES ('delete', old.id, old.search, old.phone); \
     INSERT INTO customers_fts(rowid, search, phone) VALUES (new.id, new.search, new.phone); END",
];

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS customers_fts_update",
    "DROP TRIGGER IF EXISTS customers_fts_delete",
    "DROP TRIGGER IF EXISTS customers_fts_insert",
    "DROP TABLE IF EXISTS customers_fts",
];

const POSTGRES_DOWN: &[&str] =
    &["DROP INDEX IF EXISTS ix_customers_phone_trgm", "DROP INDEX IF EXISTS ix_customers_search_trgm"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                // Without pg_trgm the search still answers, testing every customer.
                let Some(schema) = crate::support::extension_schema(manager, "pg_trgm").await? else { return Ok(()) };
                for column in ["search", "phone"] {
                    let sql = format!(
                        "CREATE INDEX ix_customers_{column}_trgm ON customers USING gin ({column} \"{schema}\".gin_trgm_ops)"
                    );
                    manager.get_connection().execute_unprepared(&sql).await?;
                }
                Ok(())
            }
            _ => crate::support::run_all(manager, SQLITE_UP).await,
        }
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Postgres => crate::support::run_all(manager, POSTGRES_DOWN).await,
            _ => crate::support::run_all(manager, SQLITE_DOWN).await,
        }
    }
}
