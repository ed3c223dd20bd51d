//! List pages with their `LIMIT` written into the SQL text rather than bound.
//!
//! PostgreSQL plans a prepared statement for each execution's values (a *custom* plan) for as long
//! as one plan for any values (the *generic* plan) looks dearer. A bound `LIMIT $n` makes the
//! generic plan look dear — it must assume a tenth of the table comes back — so a list query whose
//! limit is bound is planned again on every request: 1–4 ms of planning for a ticket or users page
//! with its joins, against under 1 ms to run it (docs/performance.md#planning-and-round-trips).
//! With the limit in the text the generic plan is as good, PostgreSQL keeps it after five
//! executions, and a page costs its execution only. Page sizes are integers the server clamps, so
//! writing them into the text is safe; everything a user typed stays bound. SQLite prepares once
//! and has no custom plans: its statements are left as they are.

use sea_orm::{ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryTrait, Select, Statement, Value};

/// One numbered page of a list and its position (users, tenants; keyset-paginated lists answer
/// a cursor instead).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub pagination: Pagination,
}

#[derive(Debug, Clone, Copy, serde::Serialize, utoipa::ToSchema)]
pub struct Pagination {
    pub page: u64,
    pub limit: u64,
    pub total: u64,
    pub pages: u64,
}

/// `select` run with its trailing `LIMIT` (and `OFFSET`) as literals on PostgreSQL.
pub async fn all<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>) -> Result<Vec<E::Model>, DbErr> {
    let statement = literal_limit(select.build(db.get_database_backend()));
    E::find().from_raw_sql(statement).all(db).await
}

/// The statement with the `LIMIT $n [OFFSET $m]` that ends it written as numbers, on PostgreSQL
/// (where sea-query renders them last, so they are the last values bound). Any other statement is
/// answered unchanged.
pub fn literal_limit(mut statement: Statement) -> Statement {
    if statement.db_backend != DbBackend::Postgres {
        return statement;
    }
    let Some(values) = statement.values.as_mut() else { return statement };
    let sql = &statement.sql;
    let (mut tail, mut cut, mut bound) = (String::new(), sql.len(), values.0.len());
    // The clauses from the end: OFFSET (when present) follows LIMIT. Each must be the last value
    // still bound and an integer; anything else leaves the statement as it was.
    for keyword in [" OFFSET $", " LIMIT $"] {
        let Some(at) = sql[..cut].rfind(keyword) else { continue };
        let index = sql[at + keyword.len()..cut].parse::<usize>().ok();
        let literal = index.filter(|i| *i == bound && bound > 0).and_then(|i| integer(&values.0[i - 1]));
        let Some(literal) = literal else { return statement };
        tail = format!("{}{literal}{tail}", &keyword[..keyword.len() - 1]);
        (cut, bound) = (at, bound - 1);
    }
    if tail.is_empty() {
        return statement;
    }
    values.0.truncate(bound);
    statement.sql = format!("{}{tail}", &sql[..cut]);
    statement
}

fn integer(value: &Value) -> Option<i128> {
    match value {
        Value::TinyUnsigned(Some(n)) => Some(i128::from(*n)),
        Value::SmallUnsigned(Some(n)) => Some(i128::from(*n)),
        Value::Unsigned(Some(n)) => Some(i128::from(*n)),
        Value::BigUnsigned(Some(n)) => Some(i128::from(*n)),
        Value::TinyInt(Some(n)) => Some(i128::from(*n)),
        Value::SmallInt(Some(n)) => Some(i128::from(*n)),
        Value::Int(Some(n)) => Some(i128::from(*n)),
        Value::BigInt(Some(n)) => Some(i128::from(*n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ColumnTrait, QueryFilter, QueryOrder, QuerySelect};

    use super::*;
    use crate::entities::tenant::customer;

    fn page(backend: DbBackend, offset: Option<u64>) -> Statement {
        let mut select = customer::Entity::find()
            .filter(customer::Column::Name.contains("silva"))
            .order_by_desc(customer::Column::Id)
            .limit(31);
        if let Some(offset) = offset {
            select = select.offset(offset);
        }
        literal_limit(select.build(backend))
    }

    #[test]
    fn postgres_pages_carry_their_limit_and_offset_in_the_text_and_keep_what_users_typed_bound() {
        let statement = page(DbBackend::Postgres, None);
        assert!(statement.sql.ends_with(r#"ORDER BY "customers"."id" DESC LIMIT 31"#), "{}", statement.sql);
        assert!(statement.sql.contains("LIKE $1"), "{}", statement.sql);
        assert_eq!(statement.values.as_ref().map(|v| v.0.len()), Some(1), "only the search stays bound");

        let statement = page(DbBackend::Postgres, Some(60));
        assert!(statement.sql.ends_with("LIMIT 31 OFFSET 60"), "{}", statement.sql);
        assert_eq!(statement.values.as_ref().map(|v| v.0.len()), Some(1));
    }

    #[test]
    fn sqlite_statements_and_statements_without_a_trailing_integer_limit_are_unchanged() {
        let sqlite = customer::Entity::find().limit(31).build(DbBackend::Sqlite);
        assert_eq!(literal_limit(sqlite.clone()).sql, sqlite.sql);

        let unlimited = customer::Entity::find().filter(customer::Column::Id.eq(3)).build(DbBackend::Postgres);
        assert_eq!(literal_limit(unlimited.clone()).sql, unlimited.sql);
        assert_eq!(literal_limit(unlimited.clone()).values, unlimited.values);

        // A LIMIT that is not the last value (a hand-written statement) is left bound.
        let odd = Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT 1 LIMIT $1 WHERE x = $2",
            [Value::BigUnsigned(Some(5)), Value::from("a")],
        );
        assert_eq!(literal_limit(odd.clone()).sql, odd.sql);
    }
}
