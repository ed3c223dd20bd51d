//! Searches by substring, any case: the users list (`?search=` on name, email or username) and
//! customers (by name, also behind the inbox's ticket search). Asked as `ILIKE` / `lower(..) LIKE`,
//! PostgreSQL case-folded every row's strings with the locale's rules on every request (12 ms for
//! the count of a users search over 5 000 people) and SQLite folded them character by character.
//! A `search` column holds them already lower-cased (one per line), so a search is a byte substring
//! test (`strpos` / `instr`) over one short column of a covering index
//! (docs/performance.md#hot-path).
//!
//! The columns are kept by triggers, the same way on both backends, so every writer (screens, CLI,
//! GraphQL, the inbound path, imports, backups restored from any version) keeps them right without
//! knowing they exist. Generated columns would not do: PostgreSQL refuses a value for one on a
//! backup's import, and SQLite cannot add a stored one to an existing table. SQLite's `lower` folds
//! ASCII only (its `LIKE` did the same); the triggers fold the accented capitals of Portuguese
//! names themselves.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::text_null;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::{add_column, drop_column};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A table whose `search` column is kept from some of its text columns.
struct Searched {
    table: &'static str,
    columns: &'static [&'static str],
    /// The covering index (partial on PostgreSQL and SQLite alike) and the index it replaces.
    index: &'static str,
    replaces: Option<(&'static str, &'static str)>,
}

/// Accented capitals SQLite's `lower` leaves as they are.
const CAPITALS: &str = "ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ";

const SEARCHED: [Searched; 2] = [
    Searched {
        table: "users",
        columns: &["name", "email", "username"],
        index: "CREATE INDEX IF NOT EXISTS idx_users_search ON users (name, id, search) WHERE deleted_at IS NULL",
        replaces: Some((
            "idx_users_listing",
            "CREATE INDEX IF NOT EXISTS idx_users_listing ON users (name, id, email, username) WHERE deleted_at IS NULL",
        )),
    },
    // Customers are listed newest first: the index walks ids backwards reading only the names.
    Searched {
        table: "customers",
        columns: &["name"],
        index: "CREATE INDEX IF NOT EXISTS idx_customers_search ON customers (id, search)",
        replaces: None,
    },
];

impl Searched {
    /// The `search` value of a row (`NEW.` or the table's own columns).
    fn value(&self, backend: DbBackend, row: &str) -> String {
        let newline = if backend == DbBackend::Postgres { " || E'\\n' || " } else { " || char(10) || " };
        let parts: Vec<String> = self.columns.iter().map(|c| format!("COALESCE({row}{c}, '')")).collect();
        let lowered = format!("lower({})", parts.join(newline));
        if backend == DbBackend::Postgres {
            return lowered;
        }
        // SQLite's `lower` folds ASCII only: the capitals of Portuguese (and Spanish) names are
        // folded here, so "ágata" finds "Ágata" as it does on PostgreSQL.
        CAPITALS.chars().fold(lowered, |sql, capital| {
            let small: String = capital.to_lowercase().collect();
            format!("replace({sql}, '{capital}', '{small}')")
        })
    }

    fn index_name(&self) -> &str {
        self.index.split_whitespace().nth(5).unwrap_or_default()
    }

    fn up(&self, backend: DbBackend) -> Vec<String> {
        let (table, columns) = (self.table, self.columns.join(", "));
        let mut sql = vec![format!("UPDATE {table} SET search = {}", self.value(backend, ""))];
        match backend {
            DbBackend::Postgres => sql.extend([
                format!(
                    "CREATE OR REPLACE FUNCTION {table}_search() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN NEW.search := {}; RETURN NEW; END $$",
                    self.value(backend, "NEW.")
                ),
                format!("DROP TRIGGER IF EXISTS {table}_search ON {table}"),
                // `search` among the columns: a value written for it (a backup's import) is replaced.
                format!(
                    "CREATE TRIGGER {table}_search BEFORE INSERT OR UPDATE OF {columns}, search ON {table} \
                     FOR EACH ROW EXECUTE FUNCTION {table}_search()"
                ),
            ]),
            _ => sql.extend([
                format!(
                    "CREATE TRIGGER IF NOT EXISTS {table}_search_insert AFTER INSERT ON {table} FOR EACH ROW \
                     BEGIN UPDATE {table} SET search = {} WHERE id = NEW.id; END",
                    self.value(backend, "NEW.")
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS {table}_search_update AFTER UPDATE OF {columns} ON {table} \
                     FOR EACH ROW BEGIN UPDATE {table} SET search = {} WHERE id = NEW.id; END",
                    self.value(backend, "NEW.")
                ),
            ]),
        }
        sql.push(self.index.to_owned());
        if let Some((old, _)) = self.replaces {
            sql.push(format!("DROP INDEX IF EXISTS {old}"));
        }
        sql
    }

    fn down(&self, backend: DbBackend) -> Vec<String> {
        let table = self.table;
        let mut sql = Vec::new();
        if let Some((_, create)) = self.replaces {
            sql.push(create.to_owned());
        }
        sql.push(format!("DROP INDEX IF EXISTS {}", self.index_name()));
        match backend {
            DbBackend::Postgres => sql.extend([
                format!("DROP TRIGGER IF EXISTS {table}_search ON {table}"),
                format!("DROP FUNCTION IF EXISTS {table}_search()"),
            ]),
            _ => sql.extend([
                format!("DROP TRIGGER IF EXISTS {table}_search_insert"),
                format!("DROP TRIGGER IF EXISTS {table}_search_update"),
            ]),
        }
        sql
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        for searched in &SEARCHED {
            add_column(manager, searched.table, text_null(Alias::new("search"))).await?;
            for sql in searched.up(backend) {
                manager.get_connection().execute_unprepared(&sql).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        for searched in &SEARCHED {
            for sql in searched.down(backend) {
                manager.get_connection().execute_unprepared(&sql).await?;
            }
            drop_column(manager, searched.table, "search").await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_value_joins_the_columns_lower_cased_one_per_line() {
        assert_eq!(
            SEARCHED[0].value(DbBackend::Postgres, "NEW."),
            "lower(COALESCE(NEW.name, '') || E'\\n' || COALESCE(NEW.email, '') || E'\\n' || COALESCE(NEW.username, ''))"
        );
        assert_eq!(SEARCHED[1].value(DbBackend::Postgres, ""), "lower(COALESCE(name, ''))");
        let sqlite = SEARCHED[1].value(DbBackend::Sqlite, "");
        assert!(sqlite.starts_with("replace(replace("), "{sqlite}");
        assert!(sqlite.contains("lower(COALESCE(name, ''))") && sqlite.ends_with(", 'Ñ', 'ñ')"), "{sqlite}");
        assert_eq!(SEARCHED[0].index_name(), "idx_users_search");
        assert_eq!(SEARCHED[1].index_name(), "idx_customers_search");
    }
}
