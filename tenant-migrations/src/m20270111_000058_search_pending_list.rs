//! The two GIN indexes of message search keep a short pending list (decision 225). PostgreSQL
//! writes a GIN index's new entries to an unsorted pending list first and merges it into the
//! index when it outgrows `gin_pending_list_limit` (4 MB by default) or at a vacuum — and until
//! then every search reads the whole list beside the index. A messages table is vacuumed for its
//! inserts only every 20 % of its rows (2 M messages at 10 M), so in a working inbox the list
//! sat near its limit: 76 pending pages after 5 000 new messages made a search of one block read
//! 82 pages (1.6 ms) where a clean index read 6 (`boleto`, 268 against 755 searches a second).
//! At 64 kB (8 pages, the least PostgreSQL allows) a search reads at most 8 pages more, and
//! inserts still reach the index in batches of a hundred or so messages. SQLite's FTS5 merges
//! its own segments: nothing changes there.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const POSTGRES_UP: &[&str] = &[
    "ALTER INDEX ix_messages_search_document SET (gin_pending_list_limit = 64)",
    "ALTER INDEX ix_messages_search_blocks SET (gin_pending_list_limit = 64)",
];

const POSTGRES_DOWN: &[&str] = &[
    "ALTER INDEX ix_messages_search_document RESET (gin_pending_list_limit)",
    "ALTER INDEX ix_messages_search_blocks RESET (gin_pending_list_limit)",
];

crate::support::postgres_only_migration!();
