//! The queue's name search tests each ticket it walks without leaving the index (issue 45,
//! docs/search.md#the-queue). A common surname ("silva") is answered by walking the newest
//! tickets and keeping those whose customer matches; migration 44 put `customer_id` in the
//! activity indexes, but testing it still meant building the set of every matching customer from
//! the trigram index on each request (on SQLite ~0.4 ms of a page's ~0.5 ms at 650 matches) or
//! reading each walked ticket's customer (~0.8 µs a ticket).
//!
//! `tickets.customer_search` copies the customer's `search` text and phone (`search`, a newline,
//! `phone`), so the walk tests `instr` on the index entry itself. Triggers keep it: a ticket opened
//! or moved to another customer (a merge) copies its customer's; a customer renamed or given
//! another phone rewrites their tickets' (a handful, by `ix_tickets_customer_id`). It is not in
//! the entity: nothing but the search reads it.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The activity indexes of migration 9 (with migration 44's `customer_id`), by name.
const INDEXES: [(&str, &str); 3] = [
    ("ix_tickets_activity", "last_activity_at, id"),
    ("ix_tickets_status_activity", "status, last_activity_at, id"),
    ("ix_tickets_instance_activity", "instance_id, last_activity_at, id"),
];

/// A customer's searched text as a ticket keeps it, from the row `customers.` or `NEW.`.
fn copied(backend: DbBackend, row: &str) -> String {
    let newline = if backend == DbBackend::Postgres { "E'\\n'" } else { "char(10)" };
    format!("COALESCE({row}search, '') || {newline} || COALESCE({row}phone, '')")
}

fn indexes(with_search: bool) -> Vec<String> {
    let extra = if with_search { "customer_id, customer_search" } else { "customer_id" };
    INDEXES
        .iter()
        .flat_map(|(name, columns)| {
            [format!("DROP INDEX IF EXISTS {name}"), format!("CREATE INDEX {name} ON tickets ({columns}, {extra})")]
        })
        .collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let of_customer = |id: &str| {
            format!("COALESCE((SELECT {} FROM customers WHERE customers.id = {id}), '')", copied(backend, "customers."))
        };
        let mut sql = vec![
            "ALTER TABLE tickets ADD COLUMN customer_search TEXT NOT NULL DEFAULT ''".to_owned(),
            format!("UPDATE tickets SET customer_search = {}", of_customer("tickets.customer_id")),
        ];
        match backend {
            DbBackend::Postgres => sql.extend([
                format!(
                    "CREATE OR REPLACE FUNCTION tickets_customer_search() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN NEW.customer_search := {}; RETURN NEW; END $$",
                    of_customer("NEW.customer_id")
                ),
                "CREATE TRIGGER tickets_customer_search BEFORE INSERT OR UPDATE OF customer_id ON tickets \
                 FOR EACH ROW EXECUTE FUNCTION tickets_customer_search()"
                    .to_owned(),
                // AFTER: `search` is written by the customers' own BEFORE trigger (migration 17),
                // which `UPDATE OF` does not see; hence `name` among the columns.
                format!(
                    "CREATE OR REPLACE FUNCTION customers_tickets_search() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN UPDATE tickets SET customer_search = {copied} WHERE customer_id = NEW.id \
                     AND customer_search IS DISTINCT FROM {copied}; RETURN NULL; END $$",
                    copied = copied(backend, "NEW.")
                ),
                "CREATE TRIGGER customers_tickets_search AFTER UPDATE OF name, search, phone ON customers \
                 FOR EACH ROW EXECUTE FUNCTION customers_tickets_search()"
                    .to_owned(),
            ]),
            // SQLite's triggers cannot change `NEW`: the row is rewritten after it is written.
            _ => sql.extend([
                format!(
                    "CREATE TRIGGER IF NOT EXISTS tickets_customer_search_insert AFTER INSERT ON tickets \
                     BEGIN UPDATE tickets SET customer_search = {} WHERE id = NEW.id; END",
                    of_customer("NEW.customer_id")
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS tickets_customer_search_move AFTER UPDATE OF customer_id ON tickets \
                     BEGIN UPDATE tickets SET customer_search = {} WHERE id = NEW.id; END",
                    of_customer("NEW.customer_id")
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS customers_tickets_search AFTER UPDATE OF search, phone ON customers \
                     BEGIN UPDATE tickets SET customer_search = {} WHERE customer_id = NEW.id; END",
                    copied(backend, "NEW.")
                ),
            ]),
        }
        sql.extend(indexes(true));
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut sql: Vec<String> = match manager.get_database_backend() {
            DbBackend::Postgres => vec![
                "DROP TRIGGER IF EXISTS customers_tickets_search ON customers".into(),
                "DROP FUNCTION IF EXISTS customers_tickets_search()".into(),
                "DROP TRIGGER IF EXISTS tickets_customer_search ON tickets".into(),
                "DROP FUNCTION IF EXISTS tickets_customer_search()".into(),
            ],
            _ => vec![
                "DROP TRIGGER IF EXISTS customers_tickets_search".into(),
                "DROP TRIGGER IF EXISTS tickets_customer_search_move".into(),
                "DROP TRIGGER IF EXISTS tickets_customer_search_insert".into(),
            ],
        };
        sql.extend(indexes(false));
        sql.push("ALTER TABLE tickets DROP COLUMN customer_search".into());
        execute_all(manager, &sql).await
    }
}
