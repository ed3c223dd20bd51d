//! Message search on PostgreSQL keeps each message's document (decision 196, docs/search.md): the
//! body's words stemmed with and without accents, as migration 39 indexed them, now a stored
//! generated column (`search_document`) with the GIN index on it. A search that walks the newest
//! messages (a frequent word, most often) then tests each one's stored document instead of
//! stemming its body twice — the walk cost an attendant seconds at 10 M messages. `ANALYZE` keeps
//! the column's most common words and their frequencies (`pg_stats.most_common_elems`), which the
//! search reads to choose between that walk and the index. SQLite's FTS5 index is unchanged.
//!
//! Adding the column rewrites `messages` once (minutes at millions of rows, during the migration).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const POSTGRES_UP: &[&str] = &[
    "ALTER TABLE messages ADD COLUMN IF NOT EXISTS search_document tsvector GENERATED ALWAYS AS \
     (to_tsvector('portuguese', body) || to_tsvector('pt_unaccent', body)) STORED",
    "DROP INDEX IF EXISTS ix_messages_search",
    "CREATE INDEX IF NOT EXISTS ix_messages_search_document ON messages USING gin (search_document)",
    "ANALYZE messages",
];

const POSTGRES_DOWN: &[&str] = &[
    "DROP INDEX IF EXISTS ix_messages_search_document",
    "ALTER TABLE messages DROP COLUMN IF EXISTS search_document",
    "CREATE INDEX IF NOT EXISTS ix_messages_search ON messages USING gin \
     ((to_tsvector('portuguese', body) || to_tsvector('pt_unaccent', body)))",
];

crate::support::postgres_only_migration!();
