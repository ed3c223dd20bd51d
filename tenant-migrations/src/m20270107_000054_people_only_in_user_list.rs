//! The users list (and its `total`) is of people: an API token's principal (a `users` row of
//! `kind` `integration`, m20270105_000052) is managed on the tokens screen, and listing it among
//! the people let an administrator edit or delete what a token acts through — and made the list's
//! `total` disagree with the home board's count of people, which already left them out.
//!
//! The kept count (m20261202_000018, pinned by m20261208_000024) counts people only, the same way
//! on every writer; the list's covering index becomes partial on people, so the list's filter
//! (`deleted_at IS NULL AND kind = 'person'`) is answered by the index alone as before. A row's
//! `kind` is set on insert and never changes, so the update triggers need not watch it.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::{LIVE_USERS, support::execute_all};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Where the PostgreSQL function looks up everything but the counter table (m20261208_000024).
const PINNED: &str = "SET search_path = pg_catalog, pg_temp";

/// The list's covering index, on rows matching `live` (m20261202_000017 made it on live rows).
fn search_index(live: &str) -> [String; 2] {
    [
        "DROP INDEX IF EXISTS idx_users_search".to_owned(),
        format!("CREATE INDEX IF NOT EXISTS idx_users_search ON users (name, id, search) WHERE {live}"),
    ]
}

/// Statements that make the kept count count the rows matching `row_counts` (`{row}` stands for
/// `NEW.`/`OLD.`) and set it to the number of such rows now.
fn counting(backend: DbBackend, counts: impl Fn(&str) -> String) -> Vec<String> {
    let recount = format!(
        "UPDATE tenant_counters SET value = (SELECT COUNT(*) FROM users WHERE {}) WHERE name = '{LIVE_USERS}'",
        counts("")
    );
    let bump =
        |delta: &str| format!("UPDATE tenant_counters SET value = value + ({delta}) WHERE name = '{LIVE_USERS}'");
    match backend {
        DbBackend::Postgres => vec![
            // As m20261208_000024 made it: the counter table found by the row's own schema.
            format!(
                "CREATE OR REPLACE FUNCTION users_count_live() RETURNS trigger LANGUAGE plpgsql {PINNED} AS $$ \
                 DECLARE delta BIGINT := 0; BEGIN \
                 IF TG_OP <> 'INSERT' AND {} THEN delta := delta - 1; END IF; \
                 IF TG_OP <> 'DELETE' AND {} THEN delta := delta + 1; END IF; \
                 IF delta <> 0 THEN EXECUTE format('UPDATE %I.tenant_counters SET value = value + $1 WHERE name = $2', \
                 TG_TABLE_SCHEMA) USING delta, '{LIVE_USERS}'::text; END IF; RETURN NULL; END $$",
                counts("OLD."),
                counts("NEW.")
            ),
            recount,
        ],
        _ => vec![
            "DROP TRIGGER IF EXISTS users_count_insert".to_owned(),
            "DROP TRIGGER IF EXISTS users_count_delete".to_owned(),
            "DROP TRIGGER IF EXISTS users_count_update".to_owned(),
            format!(
                "CREATE TRIGGER users_count_insert AFTER INSERT ON users WHEN {} BEGIN {}; END",
                counts("NEW."),
                bump("1")
            ),
            format!(
                "CREATE TRIGGER users_count_delete AFTER DELETE ON users WHEN {} BEGIN {}; END",
                counts("OLD."),
                bump("-1")
            ),
            format!(
                "CREATE TRIGGER users_count_update AFTER UPDATE OF deleted_at ON users \
                 WHEN ({}) <> ({}) BEGIN {}; END",
                counts("OLD."),
                counts("NEW."),
                bump(&format!("CASE WHEN {} THEN 1 ELSE -1 END", counts("NEW.")))
            ),
            recount,
        ],
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let mut sql = counting(backend, |row| format!("{row}deleted_at IS NULL AND {row}kind = 'person'"));
        sql.extend(search_index("deleted_at IS NULL AND kind = 'person'"));
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let mut sql = counting(backend, |row| format!("{row}deleted_at IS NULL"));
        sql.extend(search_index("deleted_at IS NULL"));
        execute_all(manager, &sql).await
    }
}
