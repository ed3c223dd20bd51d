//! `TestApp`: one isolated server per test.

use std::{net::SocketAddr, sync::Arc};

use backoffice::{
    config::{Config, DatabaseUrl},
    domain::{
        setup,
        tenants::{self, NewTenant},
    },
    startup::Application,
    state::AppState,
    tenancy::{Databases, TenantDb, TenantName},
};
use reqwest::header::HOST;
use sea_orm::{ConnectionTrait, Database, TransactionTrait};

/// Which database a test runs on, chosen by the environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A running server over its own database.
pub struct TestApp {
    pub address: SocketAddr,
    pub state: AppState,
    pub client: reqwest::Client,
    pub config: Config,
    pub backend: Backend,
    _storage: Storage,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

/// Another server process's worth of state over the same storage (see `TestApp::replica`).
pub struct Replica {
    pub address: SocketAddr,
    _shutdown: tokio::sync::oneshot::Sender<()>,
}

/// The Redis of the multi-replica tests.
pub fn test_redis_url() -> String {
    std::env::var("TEST_REDIS_URL").ok().filter(|v| !v.is_empty()).unwrap_or_else(|| "redis://127.0.0.1:6379".into())
}

/// What to delete when the test ends.
enum Storage {
    Dir(#[allow(dead_code)] tempfile::TempDir),
    /// The database, and a directory for the files the server keeps (media).
    PgDatabase {
        admin_url: String,
        name: String,
        _files: tempfile::TempDir,
    },
}

impl Drop for Storage {
    fn drop(&mut self) {
        if let Storage::PgDatabase { admin_url, name, .. } = self {
            let (admin_url, name) = (admin_url.clone(), name.clone());
            // Drop runs outside async: a short-lived runtime on its own thread does the cleanup.
            let _ = std::thread::spawn(move || {
                let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
                rt.block_on(async {
                    if let Ok(admin) = Database::connect(admin_url).await {
                        let _ =
                            admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await;
                        let _ = admin.close().await;
                    }
                });
            })
            .join();
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// The test's backend: PostgreSQL when `TEST_DATABASE_URL` is set.
pub fn backend() -> Backend {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|v| !v.is_empty()) { Backend::Postgres } else { Backend::Sqlite }
}

impl TestApp {
    /// A server with the control database initialized and the back-office tenant provisioned.
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    /// Same, after `adjust` changed the configuration.
    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> Self {
        let (mut config, storage) = isolated_config().await;
        adjust(&mut config);
        config.validate().expect("test configuration is valid");
        init(&config).await;
        let app = Application::build(config.clone()).await.expect("server builds");
        let address = app.local_addr();
        let state = app.state().clone();
        let (tx, rx) = tokio::sync::oneshot::channel();
        tokio::spawn(app.run_until(async {
            let _ = rx.await;
        }));
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
        Self { address, state, client, config, backend: backend(), _storage: storage, shutdown: Some(tx) }
    }

    /// A server sharing Redis with its replicas (`TEST_REDIS_URL`, default the local Redis), on
    /// either backend.
    pub async fn spawn_with_redis() -> Self {
        Self::spawn_with(|config| {
            if config.redis_url.is_none() {
                config.redis_url = Some(test_redis_url().parse().expect("TEST_REDIS_URL is a URL"));
                config.redis_prefix = format!("test-{}", backoffice::random::random_token(12));
            }
        })
        .await
    }

    /// A second server over the same databases, JWT secret and Redis key space: another replica.
    /// It stops when the returned value is dropped.
    pub async fn replica(&self) -> Replica {
        assert!(self.config.redis_url.is_some(), "replicas share events through Redis: use spawn_with_redis");
        let mut config = self.config.clone();
        config.bind = "127.0.0.1:0".parse().expect("address");
        let app = Application::build(config).await.expect("replica builds");
        let address = app.local_addr();
        let (tx, rx) = tokio::sync::oneshot::channel();
        tokio::spawn(app.run_until(async {
            let _ = rx.await;
        }));
        Replica { address, _shutdown: tx }
    }

    /// Starts the graceful shutdown (as SIGTERM would).
    pub fn stop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }

    pub fn dbs(&self) -> &Arc<Databases> {
        &self.state.dbs
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// A GET with the given `Host` header (raw bytes allowed, to test hostile hosts).
    pub async fn get_on(&self, host: &[u8], path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .header(HOST, reqwest::header::HeaderValue::from_bytes(host).expect("header bytes"))
            .send()
            .await
            .expect("request sent")
    }

    /// Provisions a tenant with defaults.
    pub async fn create_tenant(&self, name: &str) -> backoffice::entities::control::tenant::Model {
        let new = NewTenant { name: Some(TenantName::parse(name).expect("valid name")), ..Default::default() };
        tenants::provision(self.dbs(), new, None).await.expect("tenant provisions").tenant().clone()
    }

    /// A provisioned tenant's database.
    pub async fn tenant_db(&self, name: &str) -> TenantDb {
        let name = TenantName::parse(name).expect("valid name");
        let tenant = tenants::find_by_name(self.dbs().control(), &name).await.expect("tenant exists");
        self.dbs().tenant(&name, &tenant.pool).await.expect("tenant db opens")
    }

    /// The first column of the one row `sql` answers in tenant `name`'s database, as an integer
    /// (counts the tests check in the raw tables).
    pub async fn scalar(&self, name: &str, sql: &str) -> i64 {
        let db = self.tenant_db(name).await;
        let tx = db.begin().await.expect("a transaction");
        let statement = sea_orm::Statement::from_string(tx.get_database_backend(), sql.to_owned());
        let row = tx.query_one_raw(statement).await.expect("the query runs").expect("one row");
        let value: i64 = row.try_get_by_index(0).expect("an integer");
        tx.commit().await.expect("commit");
        value
    }

    /// Runs `sql` in tenant `name`'s database: what no screen may do, done behind the product's back
    /// to prove the product still refuses it.
    pub async fn execute(&self, name: &str, sql: &str) {
        self.try_execute(name, sql).await.expect("the statement runs");
    }

    /// [`Self::execute`], answering the database's refusal instead of failing the test.
    pub async fn try_execute(&self, name: &str, sql: &str) -> Result<(), String> {
        let db = self.tenant_db(name).await;
        let tx = db.begin().await.expect("a transaction");
        let statement = sea_orm::Statement::from_string(tx.get_database_backend(), sql.to_owned());
        tx.execute_raw(statement).await.map_err(|err| err.to_string())?;
        tx.commit().await.map_err(|err| err.to_string())
    }

    /// `POST`s a file's bytes (`application/octet-stream`) to `path` on `host` as the bearer of
    /// `token`: the uploads of tickets, quick replies, scheduled messages.
    pub async fn upload(&self, host: &str, token: &str, path: &str, bytes: Vec<u8>) -> (u16, serde_json::Value) {
        let response = self
            .client
            .post(self.url(path))
            .header(HOST, host)
            .bearer_auth(token)
            .header("content-type", "application/octet-stream")
            .body(bytes)
            .send()
            .await
            .expect("the upload is answered");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// The SQLite data directory (SQLite only).
    pub fn data_dir(&self) -> std::path::PathBuf {
        match &self.config.database_url {
            DatabaseUrl::Sqlite { dir } => dir.clone(),
            DatabaseUrl::Postgres { .. } => panic!("no data directory on PostgreSQL"),
        }
    }
}

/// `setup::init` over `config`'s databases: the control migrations and the back-office tenant.
async fn init(config: &Config) {
    let dbs = Databases::connect(&config.database_settings()).await.expect("databases open");
    setup::init(&dbs, &config.backoffice_tenant, Default::default()).await.expect("init runs");
    dbs.close().await;
}

/// A configuration over a database nobody else uses.
async fn isolated_config() -> (Config, Storage) {
    let (url, storage) = match backend() {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = DatabaseUrl::Sqlite { dir: dir.path().to_owned() };
            (url, Storage::Dir(dir))
        }
        Backend::Postgres => {
            let base = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL");
            let (admin_url, url, name) = initialized_pg_database(&base).await;
            let files = tempfile::tempdir().expect("temp dir");
            (url.parse().expect("postgres url"), Storage::PgDatabase { admin_url, name, _files: files })
        }
    };
    let mut config = Config::for_database(url);
    if let Storage::PgDatabase { _files, .. } = &storage {
        // Media and the like go to the test's own directory, never the working directory.
        config.data_dir = Some(_files.path().to_owned());
    }
    if backend() == Backend::Postgres
        && let Ok(redis) = std::env::var("TEST_REDIS_URL")
        && !redis.is_empty()
    {
        config.redis_url = Some(redis.parse().expect("TEST_REDIS_URL is a URL"));
        // Tests run in parallel against one Redis: each server gets its own key space.
        config.redis_prefix = format!("test-{}", backoffice::random::random_token(12));
    }
    config.jwt_secret = Some(backoffice::random::random_token(48).into());
    config.web_dist = std::path::PathBuf::from("/nonexistent-web-dist");
    // The worker's periodic analytics refresh would rebuild aggregates behind a test's back: tests
    // that want it turn it on.
    config.analytics_refresh_seconds = 0;
    (config, storage)
}

/// Creates an empty `bo_test_<random>` next to the database of `base`; returns (admin URL, new
/// URL, name).
pub async fn fresh_pg_database(base: &str) -> (String, String, String) {
    create_pg_database(base, None).await
}

/// [`fresh_pg_database`], as a copy of [`initialized_template`]: what `setup::init` makes of a new
/// database is already there (`TestApp::spawn_with` still runs `init`, which then finds it done, or
/// does what an adjusted configuration asks beyond it).
async fn initialized_pg_database(base: &str) -> (String, String, String) {
    let template = initialized_template(base).await;
    create_pg_database(base, Some(&template)).await
}

async fn create_pg_database(base: &str, template: Option<&str>) -> (String, String, String) {
    let name = format!("bo_test_{}", backoffice::random::random_token(10).to_lowercase().replace(['-', '_'], "x"));
    let admin = Database::connect(base).await.expect("connect to TEST_DATABASE_URL");
    let from = template.map(|t| format!(" TEMPLATE \"{t}\"")).unwrap_or_default();
    admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"{from}")).await.expect("create test database");
    admin.close().await.expect("close admin");
    (base.to_owned(), database_url(base, &name), name)
}

fn database_url(base: &str, name: &str) -> String {
    let mut url = url::Url::parse(base).expect("TEST_DATABASE_URL is a URL");
    url.set_path(name);
    url.to_string()
}

/// The database every test server's PostgreSQL database is copied from: the control migrations
/// applied and the back-office tenant provisioned, as `setup::init` leaves a new database with the
/// test configuration. Copying it takes ~0.3 s where `init` took ~0.8 s: the median PostgreSQL
/// test went from 2.8 to 2.3 s (docs/testing.md; the tenants a test provisions still migrate).
///
/// Made once per test binary and day: nextest runs each test in a process of its own, so the first
/// to find it missing makes it under an advisory lock while the others wait, then all copy it. Its
/// name carries the binary's build time (a rebuilt binary, whose migrations may differ, makes its
/// own) and the day (nothing in it is older than the day's tests expect), and starts with
/// `bo_test_`, so `tests/all.sh` drops it with the other leftovers before each PostgreSQL pass.
async fn initialized_template(base: &str) -> String {
    use std::hash::{Hash, Hasher};
    let built = std::env::current_exe()
        .and_then(|exe| exe.metadata())
        .and_then(|meta| meta.modified())
        .expect("the test binary's build time");
    let mut key = std::collections::hash_map::DefaultHasher::new();
    (built, chrono::Utc::now().date_naive()).hash(&mut key);
    let name = format!("bo_test_template_{:016x}", key.finish());

    let admin = Database::connect(base).await.expect("connect to TEST_DATABASE_URL");
    // The lock lives as long as this transaction; the work is done on other connections
    // (`CREATE DATABASE` cannot run inside a transaction).
    let lock = admin.begin().await.expect("a transaction for the lock");
    lock.execute_unprepared("SELECT pg_advisory_xact_lock(hashtext('bo_test_template'))")
        .await
        .expect("the template's lock");
    let exists = admin
        .query_one_raw(sea_orm::Statement::from_sql_and_values(
            sea_orm::DbBackend::Postgres,
            "SELECT 1 AS found FROM pg_database WHERE datname = $1",
            [name.clone().into()],
        ))
        .await
        .expect("pg_database is read")
        .is_some();
    if !exists {
        // A half-made one, left by a process that was stopped while making it.
        let building = format!("{name}_making");
        admin
            .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{building}\" WITH (FORCE)"))
            .await
            .expect("drop a half-made template");
        admin.execute_unprepared(&format!("CREATE DATABASE \"{building}\"")).await.expect("create the template");
        init(&Config::for_database(database_url(base, &building).parse().expect("postgres url"))).await;
        // Its connections were closed; renaming waits for none.
        admin
            .execute_unprepared(&format!("ALTER DATABASE \"{building}\" RENAME TO \"{name}\""))
            .await
            .expect("the template is named once whole");
    }
    lock.commit().await.expect("release the template's lock");
    admin.close().await.expect("close admin");
    name
}
