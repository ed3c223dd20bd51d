//! SQL the domain writes by hand: bind values collected while the text is written ([`Binder`]),
//! the fragments that differ between SQLite and PostgreSQL ([`Dialect`]), and what an
//! `INSERT … ON CONFLICT DO NOTHING … RETURNING` added ([`inserted`]).

use sea_orm::DbBackend;

use crate::domain::{error::Result, local_time::SAO_PAULO_OFFSET_HOURS};

/// SQL fragments that differ between the backends.
#[derive(Debug, Clone, Copy)]
pub struct Dialect(pub DbBackend);

impl Dialect {
    /// The São Paulo day (`YYYY-MM-DD` text on SQLite, `date` on PostgreSQL) of a timestamp column.
    pub fn day(self, col: &str) -> String {
        match self.0 {
            DbBackend::Postgres => {
                format!("(({col} AT TIME ZONE 'UTC') - INTERVAL '{SAO_PAULO_OFFSET_HOURS} hours')::date")
            }
            _ => format!("date({col}, '-{SAO_PAULO_OFFSET_HOURS} hours')"),
        }
    }

    /// The São Paulo hour (0–23) of a timestamp column.
    pub fn hour(self, col: &str) -> String {
        match self.0 {
            DbBackend::Postgres => format!(
                "EXTRACT(HOUR FROM ({col} AT TIME ZONE 'UTC') - INTERVAL '{SAO_PAULO_OFFSET_HOURS} hours')::int"
            ),
            _ => format!("CAST(strftime('%H', {col}, '-{SAO_PAULO_OFFSET_HOURS} hours') AS INTEGER)"),
        }
    }

    /// Whole seconds from `start` to `end` (null when either is null).
    pub fn secs(self, start: &str, end: &str) -> String {
        match self.0 {
            DbBackend::Postgres => format!("EXTRACT(EPOCH FROM ({end} - {start}))::bigint"),
            _ => format!("CAST(ROUND((julianday({end}) - julianday({start})) * 86400) AS INTEGER)"),
        }
    }

    /// The weekday (0 = Sunday) of a `day` column.
    pub fn weekday(self, col: &str) -> String {
        match self.0 {
            DbBackend::Postgres => format!("EXTRACT(DOW FROM {col})::int"),
            _ => format!("CAST(strftime('%w', {col}) AS INTEGER)"),
        }
    }

    /// The `n`-th bind placeholder (1-based).
    pub fn param(self, n: usize) -> String {
        match self.0 {
            DbBackend::Postgres => format!("${n}"),
            _ => format!("?{n}"),
        }
    }
}

/// Bind values collected while an SQL text is written: each [`Binder::p`] pushes a value and
/// answers its numbered placeholder (`$n` / `?n`), so a statement can reuse and interleave them.
#[derive(Debug)]
pub struct Binder {
    dialect: Dialect,
    values: Vec<sea_orm::Value>,
}

impl Binder {
    pub fn new(backend: DbBackend) -> Self {
        Self { dialect: Dialect(backend), values: Vec::new() }
    }

    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Adds `value`; answers its placeholder.
    pub fn p(&mut self, value: impl Into<sea_orm::Value>) -> String {
        self.values.push(value.into());
        self.dialect.param(self.values.len())
    }

    /// The statement of `sql` with the values bound so far.
    pub fn statement(self, sql: impl Into<String>) -> sea_orm::Statement {
        sea_orm::Statement::from_sql_and_values(self.dialect.0, sql.into(), self.values)
    }
}

/// What an `INSERT … ON CONFLICT DO NOTHING … RETURNING` (`try_insert().exec_with_returning`)
/// added: `None` when the row was there already — sea-orm 2.0 answers `RecordNotFound` for the
/// empty `RETURNING`, not `Conflicted`.
pub fn inserted<M>(result: std::result::Result<sea_orm::TryInsertResult<M>, sea_orm::DbErr>) -> Result<Option<M>> {
    match result {
        Ok(sea_orm::TryInsertResult::Inserted(row)) => Ok(Some(row)),
        Ok(_) | Err(sea_orm::DbErr::RecordNotFound(_)) => Ok(None),
        Err(other) => Err(other.into()),
    }
}
