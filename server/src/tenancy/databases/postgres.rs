//! PostgreSQL: schema `control`, one schema `tenant_NAME` per tenant, on the cluster named by the
//! tenant's `pool`. All tenants of a cluster share ONE bounded pool; a tenant is bound per
//! transaction with `SET LOCAL search_path`, which ends with the transaction. `search_path` is
//! never set on a pooled connection at session level: that leaks to the next borrower. Spare
//! schemas, migrated ahead of need, make provisioning a rename ([`super::spares`]).

use std::{collections::BTreeMap, time::Duration};

use sea_orm::{ConnectOptions, ConnectionTrait, DatabaseConnection, DbErr, TransactionTrait};
use secrecy::ExposeSecret;

use super::{
    CONTROL_CONNECTIONS, DEFAULT_POOL, PoolStat, StorageError, TenantDb, connect_trying, provisioning::Provisioning,
    spares,
};
use crate::tenancy::{TenantName, settings::DatabaseSettings};

/// A pooled PostgreSQL connection idle this long is pinged before use.
const PING_IF_IDLE_FOR: Duration = Duration::from_secs(10);

pub(super) struct PostgresClusters {
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

impl PostgresClusters {
    /// Opens the default cluster (creating schema `control`), the control pool and every other
    /// cluster of `TENANT_POOLS` (lazily: a cluster down does not stop the start).
    pub(super) async fn connect(
        url: &secrecy::SecretString,
        settings: &DatabaseSettings,
    ) -> Result<(DatabaseConnection, Self), StorageError> {
        let idle = Duration::from_secs(settings.idle_seconds);
        let (max, acquire) = (settings.max_connections, settings.acquire_timeout);
        let default = open_postgres(url.expose_secret(), max, idle, None, false, acquire).await?;
        default.execute_unprepared("CREATE SCHEMA IF NOT EXISTS control").await?;
        let control =
            open_postgres(url.expose_secret(), CONTROL_CONNECTIONS, idle, Some("control"), false, acquire).await?;
        let mut pools = BTreeMap::from([(DEFAULT_POOL.to_owned(), Cluster::new(DEFAULT_POOL, default))]);
        for (name, url) in &settings.pools.0 {
            let pool = open_postgres(url.0.expose_secret(), max, idle, None, true, acquire).await?;
            pools.insert(name.clone(), Cluster::new(name, pool));
        }
        Ok((control, Self { pools, spares: settings.spare_schemas }))
    }

    fn get(&self, pool: &str) -> Result<&Cluster, StorageError> {
        self.pools.get(pool).ok_or_else(|| StorageError::UnknownPool(pool.to_owned()))
    }

    pub(super) fn pool_names(&self) -> Vec<String> {
        self.pools.keys().cloned().collect()
    }

    /// A tenant's schema on its cluster's pool.
    pub(super) fn tenant(&self, name: &TenantName, pool: &str) -> Result<TenantDb, StorageError> {
        let cluster = self.get(pool)?;
        Ok(TenantDb {
            name: name.clone(),
            conn: cluster.conn.clone(),
            readers: cluster.conn.clone(),
            schema: Some(name.schema()),
            checkpoints: None,
            cluster: cluster.label,
        })
    }

    /// Starts creating a tenant's schema: a spare renamed, or a new one. DDL is transactional on
    /// PostgreSQL: the schema, its tables and the template appear together at commit, or not at all.
    pub(super) async fn begin_provisioning(&self, name: &TenantName, pool: &str) -> Result<Provisioning, StorageError> {
        let conn = &self.get(pool)?.conn;
        let schema = name.schema();
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

    /// Creates spare schemas until every cluster has `SPARE_SCHEMAS` ready; how many it created.
    pub(super) async fn refill_spares(&self) -> Result<usize, StorageError> {
        let mut created = 0;
        for cluster in self.pools.values() {
            created += spares::refill(&cluster.conn, self.spares as usize).await?;
        }
        Ok(created)
    }

    /// Spare schemas ready, over every cluster.
    pub(super) async fn spare_count(&self) -> Result<usize, StorageError> {
        let mut count = 0;
        for cluster in self.pools.values() {
            count += spares::list(&cluster.conn).await?.len();
        }
        Ok(count)
    }

    /// Drops a tenant's schema with everything in it.
    pub(super) async fn drop_storage(&self, name: &TenantName, pool: &str) -> Result<(), StorageError> {
        let conn = &self.get(pool)?.conn;
        conn.execute_unprepared(&format!("DROP SCHEMA IF EXISTS \"{}\" CASCADE", name.schema())).await?;
        Ok(())
    }

    /// Whether a tenant's schema exists.
    pub(super) async fn storage_exists(&self, name: &TenantName, pool: &str) -> Result<bool, StorageError> {
        Ok(spares::schema_exists(&self.get(pool)?.conn, &name.schema()).await?)
    }

    /// Connections open across clusters.
    pub(super) fn open_connections(&self) -> usize {
        self.pools.values().map(|cluster| cluster.conn.get_postgres_connection_pool().size() as usize).sum()
    }

    /// Every cluster's pool.
    pub(super) fn stats(&self) -> Vec<PoolStat> {
        self.pools
            .iter()
            .map(|(name, cluster)| {
                let pool = cluster.conn.get_postgres_connection_pool();
                PoolStat { cluster: name.clone(), size: pool.size(), idle: pool.num_idle() as u32 }
            })
            .collect()
    }

    pub(super) async fn close(&self) {
        for cluster in self.pools.values() {
            let _ = cluster.conn.close_by_ref().await;
        }
    }
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
        .set_application_name("backoffice")
        // No JIT compilation: PostgreSQL compiles any plan estimated above `jit_above_cost`, and a
        // cached generic plan over a large table crosses it easily — a rare word's search at 10 M
        // messages spent 24 ms compiling for 6 ms of work (126 req/s under wrk; 523 without).
        // Nothing this server asks runs long enough to win the compilation back
        // (docs/decisions.md#d220). Nor to win back the start of parallel workers: a message
        // search gathering 97 matches from an index, estimated at 50 000, was sent to two workers
        // and took 5.6 ms instead of 0.14 (decision 224).
        .map_sqlx_postgres_opts(|options| options.options([("jit", "off"), ("max_parallel_workers_per_gather", "0")]));
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
