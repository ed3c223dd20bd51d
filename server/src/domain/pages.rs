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

/// The statement with every `LIMIT $n` and `OFFSET $n` written as numbers, on PostgreSQL — the
/// page's own and a subquery's (a page whose ids are found first: `id IN (SELECT id … LIMIT 31)`)
/// — and the placeholders after them numbered again. A placeholder is written out only when it is
/// an integer used once, right after the keyword; everything else stays bound as it was. Any
/// other backend's statement is answered unchanged.
pub fn literal_limit(mut statement: Statement) -> Statement {
    if statement.db_backend != DbBackend::Postgres {
        return statement;
    }
    let Some(values) = statement.values.as_mut() else { return statement };
    let placeholders = placeholders(&statement.sql);
    // Per value: how many times the text uses it, and whether (used once) it follows a keyword.
    let mut uses = vec![(0usize, false); values.0.len()];
    for p in placeholders.iter().filter(|p| p.index <= values.0.len()) {
        let (count, after_limit) = &mut uses[p.index - 1];
        *count += 1;
        *after_limit = p.after_limit;
    }
    let literal: Vec<Option<i128>> = uses
        .iter()
        .zip(&values.0)
        .map(|(&(count, after_limit), value)| (count == 1 && after_limit).then(|| integer(value)).flatten())
        .collect();
    if literal.iter().all(Option::is_none) {
        return statement;
    }
    // Each placeholder kept moves down by the values written out before it.
    let written_before: Vec<usize> = literal
        .iter()
        .scan(0, |written, l| {
            let before = *written;
            *written += usize::from(l.is_some());
            Some(before)
        })
        .collect();
    let sql = &statement.sql;
    let mut out = String::with_capacity(sql.len());
    let mut from = 0;
    for p in &placeholders {
        out.push_str(&sql[from..p.start]);
        match literal.get(p.index - 1).copied().flatten() {
            Some(number) => out.push_str(&number.to_string()),
            None => out.push_str(&format!("${}", p.index - written_before.get(p.index - 1).copied().unwrap_or(0))),
        }
        from = p.end;
    }
    out.push_str(&sql[from..]);
    let mut kept = literal.iter();
    values.0.retain(|_| kept.next().is_some_and(Option::is_none));
    statement.sql = out;
    statement
}

/// A `$n` of a statement's text: where it is, which value, and whether `LIMIT` or `OFFSET` is the
/// word before it.
struct Placeholder {
    start: usize,
    end: usize,
    index: usize,
    after_limit: bool,
}

/// The `$n` placeholders of a PostgreSQL statement, outside quoted text and identifiers.
fn placeholders(sql: &str) -> Vec<Placeholder> {
    let bytes = sql.as_bytes();
    let mut found = Vec::new();
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            // A doubled quote inside quotes is the quote itself: closing and opening again reads
            // it the same way.
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'\'' || b == b'"' => quote = Some(b),
            None if b == b'$' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let end = (i + 1..bytes.len()).find(|&j| !bytes[j].is_ascii_digit()).unwrap_or(bytes.len());
                if let Ok(index) = sql[i + 1..end].parse::<usize>()
                    && index > 0
                {
                    let before = sql[..i].trim_end().as_bytes();
                    let ends = |word: &[u8]| {
                        before.len() >= word.len() && before[before.len() - word.len()..].eq_ignore_ascii_case(word)
                    };
                    let after_limit = ends(b" LIMIT") || ends(b" OFFSET");
                    found.push(Placeholder { start: i, end, index, after_limit });
                }
                i = end;
                continue;
            }
            None => {}
        }
        i += 1;
    }
    found
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
    use sea_orm::{ColumnTrait, Order, QueryFilter, QueryOrder, QuerySelect, sea_query::Query};

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

        // A placeholder after LIMIT that is not an integer, or is used twice, stays bound.
        let text = Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT 1 LIMIT $1 WHERE x = $2",
            [Value::from("5"), Value::from("a")],
        );
        assert_eq!(literal_limit(text.clone()).sql, text.sql);
        let twice =
            Statement::from_sql_and_values(DbBackend::Postgres, "SELECT $1 LIMIT $1", [Value::BigUnsigned(Some(5))]);
        assert_eq!(literal_limit(twice.clone()).sql, twice.sql);
    }

    #[test]
    fn a_subquerys_limit_is_written_too_and_the_placeholders_after_it_numbered_again() {
        let ids = Query::select()
            .column(customer::Column::Id)
            .from(customer::Entity)
            .and_where(customer::Column::Name.contains("silva"))
            .order_by(customer::Column::Id, Order::Desc)
            .limit(31)
            .to_owned();
        let select = customer::Entity::find()
            .filter(customer::Column::Id.in_subquery(ids))
            .filter(customer::Column::Phone.eq("5511"))
            .order_by_desc(customer::Column::Id)
            .limit(31);
        let statement = literal_limit(select.build(DbBackend::Postgres));
        assert!(statement.sql.contains(r#"DESC LIMIT 31) AND "customers"."phone" = $2"#), "{}", statement.sql);
        assert!(statement.sql.ends_with("DESC LIMIT 31"), "{}", statement.sql);
        assert_eq!(statement.values.map(|v| v.0), Some(vec![Value::from("%silva%"), Value::from("5511")]));
    }

    #[test]
    fn dollars_inside_quoted_text_are_not_placeholders() {
        let quoted = Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT 'a '' LIMIT $1' AS \"LIMIT $1\" FROM t WHERE x = $1 LIMIT $2",
            [Value::from("a"), Value::BigUnsigned(Some(7))],
        );
        let statement = literal_limit(quoted);
        assert_eq!(statement.sql, "SELECT 'a '' LIMIT $1' AS \"LIMIT $1\" FROM t WHERE x = $1 LIMIT 7");
        assert_eq!(statement.values.map(|v| v.0.len()), Some(1));
    }
}
