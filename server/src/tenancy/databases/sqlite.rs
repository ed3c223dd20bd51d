//! SQLite (the embedded default): `DIR/control.db` and one file per tenant, `DIR/tenants/NAME.db`.
//! Tenant files are opened lazily, at most `MAX_OPEN_TENANTS` at once (least recently used closed
//! first), and a file unused for `DB_IDLE_SECONDS` is closed. Each file has one writer and a few
//! readers (WAL), and its checkpoints run beside the writer, not in its commits.

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use sea_orm::{
    ConnectOptions, ConnectionTrait, DatabaseConnection, DbErr, TransactionTrait,
    sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous},
};

use super::{
    CONTROL_CONNECTIONS, PoolStat, StorageError, TenantDb, connect_trying,
    provisioning::{Provisioning, SqliteStaging},
};
use crate::tenancy::{TenantName, settings::DatabaseSettings};

/// Connections of one SQLite tenant file. One keeps writes serialized without SQLITE_BUSY
/// upgrade failures; requests of one tenant queue for it.
const SQLITE_TENANT_CONNECTIONS: u32 = 1;
/// Read-only connections of one SQLite tenant file, beside the writer: reads of one tenant run in
/// parallel with each other and with its writes (WAL).
const SQLITE_TENANT_READERS: u32 = 4;
/// How long a request waits for a SQLite connection: a local file has no outages, only a queue.
const SQLITE_QUEUE_TIMEOUT: Duration = Duration::from_secs(30);
/// How long after a tenant file's first write since its last checkpoint the log is copied into
/// the file ([`Checkpoints`]): writes of that window share one checkpoint.
const CHECKPOINT_DELAY: Duration = Duration::from_millis(200);

pub(super) struct SqliteFiles {
    tenants_dir: PathBuf,
    max_open: usize,
    idle: Duration,
    /// How long a request waits for the tenant's connection.
    acquire: Duration,
    open: Mutex<HashMap<TenantName, OpenFile>>,
}

pub(super) struct OpenFile {
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
pub(super) struct Checkpoints {
    scheduled: AtomicBool,
}

impl Checkpoints {
    /// A write transaction began: make sure a checkpoint follows it.
    pub(super) fn written(self: &Arc<Self>, readers: &DatabaseConnection) {
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

impl SqliteFiles {
    /// Opens `DIR/control.db` (creating `DIR` and `DIR/tenants`) and prepares the tenant files.
    pub(super) async fn connect(
        dir: &Path,
        settings: &DatabaseSettings,
    ) -> Result<(DatabaseConnection, Self), StorageError> {
        let tenants_dir = dir.join("tenants");
        create_private_dir(dir).map_err(|source| StorageError::Io { path: dir.to_owned(), source })?;
        create_private_dir(&tenants_dir).map_err(|source| StorageError::Io { path: tenants_dir.clone(), source })?;
        let control = open_sqlite(
            &dir.join("control.db"),
            SqliteOpen::CreateControl,
            CONTROL_CONNECTIONS,
            None,
            SQLITE_QUEUE_TIMEOUT,
        )
        .await?;
        let files = Self {
            tenants_dir,
            max_open: settings.max_open_tenants as usize,
            idle: Duration::from_secs(settings.idle_seconds),
            // A tenant file's one connection is a queue, never an outage: wait.
            acquire: SQLITE_QUEUE_TIMEOUT,
            open: Mutex::new(HashMap::new()),
        };
        Ok((control, files))
    }

    pub(super) fn path(&self, name: &TenantName) -> PathBuf {
        self.tenants_dir.join(format!("{name}.db"))
    }

    /// The database of an existing tenant file, opened if it is not.
    pub(super) async fn get(&self, name: &TenantName) -> Result<TenantDb, StorageError> {
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

    /// Starts building a tenant's file: `NAME.db.provisioning`, renamed into place on commit; the
    /// file itself when a previous run completed it (resumed as it is).
    pub(super) async fn begin_provisioning(&self, name: &TenantName) -> Result<Provisioning, StorageError> {
        let target = self.path(name);
        let staging = if target.exists() {
            target.clone()
        } else {
            let staging = target.with_extension("db.provisioning");
            remove_if_exists(&staging)?;
            staging
        };
        let open = if staging == target { SqliteOpen::Existing } else { SqliteOpen::Staging };
        let conn = open_sqlite(&staging, open, 1, None, self.acquire).await?;
        let tx = conn.begin().await?;
        Ok(Provisioning { tx, sqlite: Some(SqliteStaging { conn, staging, target }) })
    }

    /// Tenant files open right now.
    pub(super) fn open_count(&self) -> usize {
        self.lock().len()
    }

    /// Every open file's writer and readers, as one pool.
    pub(super) fn stats(&self) -> PoolStat {
        let open = self.lock();
        let mut tenants = PoolStat { cluster: "sqlite".into(), size: 0, idle: 0 };
        for file in open.values() {
            for conn in [&file.conn, &file.readers] {
                let pool = conn.get_sqlite_connection_pool();
                tenants.size += pool.size();
                tenants.idle += pool.num_idle() as u32;
            }
        }
        tenants
    }

    /// Closes the tenant's file if open and removes it with its log: the tenant's data is gone.
    pub(super) async fn remove(&self, name: &TenantName) -> Result<(), StorageError> {
        let open = self.lock().remove(name);
        if let Some(file) = open {
            let _ = file.readers.close_by_ref().await;
            let _ = file.conn.close_by_ref().await;
        }
        let path = self.path(name);
        for suffix in ["-wal", "-shm"] {
            let mut side = path.clone().into_os_string();
            side.push(suffix);
            remove_if_exists(Path::new(&side))?;
        }
        remove_if_exists(&path)
    }

    /// Closes every open file.
    pub(super) async fn close(&self) {
        let open: Vec<_> = self.lock().drain().collect();
        for (_, file) in open {
            // The last connection of a file to close copies what is left of its log into it.
            let _ = file.readers.close_by_ref().await;
            let _ = file.conn.close_by_ref().await;
        }
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

fn remove_if_exists(path: &Path) -> Result<(), StorageError> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(StorageError::Io { path: path.to_owned(), source }),
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::DbBackend;

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
