//! Message search on SQLite answers a stem from a prefix index (decision 197, docs/search.md).
//! The server asks FTS5 for each searched word's stem as a prefix (`"bolet"*`: FTS5 has no
//! Portuguese stemmer). Without a prefix index FTS5 answers a prefix by reading and merging the
//! whole doclist of every term that starts with it before the newest-first walk can take its page
//! — for a word in 1 % of 10 M messages, 100 000 entries per request, the same again for an
//! attendant's instance condition. With `prefix='4 5 6 7 8'` each of those lengths is indexed as a
//! term of its own, read lazily newest first like any word: the page stops at its limit. Stems of
//! other lengths (three letters, or nine and more — rarer words) are merged as before.
//!
//! An FTS5 table's options cannot be altered: the index is dropped and rebuilt from `messages`
//! (its external content) with the same triggers. At 10 M messages that is a minute or two of
//! migration. PostgreSQL is unchanged.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The index of migration 39, with `prefix` or without.
fn sqlite_index(prefix: &str) -> Vec<String> {
    vec![
        "DROP TRIGGER IF EXISTS messages_fts_update".into(),
        "DROP TRIGGER IF EXISTS messages_fts_delete".into(),
        "DROP TRIGGER IF EXISTS messages_fts_insert".into(),
        "DROP TABLE IF EXISTS messages_fts".into(),
        format!(
            "CREATE VIRTUAL TABLE messages_fts USING fts5(body, instance_id, content='messages', \
             content_rowid='id', tokenize='unicode61 remove_diacritics 2'{prefix})"
        ),
        "INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')".into(),
        "CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN \
         INSERT INTO messages_fts(rowid, body, instance_id) VALUES (new.id, new.body, new.instance_id); END"
            .into(),
        "CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN \
         INSERT INTO messages_fts(messages_fts, rowid, body, instance_id) \
         VALUES ('delete', old.id, old.body, old.instance_id); END"
            .into(),
        "CREATE TRIGGER messages_fts_update AFTER UPDATE OF body, instance_id ON messages BEGIN \
         INSERT INTO messages_fts(messages_fts, rowid, body, instance_id) \
         VALUES ('delete', old.id, old.body, old.instance_id); \
         INSERT INTO messages_fts(rowid, body, instance_id) VALUES (new.id, new.body, new.instance_id); END"
            .into(),
    ]
}

async fn run(manager: &SchemaManager<'_>, statements: Vec<String>) -> Result<(), DbErr> {
    let statements: Vec<&str> = statements.iter().map(String::as_str).collect();
    crate::support::run_all(manager, &statements).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Sqlite => run(manager, sqlite_index(", prefix='4 5 6 7 8'")).await,
            _ => Ok(()),
        }
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Sqlite => run(manager, sqlite_index("")).await,
            _ => Ok(()),
        }
    }
}
