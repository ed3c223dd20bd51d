//! `Databases`: the control connection and the way to every tenant's database, on both backends.
//!
//! * **SQLite** (embedded default): `DIR/control.db` and one file per tenant, `DIR/tenants/NAME.db`.
//!   Tenant files are opened lazily, at most `MAX_OPEN_TENANTS` at once (least recently used closed
//!   first), and a file unused for `DB_IDLE_SECONDS` is closed.
//! * **PostgreSQL**: schema `control`, one schema `tenant_NAME` per tenant, on the cluster named by
//!   the tenant's `pool`. All tenants of a cluster share ONE bounded pool; a tenant is bound per
//!   transaction with `SET LOCAL search_path`, which ends with the transaction. `search_path` is
//!   never set on a pooled connection at session level: that leaks to the next borrower.

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use sea_orm::{
    AccessMode, ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    IsolationLevel, SqliteTransactionMode, TransactionOptions, TransactionTrait,
    sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous},
};
use secrecy::ExposeSecret;

use crate::{
    tenancy::TenantName,
    tenancy::settings::{DatabaseSettings, DatabaseUrl},
};

/// Connections of one SQLite tenant file. One keeps writes serialized without SQLITE_BUSY
/// upgrade failures; requests of one tenant queue for it.
const SQLITE_TENANT_CONNECTIONS: u32 = 1;
/// Read-only connections of one SQLite tenant file, beside the writer: reads of one tenant run in
/// parallel with each other and with its writes (WAL).
const SQLITE_TENANT_READERS: u32 = 4;
/// How long a request waits for a SQLite connection: a local file has no outages, only a queue.
const SQLITE_QUEUE_TIMEOUT: Duration = Duration::from_secs(30);
/// Connections of the control database (read on every request to resolve the tenant).
const CONTROL_CONNECTIONS: u32 = 4;
/// How long after a tenant file's first write since its last checkpoint the log is copied into
/// the file ([`Checkpoints`]): writes of that window share one checkpoint.
const CHECKPOINT_DELAY: Duration = Duration::from_millis(200);
/// A pooled PostgreSQL connection idle this long is pinged before use.
const PING_IF_IDLE_FOR: Duration = Duration::from_secs(10);
/// The name of the pool that DATABASE_URL is.
pub const DEFAULT_POOL: &str = "default";

/// Why a tenant's database cannot be reached.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("o armazenamento do tenant {0} não existe")]
    Missing(TenantName),
    #[error("o pool de banco \"{0}\" não está configurado (TENANT_POOLS)")]
    UnknownPool(String),
    #[error("operação de arquivo em {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The control database and the tenant databases.
pub struct Databases {
    control: DatabaseConnection,
    backend: Backend,
}

enum Backend {
    Sqlite(SqliteFiles),
    Postgres(PostgresClusters),
}

struct SqliteFiles {
    tenants_dir: PathBuf,
    max_open: usize,
    idle: Duration,
    /// How long a request waits for the tenant's connection.
    acquire: Duration,
    open: Mutex<HashMap<TenantName, OpenFile>>,
}

struct OpenFile {
    conn: DatabaseConnection,
    readers: DatabaseConnection,
    checkpoints: Arc<Checkpoints>,
    last_used: Instant,
}

/// WAL checkpoints of one SQLite tenant file, off the request path. SQLite's default copies the
/// write-ahead log into the database file inside the commit that takes the log past 1 000 pages:
/// that commit — on the tenant's one writer, with every request queued behind it — pays for the
/// copy and its fsyncs (docs/performance.md#wal-checkpoints). The writer runs with
/// `wal_autocheckpoint=0`; instead, the first write transaction after a checkpoint schedules one
/// [`CHECKPOINT_DELAY`] later on a reader connection (`PASSIVE`: it never blocks the writer or
/// readers, and copies what no reader still needs). Closing the file's last connection
/// checkpoints what is left, and a crash leaves a log SQLite replays on the next open.
#[derive(Default)]
struct Checkpoints {
    scheduled: AtomicBool,
}

impl Checkpoints {
    /// A write transaction began: make sure a checkpoint follows it.
    fn written(self: &Arc<Self>, readers: &DatabaseConnection) {
        if self.scheduled.swap(true, Ordering::AcqRel) {
            return;
        }
        let (this, readers) = (self.clone(), readers.clone());
        tokio::spawn(async move {
            tokio::time::sleep(CHECKPOINT_DELAY).await;
            // Cleared before it runs: a write during the checkpoint schedules the next one.
            this.scheduled.store(false, Ordering::Release);
            let started = Instant::now();
            match readers.execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)").await {
                Ok(_) => crate::metrics::record_checkpoint(started.elapsed()),
                Err(err) => tracing::warn!(error = %err, "checkpoint do WAL falhou; o próximo tenta de novo"),
            }
        });
    }
}

struct PostgresClusters {
    pools: BTreeMap<String, Cluster>,
    /// Spare schemas to keep ready per cluster.
    spares: u32,
}

/// One PostgreSQL cluster's pool and its name as a metric label (pool names are few and fixed at
/// start, so each is leaked once to a `&'static str`).
struct Cluster {
    conn: DatabaseConnection,
    label: &'static str,
}

impl Cluster {
    fn new(name: &str, conn: DatabaseConnection) -> Self {
        Self { conn, label: Box::leak(name.to_owned().into_boxed_str()) }
    }
}

/// How full one pool is (`GET /metrics`).
pub struct PoolStat {
    pub cluster: String,
    /// Connections open.
    pub size: u32,
    /// Of them, waiting for a borrower.
    pub idle: u32,
}

/// A tenant's database. The only way to reach one: every access is a transaction from
/// [`TenantDb::begin`], which binds the tenant on PostgreSQL.
#[derive(Clone)]
pub struct TenantDb {
    name: TenantName,
    conn: DatabaseConnection,
    /// SQLite: readers beside the one writer (WAL lets them read while it writes). PostgreSQL:
    /// the same pool as `conn`.
    readers: DatabaseConnection,
    /// PostgreSQL schema to bind per transaction; `None` on SQLite (the file is the tenant).
    schema: Option<String>,
    /// SQLite: the file's background checkpoints, scheduled by write transactions.
    checkpoints: Option<Arc<Checkpoints>>,
    /// Metric label of where the connection comes from (the cluster, or `sqlite`).
    cluster: &'static str,
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

/// A tenant's storage being created: everything done through [`Provisioning::tx`] becomes visible
/// at once on [`Provisioning::commit`], or not at all.
pub struct Provisioning {
    tx: DatabaseTransaction,
    sqlite: Option<SqliteStaging>,
}

/// On SQLite the tenant is built in `NAME.db.provisioning` and renamed into place when complete.
struct SqliteStaging {
    conn: DatabaseConnection,
    staging: PathBuf,
    target: PathBuf,
}

impl Provisioning {
    pub fn tx(&self) -> &DatabaseTransaction {
        &self.tx
    }

    /// Makes the tenant's storage exist, complete.
    pub async fn commit(self) -> Result<(), StorageError> {
        self.tx.commit().await?;
        if let Some(staging) = self.sqlite {
            // A control database is created in place; a tenant's is staged and renamed into place.
            let staged = staging.staging != staging.target;
            if staged {
                // WAL mode is kept in the file's header: switched here, before the file is renamed
                // into place, no opener of the tenant has to switch it — a switch takes the file's
                // exclusive lock, and a second opener meeting it was refused with `SQLITE_BUSY` at
                // connect (a CI flake). Nothing is written in WAL mode, and closing the only
                // connection removes the empty `-wal` and `-shm` files.
                staging.conn.execute_unprepared("PRAGMA journal_mode = WAL").await?;
            }
            staging.conn.close().await?;
            if staged {
                std::fs::rename(&staging.staging, &staging.target)
                    .map_err(|source| StorageError::Io { path: staging.target.clone(), source })?;
            }
        }
        Ok(())
    }

    /// Leaves no trace of the attempt.
    pub async fn abort(self) {
        let _ = self.tx.rollback().await;
        if let Some(staging) = self.sqlite {
            let _ = staging.conn.close().await;
            if staging.staging != staging.target {
                let _ = std::fs::remove_file(&staging.staging);
            }
        }
    }
}

impl Databases {
    /// Opens the control database (creating its directory or schema) and prepares tenant access.
    /// Migrations are not run here (`backoffice-cli init` / `migrate` do that).
    pub async fn connect(settings: &DatabaseSettings) -> Result<Self, StorageError> {
        match &settings.url {
            DatabaseUrl::Sqlite { dir } => {
                let tenants_dir = dir.join("tenants");
                create_private_dir(dir).map_err(|source| StorageError::Io { path: dir.clone(), source })?;
                create_private_dir(&tenants_dir)
                    .map_err(|source| StorageError::Io { path: tenants_dir.clone(), source })?;
                let control = open_sqlite(
                    &dir.join("control.db"),
                    SqliteOpen::CreateControl,
                    CONTROL_CONNECTIONS,
                    None,
                    SQLITE_QUEUE_TIMEOUT,
                )
                .await?;
                Ok(Self {
                    control,
                    backend: Backend::Sqlite(SqliteFiles {
                        tenants_dir,
                        max_open: settings.max_open_tenants as usize,
                        idle: Duration::from_secs(settings.idle_seconds),
                        // A tenant file's one connection is a queue, never an outage: wait.
                        acquire: SQLITE_QUEUE_TIMEOUT,
                        open: Mutex::new(HashMap::new()),
                    }),
                })
            }
            DatabaseUrl::Postgres { url } => {
                let idle = Duration::from_secs(settings.idle_seconds);
                let default = open_postgres(
                    url.expose_secret(),
                    settings.max_connections,
                    idle,
                    None,
                    false,
                    settings.acquire_timeout,
                )
                .await?;
                default.execute_unprepared("CREATE SCHEMA IF NOT EXISTS control").await?;
                let control = open_postgres(
                    url.expose_secret(),
                    CONTROL_CONNECTIONS,
                    idle,
                    Some("control"),
                    false,
                    settings.acquire_timeout,
                )
                .await?;
                let mut pools = BTreeMap::from([(DEFAULT_POOL.to_owned(), Cluster::new(DEFAULT_POOL, default))]);
                for (name, url) in &settings.pools.0 {
                    let pool = open_postgres(
                        url.0.expose_secret(),
                        settings.max_connections,
                        idle,
                        None,
                        true,
                        settings.acquire_timeout,
                    )
                    .await?;
                    pools.insert(name.clone(), Cluster::new(name, pool));
                }
                let clusters = PostgresClusters { pools, spares: settings.spare_schemas };
                Ok(Self { control, backend: Backend::Postgres(clusters) })
            }
        }
    }

    /// The control database.
    pub fn control(&self) -> &DatabaseConnection {
        &self.control
    }

    pub fn backend(&self) -> DbBackend {
        self.control.get_database_backend()
    }

    /// Pool names tenants may be placed on.
    pub fn pool_names(&self) -> Vec<String> {
        match &self.backend {
            Backend::Sqlite(_) => vec![DEFAULT_POOL.to_owned()],
            Backend::Postgres(clusters) => clusters.pools.keys().cloned().collect(),
        }
    }

    /// The database of an existing tenant (opened lazily).
    pub async fn tenant(&self, name: &TenantName, pool: &str) -> Result<TenantDb, StorageError> {
        match &self.backend {
            Backend::Sqlite(files) => files.get(name).await,
            Backend::Postgres(clusters) => {
                let cluster = clusters.get(pool)?;
                Ok(TenantDb {
                    name: name.clone(),
                    conn: cluster.conn.clone(),
                    readers: cluster.conn.clone(),
                    schema: Some(name.schema()),
                    checkpoints: None,
                    cluster: cluster.label,
                })
            }
        }
    }

    /// Starts creating a tenant's storage. Resumes when a previous run completed the storage but
    /// not its registration (the storage is then opened as it is; migrations and templates are
    /// idempotent).
    pub async fn begin_provisioning(&self, name: &TenantName, pool: &str) -> Result<Provisioning, StorageError> {
        match &self.backend {
            Backend::Sqlite(files) => {
                let target = files.path(name);
                let staging = if target.exists() {
                    target.clone()
                } else {
                    let staging = target.with_extension("db.provisioning");
                    remove_if_exists(&staging)?;
                    staging
                };
                let open = if staging == target { SqliteOpen::Existing } else { SqliteOpen::Staging };
                let conn = open_sqlite(&staging, open, 1, None, files.acquire).await?;
                let tx = conn.begin().await?;
                Ok(Provisioning { tx, sqlite: Some(SqliteStaging { conn, staging, target }) })
            }
            Backend::Postgres(clusters) => {
                let conn = &clusters.get(pool)?.conn;
                let schema = name.schema();
                // DDL is transactional on PostgreSQL: the schema, its tables and the template
                // appear together at commit, or not at all — a spare renamed included.
                let tx = conn.begin().await?;
                if !spares::schema_exists(&tx, &schema).await? {
                    match spares::claim(&tx).await? {
                        Some(spare) => {
                            tx.execute_unprepared(&format!("ALTER SCHEMA \"{spare}\" RENAME TO \"{schema}\"")).await?
                        }
                        None => tx.execute_unprepared(&format!("CREATE SCHEMA \"{schema}\"")).await?,
                    };
                }
                tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{schema}\"")).await?;
                Ok(Provisioning { tx, sqlite: None })
            }
        }
    }

    /// Creates spare schemas until every PostgreSQL cluster has `SPARE_SCHEMAS` ready, and brings
    /// the existing ones to the current migrations; how many it created. Nothing on SQLite.
    pub async fn refill_spares(&self) -> Result<usize, StorageError> {
        let Backend::Postgres(clusters) = &self.backend else { return Ok(0) };
        let mut created = 0;
        for cluster in clusters.pools.values() {
            created += spares::refill(&cluster.conn, clusters.spares as usize).await?;
        }
        Ok(created)
    }

    /// Spare schemas ready, over every cluster (0 on SQLite).
    pub async fn spare_count(&self) -> Result<usize, StorageError> {
        let Backend::Postgres(clusters) = &self.backend else { return Ok(0) };
        let mut count = 0;
        for cluster in clusters.pools.values() {
            count += spares::list(&cluster.conn).await?.len();
        }
        Ok(count)
    }

    /// Whether a tenant's storage exists (file or schema).
    pub async fn tenant_storage_exists(&self, name: &TenantName, pool: &str) -> Result<bool, StorageError> {
        match &self.backend {
            Backend::Sqlite(files) => Ok(files.path(name).exists()),
            Backend::Postgres(clusters) => {
                let row = clusters
                    .get(pool)?
                    .conn
                    .query_one_raw(sea_orm::Statement::from_sql_and_values(
                        DbBackend::Postgres,
                        "SELECT 1 AS found FROM pg_namespace WHERE nspname = $1",
                        [name.schema().into()],
                    ))
                    .await?;
                Ok(row.is_some())
            }
        }
    }

    /// How many tenant databases are open right now (SQLite files), or the pool sizes
    /// (PostgreSQL connections currently open across clusters).
    pub fn open_connections(&self) -> usize {
        match &self.backend {
            Backend::Sqlite(files) => files.lock().len(),
            Backend::Postgres(clusters) => {
                clusters.pools.values().map(|cluster| cluster.conn.get_postgres_connection_pool().size() as usize).sum()
            }
        }
    }

    /// Tenant files open right now (SQLite); `None` on PostgreSQL.
    pub fn open_tenant_files(&self) -> Option<usize> {
        match &self.backend {
            Backend::Sqlite(files) => Some(files.lock().len()),
            Backend::Postgres(_) => None,
        }
    }

    /// How full each pool is: the control database's, then every cluster's (PostgreSQL) or all
    /// tenant files' together (SQLite, writers and readers).
    pub fn pool_stats(&self) -> Vec<PoolStat> {
        let stat = |cluster: &str, conn: &DatabaseConnection| match conn.get_database_backend() {
            DbBackend::Postgres => {
                let pool = conn.get_postgres_connection_pool();
                PoolStat { cluster: cluster.to_owned(), size: pool.size(), idle: pool.num_idle() as u32 }
            }
            _ => {
                let pool = conn.get_sqlite_connection_pool();
                PoolStat { cluster: cluster.to_owned(), size: pool.size(), idle: pool.num_idle() as u32 }
            }
        };
        let mut stats = vec![stat("control", &self.control)];
        match &self.backend {
            Backend::Sqlite(files) => {
                let open = files.lock();
                let mut tenants = PoolStat { cluster: "sqlite".into(), size: 0, idle: 0 };
                for file in open.values() {
                    for conn in [&file.conn, &file.readers] {
                        let one = stat("sqlite", conn);
                        tenants.size += one.size;
                        tenants.idle += one.idle;
                    }
                }
                stats.push(tenants);
            }
            Backend::Postgres(clusters) => {
                stats.extend(clusters.pools.iter().map(|(name, cluster)| stat(name, &cluster.conn)));
            }
        }
        stats
    }

    /// Closes every connection (graceful shutdown).
    pub async fn close(&self) {
        match &self.backend {
            Backend::Sqlite(files) => {
                let open: Vec<_> = files.lock().drain().collect();
                for (_, file) in open {
                    // The last connection of a file to close copies what is left of its log
                    // into it.
                    let _ = file.readers.close_by_ref().await;
                    let _ = file.conn.close_by_ref().await;
                }
            }
            Backend::Postgres(clusters) => {
                for cluster in clusters.pools.values() {
                    let _ = cluster.conn.close_by_ref().await;
                }
            }
        }
        let _ = self.control.close_by_ref().await;
    }
}

impl OpenFile {
    fn tenant_db(&self, name: &TenantName) -> TenantDb {
        TenantDb {
            name: name.clone(),
            conn: self.conn.clone(),
            readers: self.readers.clone(),
            schema: None,
            checkpoints: Some(self.checkpoints.clone()),
            cluster: "sqlite",
        }
    }
}

/// Spare schemas (PostgreSQL): `spare_<random>` schemas created and migrated ahead of need, each in
/// one transaction so a half-built one is never seen. Provisioning claims one inside its own
/// transaction and renames it to the tenant's schema; a transaction-scoped advisory lock keeps two
/// provisionings from claiming the same spare, and a claim that is rolled back leaves the spare
/// where it was. Templates are never applied to spares: they depend on the tenant.
mod spares {
    use sea_orm::{
        ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, Statement, TransactionTrait,
    };
    use sea_orm_migration::MigratorTrait;

    /// Schema names of spares start with this (tenant schemas start with `tenant_`).
    const PREFIX: &str = "spare_";

    pub async fn schema_exists(db: &impl ConnectionTrait, schema: &str) -> Result<bool, DbErr> {
        let found = db
            .query_one_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                "SELECT 1 AS found FROM pg_namespace WHERE nspname = $1",
                [schema.into()],
            ))
            .await?;
        Ok(found.is_some())
    }

    pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<String>, DbErr> {
        let rows = db
            .query_all_raw(Statement::from_string(
                DbBackend::Postgres,
                format!("SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE '{PREFIX}%' ORDER BY nspname"),
            ))
            .await?;
        rows.into_iter().map(|row| row.try_get::<String>("", "name")).collect()
    }

    /// Takes a spare for this transaction (held until it ends), or `None` when there is none free.
    pub async fn claim(tx: &DatabaseTransaction) -> Result<Option<String>, DbErr> {
        for spare in list(tx).await? {
            let locked = try_lock(tx, &spare).await?;
            // Locked by another provisioning, or already renamed by one that has just committed.
            if locked && schema_exists(tx, &spare).await? {
                // Made before a migration was added? It catches up here (a no-op when current).
                tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{spare}\"")).await?;
                tenant_migrations::Migrator::up(tx, None).await?;
                return Ok(Some(spare));
            }
        }
        Ok(None)
    }

    /// Takes the spare's transaction-scoped lock if nobody holds it.
    async fn try_lock(tx: &DatabaseTransaction, spare: &str) -> Result<bool, DbErr> {
        let row = tx
            .query_one_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                "SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked",
                [spare.into()],
            ))
            .await?;
        Ok(row.and_then(|row| row.try_get::<bool>("", "locked").ok()).unwrap_or(false))
    }

    pub async fn refill(conn: &DatabaseConnection, target: usize) -> Result<usize, DbErr> {
        let existing = list(conn).await?;
        for spare in &existing {
            let tx = conn.begin().await?;
            let locked = try_lock(&tx, spare).await?;
            if locked && schema_exists(&tx, spare).await? {
                tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{spare}\"")).await?;
                tenant_migrations::Migrator::up(&tx, None).await?;
            }
            tx.commit().await?;
        }
        let missing = target.saturating_sub(existing.len());
        for _ in 0..missing {
            let name = format!("{PREFIX}{}", crate::random::random_token(9).to_lowercase().replace(['-', '_'], "x"));
            let tx = conn.begin().await?;
            tx.execute_unprepared(&format!("CREATE SCHEMA \"{name}\"")).await?;
            tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{name}\"")).await?;
            tenant_migrations::Migrator::up(&tx, None).await?;
            tx.commit().await?;
        }
        Ok(missing)
    }
}

impl PostgresClusters {
    fn get(&self, pool: &str) -> Result<&Cluster, StorageError> {
        self.pools.get(pool).ok_or_else(|| StorageError::UnknownPool(pool.to_owned()))
    }
}

impl SqliteFiles {
    fn path(&self, name: &TenantName) -> PathBuf {
        self.tenants_dir.join(format!("{name}.db"))
    }

    async fn get(&self, name: &TenantName) -> Result<TenantDb, StorageError> {
        if let Some(found) = self.touch(name) {
            return Ok(found);
        }
        let path = self.path(name);
        if !path.exists() {
            return Err(StorageError::Missing(name.clone()));
        }
        let conn =
            open_sqlite(&path, SqliteOpen::Existing, SQLITE_TENANT_CONNECTIONS, Some(self.idle), self.acquire).await?;
        let readers =
            open_sqlite(&path, SqliteOpen::Readers, SQLITE_TENANT_READERS, Some(self.idle), self.acquire).await?;
        let now = Instant::now();
        let mut open = self.lock();
        // Dropping a connection from the map closes it once the last request using it ends.
        open.retain(|_, file| now.duration_since(file.last_used) < self.idle);
        if let Some(file) = open.get_mut(name) {
            // Another request opened it meanwhile: use that one, drop ours.
            file.last_used = now;
            return Ok(file.tenant_db(name));
        }
        if open.len() >= self.max_open
            && let Some(oldest) = open.iter().min_by_key(|(_, file)| file.last_used).map(|(name, _)| name.clone())
        {
            open.remove(&oldest);
        }
        let file = OpenFile { conn, readers, checkpoints: Arc::default(), last_used: now };
        let found = file.tenant_db(name);
        open.insert(name.clone(), file);
        Ok(found)
    }

    fn touch(&self, name: &TenantName) -> Option<TenantDb> {
        let mut open = self.lock();
        let file = open.get_mut(name)?;
        file.last_used = Instant::now();
        Some(file.tenant_db(name))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<TenantName, OpenFile>> {
        // A panic while holding this lock leaves the map consistent (single inserts/removes).
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// How a SQLite file is opened.
#[derive(Clone, Copy)]
enum SqliteOpen {
    /// The control database: created when missing.
    CreateControl,
    /// A tenant file being built; renamed into place afterwards, so it must not keep a `-wal`.
    Staging,
    /// An existing tenant file.
    Existing,
    /// Readers of an existing tenant file: they refuse to write.
    Readers,
}

fn sqlite_options(
    path: &Path,
    open: SqliteOpen,
    max: u32,
    idle: Option<Duration>,
    acquire: Duration,
) -> ConnectOptions {
    let (mode, journal) = match open {
        SqliteOpen::CreateControl => ("rwc", SqliteJournalMode::Wal),
        SqliteOpen::Staging => ("rwc", SqliteJournalMode::Delete),
        SqliteOpen::Existing | SqliteOpen::Readers => ("rw", SqliteJournalMode::Wal),
    };
    let mut options = ConnectOptions::new(format!("sqlite://{}?mode={mode}", path.display()));
    // No ping before handing out a pooled connection: a local file is not dropped by a network,
    // and the ping is a hand-off to the connection's thread on every request
    // (docs/performance.md#hot-path).
    options
        .max_connections(max)
        .min_connections(0)
        .acquire_timeout(acquire)
        .test_before_acquire(false)
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(move |opts| {
            let opts = opts
                .journal_mode(journal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            match open {
                SqliteOpen::Readers => opts.pragma("query_only", "ON"),
                // Checkpoints run beside the writer, not in its commits (`Checkpoints`).
                SqliteOpen::Existing => opts.pragma("wal_autocheckpoint", "0"),
                SqliteOpen::CreateControl | SqliteOpen::Staging => opts,
            }
        });
    if let Some(idle) = idle {
        options.idle_timeout(idle);
    }
    options
}

async fn open_sqlite(
    path: &Path,
    open: SqliteOpen,
    max: u32,
    idle: Option<Duration>,
    acquire: Duration,
) -> Result<DatabaseConnection, DbErr> {
    if matches!(open, SqliteOpen::CreateControl | SqliteOpen::Staging) {
        // Created readable by the server's user only; SQLite gives its -wal/-shm files the same mode.
        create_private_file(path).map_err(|err| DbErr::Custom(format!("{}: {err}", path.display())))?;
    }
    // Tried again while the file is busy. A tenant file provisioned before `Provisioning::commit`
    // switched it to WAL is in rollback-journal mode until its first open switches it, and two
    // requests opening it at once (a test's and the server's, seen in CI) can meet that switch:
    // the connect failed with `SQLITE_BUSY` at once, the busy timeout not waited (0.55 s into a
    // test, with a 10 s timeout). The second opener only has to wait for the first.
    connect_trying(sqlite_options(path, open, max, idle, acquire), 6, is_busy, Duration::from_millis(25)).await
}

/// Connects, trying again up to `tries` times in all while `passing` says the failure will pass,
/// `pause` × the tries so far apart.
async fn connect_trying(
    options: ConnectOptions,
    tries: u32,
    passing: fn(&DbErr) -> bool,
    pause: Duration,
) -> Result<DatabaseConnection, DbErr> {
    let mut tried = 1;
    loop {
        match Database::connect(options.clone()).await {
            Err(err) if tried < tries && passing(&err) => {
                tokio::time::sleep(pause * tried).await;
                tried += 1;
            }
            other => return other,
        }
    }
}

/// Whether a SQLite error is `SQLITE_BUSY` (5, or one of its extended codes).
fn is_busy(err: &DbErr) -> bool {
    use sea_orm::{RuntimeErr, sqlx};
    let (DbErr::Conn(RuntimeErr::SqlxError(inner)) | DbErr::Exec(RuntimeErr::SqlxError(inner))) = err else {
        return false;
    };
    let sqlx::Error::Database(database) = &**inner else { return false };
    database.code().and_then(|code| code.parse::<i32>().ok()).is_some_and(|code| code & 0xff == 5)
}

/// A directory (and its parents) only the server's user may enter.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// An empty file only the server's user may read, unless it exists already.
fn create_private_file(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path).map(drop)
}

async fn open_postgres(
    url: &str,
    max: u32,
    idle: Duration,
    search_path: Option<&str>,
    lazy: bool,
    acquire: Duration,
) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(max)
        .min_connections(0)
        .idle_timeout(idle)
        // A cluster that is down answers within this instead of queueing requests for half a minute.
        .acquire_timeout(acquire)
        .connect_timeout(acquire)
        .connect_lazy(lazy)
        // Ping only a connection idle long enough for a proxy or the server to have dropped it: a
        // ping on every checkout is one more network round trip per request.
        .test_before_acquire_if_idle_for(PING_IF_IDLE_FOR)
        .sqlx_logging(false)
        .set_application_name("backoffice");
    if let Some(path) = search_path {
        // Only the control pool: its connections are born in `control` and never see a tenant.
        options.set_schema_search_path(path);
    }
    // An eager pool makes its first connection here, at start-up (the server, a CLI command),
    // where waiting a few seconds for a cluster slow to answer for a moment beats exiting: CI saw
    // a test's start-up refused after 750 ms while 181 tests started at once. Each try waits one
    // `acquire` already; a request still gets its 503 after one.
    let tries = if lazy { 1 } else { 4 };
    connect_trying(options, tries, is_pool_timeout, Duration::ZERO).await
}

/// Whether connecting gave up waiting (rather than being refused or failing outright).
fn is_pool_timeout(err: &DbErr) -> bool {
    use sea_orm::{RuntimeErr, sqlx};
    matches!(err, DbErr::Conn(RuntimeErr::SqlxError(inner)) if matches!(**inner, sqlx::Error::PoolTimedOut))
}

fn remove_if_exists(path: &Path) -> Result<(), StorageError> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(StorageError::Io { path: path.to_owned(), source }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tenant file comes out of provisioning already in WAL mode (bytes 18 and 19 of a SQLite
    /// file's header are 2 in WAL mode, 1 otherwise), and with no `-wal` beside it at either name.
    #[tokio::test]
    async fn a_provisioned_tenant_file_is_in_wal_mode_before_anyone_opens_it() {
        // Arrange: a staging file built as `begin_provisioning` builds one.
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("loja.db");
        let staging = target.with_extension("db.provisioning");
        let conn = open_sqlite(&staging, SqliteOpen::Staging, 1, None, Duration::from_secs(5)).await.unwrap();
        let tx = conn.begin().await.unwrap();
        tx.execute_unprepared("CREATE TABLE t (id INTEGER PRIMARY KEY)").await.unwrap();
        let provisioning =
            Provisioning { tx, sqlite: Some(SqliteStaging { conn, staging: staging.clone(), target: target.clone() }) };

        // Act
        provisioning.commit().await.unwrap();

        // Assert
        let header = std::fs::read(&target).unwrap();
        assert_eq!((header[18], header[19]), (2, 2), "the file is in WAL mode");
        for leftover in ["loja.db.provisioning", "loja.db.provisioning-wal", "loja.db.provisioning-shm", "loja.db-wal"]
        {
            assert!(!dir.path().join(leftover).exists(), "{leftover} is not left behind");
        }
        let opened = open_sqlite(&target, SqliteOpen::Existing, 1, None, Duration::from_secs(5)).await.unwrap();
        let tables = opened
            .query_all_raw(sea_orm::Statement::from_string(DbBackend::Sqlite, "SELECT name FROM sqlite_master"))
            .await
            .unwrap();
        assert_eq!(tables.len(), 1, "what provisioning wrote is there");
    }

    /// An eager PostgreSQL pool (a server or CLI command starting) tries a cluster that does not
    /// answer four times, one acquire timeout each, before giving up with the pool's timeout; a lazy
    /// pool (requests' tenants) does not connect at all. The "cluster" is a listener that accepts
    /// and never answers, as a cluster too busy to would look from here.
    #[tokio::test]
    async fn an_eager_postgres_pool_tries_a_silent_cluster_four_times_at_start_up() {
        // Arrange
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("postgres://postgres@{}/postgres", listener.local_addr().unwrap());
        let accepted = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counting = accepted.clone();
        let silent = tokio::spawn(async move {
            let mut held = Vec::new();
            while let Ok((socket, _)) = listener.accept().await {
                counting.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                held.push(socket);
            }
        });
        let acquire = Duration::from_millis(200);

        // Act
        let lazy = open_postgres(&url, 2, Duration::from_secs(60), None, true, acquire).await;
        let started = std::time::Instant::now();
        let eager = open_postgres(&url, 2, Duration::from_secs(60), None, false, acquire).await;

        // Assert
        assert!(lazy.is_ok(), "a lazy pool opens without connecting");
        let err = eager.expect_err("nobody answers");
        assert!(is_pool_timeout(&err), "gives up with the pool's timeout: {err:?}");
        assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), 4, "four tries, one connection each");
        assert!(started.elapsed() >= acquire * 4, "each try waited its acquire timeout: {:?}", started.elapsed());
        silent.abort();
    }

    /// The build options `.cargo/config.toml` gives the bundled SQLite reach the server's
    /// connections: losing either one costs ~15–20 % of the server's CPU under load and nothing
    /// else would notice.
    #[tokio::test]
    async fn the_servers_sqlite_is_built_with_the_workspaces_options() {
        let dir = tempfile::tempdir().unwrap();
        let conn = open_sqlite(&dir.path().join("t.db"), SqliteOpen::CreateControl, 1, None, Duration::from_secs(5))
            .await
            .unwrap();
        let rows = conn
            .query_all_raw(sea_orm::Statement::from_string(conn.get_database_backend(), "PRAGMA compile_options"))
            .await
            .unwrap();
        let options: Vec<String> = rows.iter().map(|row| row.try_get_by_index::<String>(0).unwrap()).collect();
        for wanted in ["ENABLE_QPSG", "DEFAULT_MEMSTATUS=0"] {
            assert!(options.iter().any(|o| o == wanted), "{wanted} missing from {options:?}");
        }
    }
}
