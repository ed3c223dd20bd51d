//! Full-text search of every message (issue 45, docs/search.md): the text of messages, media
//! captions and internal notes (`messages.body`), accents ignored, Portuguese words by their stem.
//!
//! - SQLite: an FTS5 index over `messages` as its external content (`messages_fts`, no second copy
//!   of the text), kept by triggers on insert, delete and a changed body; `unicode61
//!   remove_diacritics 2` folds accents. The message's instance is indexed too, as a second
//!   column: an attendant's search asks for their numbers' messages inside the index instead of
//!   walking every match to find the few they may see. FTS5 has no Portuguese stemmer: the server stems each
//!   searched word (Snowball) and asks for it as a prefix, so "pagamentos" finds "pagamento".
//! - PostgreSQL: a GIN index on the body's words stemmed twice: by the `portuguese` configuration
//!   (Snowball's rules need the accents: "reclamação" and "reclamando" meet at "reclam") and by
//!   `pt_unaccent`, the same with the `unaccent` dictionary before the stemmer (so "reclamacao",
//!   typed without accents, meets "reclamação"). A configuration named as a constant keeps the
//!   expression immutable, so it can be indexed. `unaccent` is a trusted extension, installed once
//!   per database (its schema looked up, not assumed; without it accents count).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "CREATE VIRTUAL TABLE IF NOT EXISTS messages_fts USING fts5(body, instance_id, content='messages', \
     content_rowid='id', tokenize='unicode61 remove_diacritics 2')",
    "INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')",
    "CREATE TRIGGER IF NOT EXISTS messages_fts_insert AFTER INSERT ON messages BEGIN \
     INSERT INTO messages_fts(rowid, body, instance_id) VALUES (new.id, new.body, new.instance_id); END",
    "CREATE TRIGGER IF NOT EXISTS messages_fts_delete AFTER DELETE ON messages BEGIN \
     INSERT INTO messages_fts(messages_fts, rowid, body, instance_id) \
     VALUES ('delete', old.id, old.body, old.instance_id); END",
    "CREATE TRIGGER IF NOT EXISTS messages_fts_update AFTER UPDATE OF body, instance_id ON messages BEGIN \
     INSERT INTO messages_fts(messages_fts, rowid, body, instance_id) \
     VALUES ('delete', old.id, old.body, old.instance_id); \
     INSERT INTO messages_fts(rowid, body, instance_id) VALUES (new.id, new.body, new.instance_id); END",
];

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS messages_fts_update",
    "DROP TRIGGER IF EXISTS messages_fts_delete",
    "DROP TRIGGER IF EXISTS messages_fts_insert",
    "DROP TABLE IF EXISTS messages_fts",
];

const POSTGRES_DOWN: &[&str] =
    &["DROP INDEX IF EXISTS ix_messages_search", "DROP TEXT SEARCH CONFIGURATION IF EXISTS pt_unaccent"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                let conn = manager.get_connection();
                conn.execute_unprepared("CREATE TEXT SEARCH CONFIGURATION pt_unaccent (COPY = pg_catalog.portuguese)")
                    .await?;
                // Without unaccent, `pt_unaccent` stays the plain Portuguese configuration: the
                // search still answers, accents then count.
                if let Some(schema) = crate::support::extension_schema(manager, "unaccent").await? {
                    conn.execute_unprepared(&format!(
                        "ALTER TEXT SEARCH CONFIGURATION pt_unaccent ALTER MAPPING FOR hword, hword_part, word \
                         WITH \"{schema}\".unaccent, pg_catalog.portuguese_stem"
                    ))
                    .await?;
                }
                conn.execute_unprepared(
                    "CREATE INDEX ix_messages_search ON messages USING gin \
                     ((to_tsvector('portuguese', body) || to_tsvector('pt_unaccent', body)))",
                )
                .await?;
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
