//! Message search on PostgreSQL finds a word's newest matches without walking or decoding all of
//! them (decision 224, docs/search.md). A second GIN index holds each message's words tagged with
//! its block of 8 192 message ids (`'bolet 1220'`: the word, a space — which no lexeme the parser
//! writes holds — and `id >> 13`), so a word's matches in the newest block are one short posting
//! list. A word in 1 % of 10 M messages had either its 111 000 matches decoded from the plain GIN
//! index (5 ms) or about 9 000 of the newest messages tested one by one (6.5 ms); its newest block
//! answers in 0.14 ms.
//!
//! `message_search_blocks(document, id)` is what the index holds (an expression index: the table
//! is not rewritten). The server asks for a query's words tagged the same way, for as many blocks
//! as the page needs, in one tsquery (`domain::search`).
//!
//! The function is plain SQL that PostgreSQL inlines — every name in it qualified with
//! `pg_catalog`, no `SET search_path` (decision 154's concern is the tenant's schema, never named
//! here): a function it cannot inline is parsed again by every statement that writes a message,
//! and one with a `search_path` of its own also saves and restores the settings at each call. The
//! document's text form (`'bolet' 'venc'`, positions stripped) gets the block after each lexeme; a
//! quote inside a lexeme is doubled there, which the pattern reads. About 13 µs per message
//! written. SQLite's FTS5 index reads a word's matches newest first already: nothing changes there.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const POSTGRES_UP: &[&str] = &[
    r#"CREATE OR REPLACE FUNCTION message_search_blocks(document tsvector, id integer) RETURNS tsvector
       LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
       SELECT pg_catalog.regexp_replace(pg_catalog.strip(document)::pg_catalog.text,
         '''((?:[^'']|'''')*)''',
         '''\1 ' OPERATOR(pg_catalog.||) (id OPERATOR(pg_catalog.>>) 13)::pg_catalog.text OPERATOR(pg_catalog.||) '''',
         'g')::pg_catalog.tsvector $$"#,
    "CREATE INDEX IF NOT EXISTS ix_messages_search_blocks ON messages \
     USING gin (message_search_blocks(search_document, id))",
];

const POSTGRES_DOWN: &[&str] = &[
    "DROP INDEX IF EXISTS ix_messages_search_blocks",
    "DROP FUNCTION IF EXISTS message_search_blocks(tsvector, integer)",
];

crate::support::postgres_only_migration!();
