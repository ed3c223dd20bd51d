//! The one door to a tenant's database: [`TenantDb`], and the transactions it hands out. Every
//! access is a transaction, bound to the tenant on PostgreSQL (`SET LOCAL search_path`, which ends
//! with it). Four ways in, each for a reason:
//!
//! * [`TenantDb::begin`] — sea-orm's transaction, for reads and writes (`BEGIN IMMEDIATE` on SQLite);
//! * [`TenantDb::write`] — the unit of work's: on PostgreSQL begun and bound in one message;
//! * [`TenantDb::read`] — a read that runs beside the writer (SQLite readers; PostgreSQL `READ ONLY`
//!   in one message);
//! * [`TenantDb::snapshot`] — one moment of the data throughout (backups, long sheets).

use std::{sync::Arc, time::Instant};

use sea_orm::{
    AccessMode, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, IsolationLevel,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};

use super::sqlite::Checkpoints;
use crate::tenancy::TenantName;

/// A tenant's database. The only way to reach one: every access is a transaction from
/// [`TenantDb::begin`], which binds the tenant on PostgreSQL.
#[derive(Clone)]
pub struct TenantDb {
    pub(super) name: TenantName,
    pub(super) conn: DatabaseConnection,
    /// SQLite: readers beside the one writer (WAL lets them read while it writes). PostgreSQL:
    /// the same pool as `conn`.
    pub(super) readers: DatabaseConnection,
    /// PostgreSQL schema to bind per transaction; `None` on SQLite (the file is the tenant).
    pub(super) schema: Option<String>,
    /// SQLite: the file's background checkpoints, scheduled by write transactions.
    pub(super) checkpoints: Option<Arc<Checkpoints>>,
    /// Metric label of where the connection comes from (the cluster, or `sqlite`).
    pub(super) cluster: &'static str,
}

impl TenantDb {
    pub fn name(&self) -> &TenantName {
        &self.name
    }

    pub fn backend(&self) -> DbBackend {
        self.conn.get_database_backend()
    }

    /// Starts a transaction bound to this tenant. On SQLite it is `BEGIN IMMEDIATE`: it takes the
    /// file's write lock at once, waiting (busy timeout) for another process's writer — a separate
    /// `backoffice-cli worker`, a second replica in tests. A deferred transaction that read first
    /// could not upgrade to writing after another process committed (SQLITE_BUSY at once, no
    /// waiting); inside one process the tenant's single writer connection serializes anyway.
    pub async fn begin(&self) -> Result<DatabaseTransaction, DbErr> {
        let started = Instant::now();
        let tx = match self.conn.get_database_backend() {
            DbBackend::Sqlite => {
                let immediate = TransactionOptions {
                    sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
                    ..TransactionOptions::default()
                };
                let tx = self.conn.begin_with_options(immediate).await?;
                if let Some(checkpoints) = &self.checkpoints {
                    checkpoints.written(&self.readers);
                }
                tx
            }
            _ => self.conn.begin().await?,
        };
        crate::metrics::record_acquire(self.cluster, started.elapsed());
        self.bind(tx).await
    }

    /// Starts a transaction that only reads: on SQLite it runs on one of the file's readers, in
    /// parallel with other reads and with the writer; it must not write (`query_only`). On
    /// PostgreSQL it is `READ ONLY`, begun and bound to the tenant in one message ([`Reading`]).
    pub async fn read(&self) -> Result<Reading, DbErr> {
        let started = Instant::now();
        if let Some(schema) = self.schema.as_ref().filter(|_| self.backend() == DbBackend::Postgres) {
            let pool = self.readers.get_postgres_connection_pool();
            // The schema comes from a validated TenantName: quoting it is enough.
            let begin = format!("BEGIN READ ONLY; SET LOCAL search_path TO \"{schema}\"");
            let tx = pool.begin_with(sea_orm::sqlx::AssertSqlSafe(begin)).await.map_err(postgres_begin_err)?;
            // This includes the BEGIN's round trip: the pool hands out the connection and the
            // transaction together.
            crate::metrics::record_acquire(self.cluster, started.elapsed());
            return Ok(Reading { inner: Bound::Postgres(tokio::sync::Mutex::new(tx)) });
        }
        let tx = self.readers.begin().await?;
        crate::metrics::record_acquire(self.cluster, started.elapsed());
        Ok(Reading { inner: Bound::Transaction(self.bind(tx).await?) })
    }

    /// Starts a transaction that writes, bound to this tenant: [`TenantDb::begin`]'s on SQLite
    /// (`BEGIN IMMEDIATE`); on PostgreSQL begun and bound to the tenant's schema in one message,
    /// as reads are ([`Writing`]) — sea-orm's transaction would spend a round trip on each.
    pub async fn write(&self) -> Result<Writing, DbErr> {
        if let Some(schema) = self.schema.as_ref().filter(|_| self.backend() == DbBackend::Postgres) {
            let started = Instant::now();
            let pool = self.conn.get_postgres_connection_pool();
            // The schema comes from a validated TenantName: quoting it is enough.
            let begin = format!("BEGIN; SET LOCAL search_path TO \"{schema}\"");
            let tx = pool.begin_with(sea_orm::sqlx::AssertSqlSafe(begin)).await.map_err(postgres_begin_err)?;
            crate::metrics::record_acquire(self.cluster, started.elapsed());
            return Ok(Writing { inner: Bound::Postgres(tokio::sync::Mutex::new(tx)) });
        }
        Ok(Writing { inner: Bound::Transaction(self.begin().await?) })
    }

    /// A read transaction that sees one moment of the data throughout (a backup): a SQLite read
    /// transaction already does; on PostgreSQL it is `REPEATABLE READ READ ONLY`.
    pub async fn snapshot(&self) -> Result<DatabaseTransaction, DbErr> {
        let tx = match self.schema {
            Some(_) => {
                self.readers.begin_with_config(Some(IsolationLevel::RepeatableRead), Some(AccessMode::ReadOnly)).await?
            }
            None => self.readers.begin().await?,
        };
        self.bind(tx).await
    }

    async fn bind(&self, tx: DatabaseTransaction) -> Result<DatabaseTransaction, DbErr> {
        if let Some(schema) = &self.schema {
            // The schema comes from a validated TenantName: quoting it is enough.
            tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{schema}\"")).await?;
        }
        Ok(tx)
    }
}

/// A transaction that only reads ([`TenantDb::read`]). It is ended with [`Reading::end`], not
/// committed: there is nothing to commit, and a dropped transaction's `ROLLBACK` is only queued —
/// the connection's release sends it with the check the pool makes anyway (one round trip on
/// PostgreSQL, one hand-off to the connection's thread on SQLite) instead of a `COMMIT` waited
/// for and then that check (docs/performance.md#planning-and-round-trips).
///
/// On PostgreSQL the transaction is sqlx's own, begun with `BEGIN READ ONLY; SET LOCAL
/// search_path …` in one simple-query message: sea-orm's transaction sends the `BEGIN` and then
/// the binding as two round trips, a third of a list page's messages
/// (docs/performance.md#one-message-to-begin-a-read). Statements go to it as sea-orm would send
/// them (the same binder) and come back as sea-orm rows.
pub struct Reading {
    inner: Bound,
}

impl Reading {
    /// Ends the read; the connection goes back to its pool.
    pub fn end(self) {
        drop(self.inner);
    }
}

/// A transaction that writes ([`TenantDb::write`]): committed with [`Writing::commit`], rolled
/// back when dropped. On PostgreSQL it is sqlx's own, like [`Reading`]'s.
pub struct Writing {
    inner: Bound,
}

impl Writing {
    pub async fn commit(self) -> Result<(), DbErr> {
        match self.inner {
            Bound::Transaction(tx) => tx.commit().await,
            Bound::Postgres(tx) => tx.into_inner().commit().await.map_err(postgres_exec_err),
        }
    }
}

/// A transaction bound to a tenant, as [`Reading`] and [`Writing`] hold it.
enum Bound {
    /// SQLite (and a SQLite reader): sea-orm's transaction.
    Transaction(DatabaseTransaction),
    /// PostgreSQL: sqlx's transaction, begun with the tenant's `search_path` in the same message.
    Postgres(tokio::sync::Mutex<sea_orm::sqlx::Transaction<'static, sea_orm::sqlx::Postgres>>),
}

/// A sea-orm statement as sqlx sends it on PostgreSQL (what sea-orm's own driver does).
fn postgres_statement(
    stmt: &sea_orm::Statement,
) -> sea_orm::sqlx::query::Query<'_, sea_orm::sqlx::Postgres, sea_query_sqlx::SqlxValues> {
    let values = stmt.values.clone().unwrap_or_else(|| sea_orm::sea_query::Values(Vec::new()));
    sea_orm::sqlx::query_with(sea_orm::sqlx::AssertSqlSafe(stmt.sql.as_str()), sea_query_sqlx::SqlxValues(values))
}

/// sqlx's errors as sea-orm's driver reports them.
fn postgres_query_err(err: sea_orm::sqlx::Error) -> DbErr {
    DbErr::Query(sea_orm::RuntimeErr::SqlxError(Arc::new(err)))
}

fn postgres_exec_err(err: sea_orm::sqlx::Error) -> DbErr {
    DbErr::Exec(sea_orm::RuntimeErr::SqlxError(Arc::new(err)))
}

fn postgres_begin_err(err: sea_orm::sqlx::Error) -> DbErr {
    use sea_orm::{ConnAcquireErr, sqlx::Error};
    match err {
        Error::PoolTimedOut => DbErr::ConnectionAcquire(ConnAcquireErr::Timeout),
        Error::PoolClosed => DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed),
        other => DbErr::Conn(sea_orm::RuntimeErr::SqlxError(Arc::new(other))),
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for Bound {
    fn get_database_backend(&self) -> DbBackend {
        match self {
            Bound::Transaction(tx) => tx.get_database_backend(),
            Bound::Postgres(_) => DbBackend::Postgres,
        }
    }

    async fn execute_raw(&self, stmt: sea_orm::Statement) -> Result<sea_orm::ExecResult, DbErr> {
        match self {
            Bound::Transaction(tx) => tx.execute_raw(stmt).await,
            Bound::Postgres(tx) => {
                let mut tx = tx.lock().await;
                Ok(postgres_statement(&stmt).execute(&mut **tx).await.map_err(postgres_exec_err)?.into())
            }
        }
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<sea_orm::ExecResult, DbErr> {
        match self {
            Bound::Transaction(tx) => tx.execute_unprepared(sql).await,
            Bound::Postgres(tx) => {
                use sea_orm::sqlx::Executor;
                let mut tx = tx.lock().await;
                let sql = sea_orm::sqlx::AssertSqlSafe(sql.to_owned());
                Ok((&mut **tx).execute(sql).await.map_err(postgres_exec_err)?.into())
            }
        }
    }

    async fn query_one_raw(&self, stmt: sea_orm::Statement) -> Result<Option<sea_orm::QueryResult>, DbErr> {
        match self {
            Bound::Transaction(tx) => tx.query_one_raw(stmt).await,
            Bound::Postgres(tx) => {
                let mut tx = tx.lock().await;
                let row = postgres_statement(&stmt).fetch_optional(&mut **tx).await.map_err(postgres_query_err)?;
                Ok(row.map(sea_orm::QueryResult::from))
            }
        }
    }

    async fn query_all_raw(&self, stmt: sea_orm::Statement) -> Result<Vec<sea_orm::QueryResult>, DbErr> {
        match self {
            Bound::Transaction(tx) => tx.query_all_raw(stmt).await,
            Bound::Postgres(tx) => {
                let mut tx = tx.lock().await;
                let rows = postgres_statement(&stmt).fetch_all(&mut **tx).await.map_err(postgres_query_err)?;
                Ok(rows.into_iter().map(sea_orm::QueryResult::from).collect())
            }
        }
    }

    fn support_returning(&self) -> bool {
        match self {
            Bound::Transaction(tx) => tx.support_returning(),
            Bound::Postgres(_) => true,
        }
    }
}

/// Reading and Writing are their transaction.
macro_rules! bound_connection {
    ($holder:ty) => {
        #[async_trait::async_trait]
        impl ConnectionTrait for $holder {
            fn get_database_backend(&self) -> DbBackend {
                self.inner.get_database_backend()
            }

            async fn execute_raw(&self, stmt: sea_orm::Statement) -> Result<sea_orm::ExecResult, DbErr> {
                self.inner.execute_raw(stmt).await
            }

            async fn execute_unprepared(&self, sql: &str) -> Result<sea_orm::ExecResult, DbErr> {
                self.inner.execute_unprepared(sql).await
            }

            async fn query_one_raw(&self, stmt: sea_orm::Statement) -> Result<Option<sea_orm::QueryResult>, DbErr> {
                self.inner.query_one_raw(stmt).await
            }

            async fn query_all_raw(&self, stmt: sea_orm::Statement) -> Result<Vec<sea_orm::QueryResult>, DbErr> {
                self.inner.query_all_raw(stmt).await
            }

            fn support_returning(&self) -> bool {
                self.inner.support_returning()
            }
        }
    };
}

bound_connection!(Reading);
bound_connection!(Writing);
