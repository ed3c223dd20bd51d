//! The data subject's rights (issue 47, docs/privacy.md, decision 214): consents recorded per
//! customer (the bot's consent step: which text, which version, the answer, when), and on the
//! customer a legal hold (while it stands, erasure is refused) and when the customer was erased
//! (anonymised in place: the row stays, so tickets, orders and the daily aggregates still add up).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let (id, tz, boolean) = match backend {
            DbBackend::Postgres => ("SERIAL PRIMARY KEY", "TIMESTAMP WITH TIME ZONE", "BOOLEAN"),
            _ => ("INTEGER PRIMARY KEY AUTOINCREMENT", "timestamp_with_timezone_text", "boolean"),
        };
        let mut sql = vec![
            format!(
                "CREATE TABLE IF NOT EXISTS consents (id {id}, customer_id INTEGER NOT NULL \
                     REFERENCES customers (id) ON DELETE CASCADE, version INTEGER NOT NULL, text TEXT NOT NULL, \
                     granted {boolean} NOT NULL, source VARCHAR(20) NOT NULL, ticket_id INTEGER NULL, \
                     answered_at {tz} NOT NULL)"
            ),
            // A customer's answers, newest first (the bot asks again only for a newer version).
            "CREATE INDEX IF NOT EXISTS ix_consents_customer ON consents (customer_id, id)".to_owned(),
            "ALTER TABLE customers ADD COLUMN legal_hold_reason TEXT NULL".to_owned(),
            format!("ALTER TABLE customers ADD COLUMN legal_hold_at {tz} NULL"),
            format!("ALTER TABLE customers ADD COLUMN erased_at {tz} NULL"),
            // The bot waits for the customer's answer to the consent question before its menu.
            format!("ALTER TABLE bot_sessions ADD COLUMN awaiting_consent {boolean} NOT NULL DEFAULT false"),
        ];
        if backend == DbBackend::Sqlite {
            // An erased customer's words must leave the search index too, not linger in its
            // segments until the next merge: FTS5's secure-delete removes a row's tokens when the
            // row is deleted or changed (SQLite 3.42+; a little more work per edit, and edits of
            // messages are rare).
            for table in ["messages_fts", "customers_fts"] {
                sql.push(format!("INSERT INTO {table}({table}, rank) VALUES ('secure-delete', 1)"));
            }
        }
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(
            manager,
            &[
                "ALTER TABLE bot_sessions DROP COLUMN awaiting_consent",
                "ALTER TABLE customers DROP COLUMN erased_at",
                "ALTER TABLE customers DROP COLUMN legal_hold_at",
                "ALTER TABLE customers DROP COLUMN legal_hold_reason",
                "DROP TABLE IF EXISTS consents",
            ],
        )
        .await
    }
}
