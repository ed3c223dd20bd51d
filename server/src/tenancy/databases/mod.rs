//! `Databases`: the control connection and the way to every tenant's database, on both backends.
//!
//! * [`sqlite`] (the embedded default): `DIR/control.db` and one file per tenant, opened lazily
//!   and closed when idle or least recently used.
//! * [`postgres`]: schema `control`, one schema `tenant_NAME` per tenant on its cluster's one
//!   bounded pool, bound per transaction; [`spares`] are schemas migrated ahead of need.
//! * [`provisioning`]: creating a tenant's storage whole or not at all.
//! * [`tenant_db`]: [`TenantDb`], the one door to a tenant's database, and its transactions.

mod postgres;
mod provisioning;
mod spares;
mod sqlite;
mod tenant_db;

use std::{path::PathBuf, time::Duration};

use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbBackend, DbErr};

pub use provisioning::Provisioning;
pub use sqlite::create_private_dir;
pub use tenant_db::{Reading, TenantDb, Writing};

use self::{postgres::PostgresClusters, sqlite::SqliteFiles};
use crate::tenancy::{
    TenantName,
    settings::{DatabaseSettings, DatabaseUrl},
};

/// Connections of the control database (read on every request to resolve the tenant).
const CONTROL_CONNECTIONS: u32 = 4;
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

/// How full one pool is (`GET /metrics`).
pub struct PoolStat {
    pub cluster: String,
    /// Connections open.
    pub size: u32,
    /// Of them, waiting for a borrower.
    pub idle: u32,
}

impl Databases {
    /// Opens the control database (creating its directory or schema) and prepares tenant access.
    /// Migrations are not run here (`backoffice-cli init` / `migrate` do that).
    pub async fn connect(settings: &DatabaseSettings) -> Result<Self, StorageError> {
        let (control, backend) = match &settings.url {
            DatabaseUrl::Sqlite { dir } => {
                let (control, files) = SqliteFiles::connect(dir, settings).await?;
                (control, Backend::Sqlite(files))
            }
            DatabaseUrl::Postgres { url } => {
                let (control, clusters) = PostgresClusters::connect(url, settings).await?;
                (control, Backend::Postgres(clusters))
            }
        };
        Ok(Self { control, backend })
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
            Backend::Postgres(clusters) => clusters.pool_names(),
        }
    }

    /// The database of an existing tenant (opened lazily).
    pub async fn tenant(&self, name: &TenantName, pool: &str) -> Result<TenantDb, StorageError> {
        match &self.backend {
            Backend::Sqlite(files) => files.get(name).await,
            Backend::Postgres(clusters) => clusters.tenant(name, pool),
        }
    }

    /// Starts creating a tenant's storage. Resumes when a previous run completed the storage but
    /// not its registration (the storage is then opened as it is; migrations and templates are
    /// idempotent).
    pub async fn begin_provisioning(&self, name: &TenantName, pool: &str) -> Result<Provisioning, StorageError> {
        match &self.backend {
            Backend::Sqlite(files) => files.begin_provisioning(name).await,
            Backend::Postgres(clusters) => clusters.begin_provisioning(name, pool).await,
        }
    }

    /// Creates spare schemas until every PostgreSQL cluster has `SPARE_SCHEMAS` ready, and brings
    /// the existing ones to the current migrations; how many it created. Nothing on SQLite.
    pub async fn refill_spares(&self) -> Result<usize, StorageError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(0),
            Backend::Postgres(clusters) => clusters.refill_spares().await,
        }
    }

    /// Spare schemas ready, over every cluster (0 on SQLite).
    pub async fn spare_count(&self) -> Result<usize, StorageError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(0),
            Backend::Postgres(clusters) => clusters.spare_count().await,
        }
    }

    /// Deletes a tenant's storage (its file, or its schema) for good. Only purging calls it.
    pub async fn drop_tenant_storage(&self, name: &TenantName, pool: &str) -> Result<(), StorageError> {
        match &self.backend {
            Backend::Sqlite(files) => files.remove(name).await,
            Backend::Postgres(clusters) => clusters.drop_storage(name, pool).await,
        }
    }

    /// Whether a tenant's storage exists (file or schema).
    pub async fn tenant_storage_exists(&self, name: &TenantName, pool: &str) -> Result<bool, StorageError> {
        match &self.backend {
            Backend::Sqlite(files) => Ok(files.path(name).exists()),
            Backend::Postgres(clusters) => clusters.storage_exists(name, pool).await,
        }
    }

    /// How many tenant databases are open right now (SQLite files), or the pool sizes
    /// (PostgreSQL connections currently open across clusters).
    pub fn open_connections(&self) -> usize {
        match &self.backend {
            Backend::Sqlite(files) => files.open_count(),
            Backend::Postgres(clusters) => clusters.open_connections(),
        }
    }

    /// Tenant files open right now (SQLite); `None` on PostgreSQL.
    pub fn open_tenant_files(&self) -> Option<usize> {
        match &self.backend {
            Backend::Sqlite(files) => Some(files.open_count()),
            Backend::Postgres(_) => None,
        }
    }

    /// How full each pool is: the control database's, then every cluster's (PostgreSQL) or all
    /// tenant files' together (SQLite, writers and readers).
    pub fn pool_stats(&self) -> Vec<PoolStat> {
        let (size, idle) = match self.backend() {
            DbBackend::Postgres => {
                let pool = self.control.get_postgres_connection_pool();
                (pool.size(), pool.num_idle() as u32)
            }
            _ => {
                let pool = self.control.get_sqlite_connection_pool();
                (pool.size(), pool.num_idle() as u32)
            }
        };
        let mut stats = vec![PoolStat { cluster: "control".into(), size, idle }];
        match &self.backend {
            Backend::Sqlite(files) => stats.push(files.stats()),
            Backend::Postgres(clusters) => stats.extend(clusters.stats()),
        }
        stats
    }

    /// Closes every connection (graceful shutdown).
    pub async fn close(&self) {
        match &self.backend {
            Backend::Sqlite(files) => files.close().await,
            Backend::Postgres(clusters) => clusters.close().await,
        }
        let _ = self.control.close_by_ref().await;
    }
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
