//! The one configuration type (README.md#configuration), shared by `backoffice-server` and `backoffice-cli`.
//!
//! Every setting is an environment variable and a `--flag` of the same name. Values are parsed into
//! typed fields by clap, so a malformed value stops the program with a message that names the
//! variable; cross-field rules (the JWT secret, the tenant names) run once in [`Config::validate`].

use std::{
    net::{IpAddr, SocketAddr},
    path::{Path, PathBuf},
    str::FromStr,
};

use secrecy::{ExposeSecret, SecretString};

pub use crate::tenancy::settings::{BaseDomain, DatabaseSettings, DatabaseUrl, SecretUrl, TenantPools, redact_url};
use crate::{
    secrets::{SecretKey, Secrets},
    tenancy::TenantName,
};

/// Settings of the server and the CLI. Doc comments are the `--help` text.
#[derive(clap::Args, Clone, Debug)]
pub struct Config {
    /// Where data lives: `sqlite://DIR` (embedded default: DIR/control.db and DIR/tenants/NAME.db)
    /// or `postgres://user@host/db` (schema `control` plus one schema `tenant_NAME` per tenant).
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data", value_name = "DATABASE_URL")]
    pub database_url: DatabaseUrl,

    /// Extra PostgreSQL clusters that may hold tenant schemas, as `name=postgres://...` pairs
    /// separated by commas. The pool `default` is always DATABASE_URL.
    #[arg(long, env = "TENANT_POOLS", default_value = "", value_name = "TENANT_POOLS")]
    pub tenant_pools: TenantPools,

    /// Redis for the event bus and rate limits across replicas; unset means in-process.
    #[arg(long, env = "REDIS_URL", value_name = "REDIS_URL")]
    pub redis_url: Option<SecretUrl>,

    /// Prefix of every Redis key (several deployments may share one Redis).
    #[arg(long, env = "REDIS_PREFIX", default_value = "bo", value_name = "REDIS_PREFIX")]
    pub redis_prefix: String,

    /// Address the HTTP server listens on.
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8080", value_name = "BIND")]
    pub bind: SocketAddr,

    /// Domain under which every tenant has its host: `{tenant}.{BASE_DOMAIN}`.
    #[arg(long, env = "BASE_DOMAIN", default_value = "localhost", value_name = "BASE_DOMAIN")]
    pub base_domain: BaseDomain,

    /// Tenant used when the request's host carries no tenant label (e.g. plain `localhost`).
    #[arg(long, env = "DEFAULT_TENANT", value_name = "DEFAULT_TENANT")]
    pub default_tenant: Option<TenantName>,

    /// Name of the back-office tenant, whose users operate the platform.
    #[arg(long, env = "BACKOFFICE_TENANT", default_value = "backoffice", value_name = "BACKOFFICE_TENANT")]
    pub backoffice_tenant: TenantName,

    /// Secret that signs access tokens (at least 32 characters). When unset, one is generated
    /// once and kept in DATA_DIR/jwt_secret.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true, value_name = "JWT_SECRET")]
    pub jwt_secret: Option<SecretString>,

    /// Directory for files the server keeps (the generated JWT secret). Defaults to the SQLite
    /// directory, or `data` on PostgreSQL.
    #[arg(long, env = "DATA_DIR", value_name = "DATA_DIR")]
    pub data_dir: Option<PathBuf>,

    /// Addresses of reverse proxies whose `X-Forwarded-For` is believed, comma separated.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = "", value_name = "TRUSTED_PROXIES")]
    pub trusted_proxies: TrustedProxies,

    /// Directory of the built web app (`npm run build` in web/), served with history fallback.
    #[arg(long, env = "WEB_DIST", default_value = "web/dist", value_name = "WEB_DIST")]
    pub web_dist: PathBuf,

    /// Log format: `pretty` for people, `json` for log collectors.
    #[arg(long, env = "LOG_FORMAT", default_value = "pretty", value_name = "LOG_FORMAT")]
    pub log_format: LogFormat,

    /// Connections per PostgreSQL cluster shared by all its tenants (tenants bind per transaction).
    #[arg(long, env = "DB_MAX_CONNECTIONS", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_max_connections: u32,

    /// SQLite only: how many tenant database files may be open at once; the least recently used
    /// one is closed beyond that.
    #[arg(long, env = "MAX_OPEN_TENANTS", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_open_tenants: u32,

    /// Seconds after which an unused tenant connection is closed.
    #[arg(long, env = "DB_IDLE_SECONDS", default_value_t = 60)]
    pub db_idle_seconds: u64,

    /// Let instance providers live on loopback or private networks. Off in production: such URLs
    /// would let a tenant reach internal services (SSRF).
    #[arg(long, env = "ALLOW_PRIVATE_PROVIDERS", default_value_t = false)]
    pub allow_private_providers: bool,

    /// Meta's Graph API, which official (`cloud`) instances call (docs/providers.md#cloud). Set
    /// only to pin another API version, or to a fake of it in tests.
    #[arg(long, env = "GRAPH_API_URL", default_value = crate::domain::instances::cloud::DEFAULT_GRAPH_API_URL)]
    pub graph_api_url: String,

    /// Let webhook endpoints live on loopback or private networks (and on plain http): tests and
    /// on-premise receivers. Off in production (SSRF: docs/campaigns.md#webhooks).
    #[arg(long, env = "ALLOW_PRIVATE_WEBHOOKS", default_value_t = false)]
    pub allow_private_webhooks: bool,

    /// Pages of history one message synchronisation asks its provider for at most (500 messages a
    /// page): a provider that always answers "more" is stopped there (docs/providers.md#history).
    #[arg(long, env = "SYNC_MAX_PAGES", default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub sync_max_pages: u32,

    /// How often the worker rebuilds each tenant's daily aggregates that changed (the analytics
    /// sync, incremental), so today's dashboards lag by at most this; 0 leaves it to
    /// `backoffice-cli analytics sync` in cron (docs/analytics.md#analytics-sync).
    #[arg(long, env = "ANALYTICS_REFRESH_SECONDS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub analytics_refresh_seconds: u64,

    /// Lifetime of an access token, in seconds.
    #[arg(long, env = "ACCESS_TOKEN_TTL_SECONDS", default_value_t = 900, value_parser = clap::value_parser!(i64).range(30..=86_400))]
    pub access_token_ttl_seconds: i64,

    /// Lifetime of a refresh token (a login), in days.
    #[arg(long, env = "REFRESH_TOKEN_TTL_DAYS", default_value_t = 30, value_parser = clap::value_parser!(i64).range(1..=365))]
    pub refresh_token_ttl_days: i64,

    /// Consecutive wrong passwords that block a user (0 = never).
    #[arg(long, env = "LOCKOUT_THRESHOLD", default_value_t = 5, value_parser = clap::value_parser!(i32).range(0..=10))]
    pub lockout_threshold: i32,

    /// Failed logins allowed from one address per 15 minutes, across all accounts. Kept at twice
    /// the lockout threshold, so one address can lock out at most two accounts per window.
    #[arg(long, env = "LOGIN_FAILURES_PER_ADDRESS", default_value_t = 10)]
    pub login_failures_per_address: u32,

    /// Login attempts (right or wrong) allowed from one address per minute.
    #[arg(long, env = "LOGIN_ATTEMPTS_PER_MINUTE", default_value_t = 30)]
    pub login_attempts_per_minute: u32,

    /// Requests one API token may make per minute (docs/api-tokens.md); beyond them, 429 with
    /// `Retry-After`.
    #[arg(long, env = "API_TOKEN_REQUESTS_PER_MINUTE", default_value_t = 600)]
    pub api_token_requests_per_minute: u32,

    /// Seconds a client has to send a request's headers (also the next request's, on a kept-alive
    /// connection) before the connection is closed.
    #[arg(long, env = "HEADER_READ_TIMEOUT_SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=300))]
    pub header_read_timeout_seconds: u64,

    /// Seconds a connection may stay open with no request in flight and no bytes moving.
    #[arg(long, env = "IDLE_TIMEOUT_SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub idle_timeout_seconds: u64,

    /// Seconds a client has to send a whole request body.
    #[arg(long, env = "BODY_READ_TIMEOUT_SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_read_timeout_seconds: u64,

    /// Seconds an API or GraphQL request may take to answer (its body's arrival included) before
    /// it is stopped with 503 `request_timeout`; a download's streaming after its first byte is
    /// not counted.
    #[arg(long, env = "REQUEST_TIMEOUT_SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub request_timeout_seconds: u64,

    /// Open connections allowed from one client address (0 = no cap; trusted proxies are exempt).
    #[arg(long, env = "MAX_CONNECTIONS_PER_ADDRESS", default_value_t = 256)]
    pub max_connections_per_address: usize,

    /// Realtime sockets one user may hold open on this server (tabs, devices).
    #[arg(long, env = "MAX_SOCKETS_PER_USER", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub max_sockets_per_user: u32,

    /// Realtime sockets one tenant may hold open on this server.
    #[arg(long, env = "MAX_SOCKETS_PER_TENANT", default_value_t = 5000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_sockets_per_tenant: u32,

    /// Milliseconds to wait for a database connection (or a Redis answer) before answering that the
    /// service is unavailable, instead of queueing behind an outage.
    #[arg(long, env = "BACKEND_TIMEOUT_MS", default_value_t = 750, value_parser = clap::value_parser!(u64).range(50..=60_000))]
    pub backend_timeout_ms: u64,

    /// Run the worker (the outbox: provider sends, webhook deliveries) in this server. Turn it off
    /// where `backoffice-cli worker` runs it as its own process.
    #[arg(long, env = "RUN_WORKER", default_value_t = true, action = clap::ArgAction::Set)]
    pub run_worker: bool,

    /// Key that encrypts secrets at rest (two-factor seeds, provider and webhook secrets): 32 bytes
    /// as base64 or 64 hex digits. When unset, one is generated once and kept in DATA_DIR/secrets_key.
    #[arg(long, env = "SECRETS_KEY", hide_env_values = true, value_name = "SECRETS_KEY")]
    pub secrets_key: Option<SecretString>,

    /// The key before the last rotation, still accepted for reading until `backoffice-cli secrets
    /// rotate` has re-encrypted everything (docs/operations.md#rotating-the-secrets-key).
    #[arg(long, env = "SECRETS_KEY_PREVIOUS", hide_env_values = true, value_name = "SECRETS_KEY_PREVIOUS")]
    pub secrets_key_previous: Option<SecretString>,

    /// PostgreSQL: schemas kept created and migrated ahead of need, per cluster, so provisioning a
    /// tenant renames one instead of running every migration (docs/tenancy.md#spare-schemas).
    /// 0 turns it off. Ignored on SQLite.
    #[arg(long, env = "SPARE_SCHEMAS", default_value_t = 4)]
    pub spare_schemas: u32,

    /// The address tenants' hosts are reached at from outside, with `{tenant}` for the tenant's
    /// name (`https://{tenant}.example.com`): the links providers fetch an agent's media from.
    /// Default: `https://{tenant}.BASE_DOMAIN`, or `http://{tenant}.localhost:PORT` on localhost.
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Where the media of conversations is kept (docs/media.md#storage): `fs`, files under
    /// DATA_DIR/media (one machine), or `s3`, an S3-compatible bucket (replicas on several machines;
    /// MEDIA_S3_*).
    #[arg(long, env = "MEDIA_STORAGE", default_value = "fs", value_parser = ["fs", "s3"])]
    pub media_storage: String,

    /// The bucket media is kept in (`MEDIA_STORAGE=s3`).
    #[arg(long, env = "MEDIA_S3_BUCKET")]
    pub media_s3_bucket: Option<String>,

    /// The S3-compatible server's URL when it is not AWS (`https://s3.example.com`,
    /// `http://127.0.0.1:9000`).
    #[arg(long, env = "MEDIA_S3_ENDPOINT")]
    pub media_s3_endpoint: Option<String>,

    /// The bucket's region.
    #[arg(long, env = "MEDIA_S3_REGION", default_value = "us-east-1")]
    pub media_s3_region: String,

    /// The access key id media is stored with.
    #[arg(long, env = "MEDIA_S3_ACCESS_KEY_ID")]
    pub media_s3_access_key_id: Option<String>,

    /// The secret access key media is stored with (never logged).
    #[arg(long, env = "MEDIA_S3_SECRET_ACCESS_KEY", hide_env_values = true, value_name = "MEDIA_S3_SECRET_ACCESS_KEY")]
    pub media_s3_secret_access_key: Option<SecretString>,

    /// Bearer token that `GET /metrics` (Prometheus text) requires. Unset: `/metrics` is a 404, so
    /// nothing about the server's load is public by default (docs/operations.md#what-to-watch-in-metrics).
    #[arg(long, env = "METRICS_TOKEN", hide_env_values = true, value_name = "METRICS_TOKEN")]
    pub metrics_token: Option<SecretString>,
}

/// A cross-field configuration error, printed as the one line the program exits with.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("JWT_SECRET: {0}")]
    JwtSecret(String),
    #[error("BACKOFFICE_TENANT: {0}")]
    BackofficeTenant(String),
    #[error("DATA_DIR: {0}")]
    DataDir(String),
    #[error("SECRETS_KEY: {0}")]
    SecretsKey(String),
    #[error("METRICS_TOKEN: {0}")]
    MetricsToken(String),
    #[error("MEDIA_STORAGE: {0}")]
    MediaStorage(String),
}

impl Config {
    /// What `tenancy::Databases` needs to open the control and tenant databases.
    pub fn database_settings(&self) -> DatabaseSettings {
        DatabaseSettings {
            url: self.database_url.clone(),
            pools: self.tenant_pools.clone(),
            max_connections: self.db_max_connections,
            max_open_tenants: self.max_open_tenants,
            idle_seconds: self.db_idle_seconds,
            acquire_timeout: std::time::Duration::from_millis(self.backend_timeout_ms),
            spare_schemas: self.spare_schemas,
        }
    }

    /// Configuration for tests and tools: the defaults with the given database.
    pub fn for_database(database_url: DatabaseUrl) -> Self {
        Self {
            database_url,
            tenant_pools: TenantPools::default(),
            redis_url: None,
            redis_prefix: "bo".into(),
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            base_domain: BaseDomain("localhost".into()),
            default_tenant: None,
            backoffice_tenant: TenantName::parse("backoffice").expect("valid literal"),
            jwt_secret: None,
            data_dir: None,
            trusted_proxies: TrustedProxies::default(),
            web_dist: PathBuf::from("web/dist"),
            log_format: LogFormat::Pretty,
            db_max_connections: 8,
            max_open_tenants: 64,
            db_idle_seconds: 60,
            allow_private_providers: false,
            graph_api_url: crate::domain::instances::cloud::DEFAULT_GRAPH_API_URL.into(),
            allow_private_webhooks: false,
            sync_max_pages: 2_000,
            analytics_refresh_seconds: 300,
            access_token_ttl_seconds: 900,
            refresh_token_ttl_days: 30,
            lockout_threshold: 5,
            login_failures_per_address: 10,
            login_attempts_per_minute: 30,
            api_token_requests_per_minute: 600,
            header_read_timeout_seconds: 10,
            idle_timeout_seconds: 30,
            body_read_timeout_seconds: 30,
            request_timeout_seconds: 60,
            max_connections_per_address: 256,
            max_sockets_per_user: 10,
            max_sockets_per_tenant: 5000,
            backend_timeout_ms: 750,
            run_worker: true,
            secrets_key: None,
            secrets_key_previous: None,
            metrics_token: None,
            public_url: None,
            media_storage: "fs".into(),
            media_s3_bucket: None,
            media_s3_endpoint: None,
            media_s3_region: "us-east-1".into(),
            media_s3_access_key_id: None,
            media_s3_secret_access_key: None,
            // Tests and tools opt in: every test server would otherwise build four schemas.
            spare_schemas: 0,
        }
    }

    /// Checks the rules that span fields and resolves the JWT secret (reading or creating the
    /// kept one). Called once at start, before anything is served.
    pub fn validate(&mut self) -> Result<(), ConfigError> {
        if let Some(default) = &self.default_tenant
            && default == &self.backoffice_tenant
        {
            return Err(ConfigError::BackofficeTenant(
                "must differ from DEFAULT_TENANT, or operators would log in on bare hosts".into(),
            ));
        }
        let secret = match self.jwt_secret.take() {
            Some(secret) => secret,
            None => load_or_create_secret(&self.data_dir(), "jwt_secret", || crate::random::random_token(48))?,
        };
        check_jwt_secret(secret.expose_secret()).map_err(ConfigError::JwtSecret)?;
        self.jwt_secret = Some(secret);
        let key = match self.secrets_key.take() {
            Some(key) => key,
            None => load_or_create_secret(&self.data_dir(), "secrets_key", SecretKey::generate)?,
        };
        SecretKey::parse(key.expose_secret()).map_err(ConfigError::SecretsKey)?;
        self.secrets_key = Some(key);
        if let Some(previous) = &self.secrets_key_previous {
            SecretKey::parse(previous.expose_secret())
                .map_err(|err| ConfigError::SecretsKey(format!("SECRETS_KEY_PREVIOUS {err}")))?;
        }
        if let Some(token) = &self.metrics_token {
            check_metrics_token(token.expose_secret()).map_err(ConfigError::MetricsToken)?;
        }
        self.media_store().map_err(|err| ConfigError::MediaStorage(err.to_string()))?;
        Ok(())
    }

    /// How connectors reach providers.
    pub fn reach(&self) -> crate::domain::instances::connector::Reach {
        crate::domain::instances::connector::Reach {
            allow_private: self.allow_private_providers,
            graph_api_url: self.graph_api_url.clone(),
        }
    }

    /// The origin of `tenant`'s host as the outside reaches it (`PUBLIC_URL`).
    pub fn public_origin(&self, tenant: &str) -> String {
        match &self.public_url {
            Some(template) => template.trim_end_matches('/').replace("{tenant}", tenant),
            None if !self.secure_cookies() => format!("http://{tenant}.{}:{}", self.base_domain.0, self.bind.port()),
            None => format!("https://{tenant}.{}", self.base_domain.0),
        }
    }

    /// Where media is kept (`MEDIA_STORAGE`): refused when `s3` lacks its bucket or keys.
    pub fn media_store(&self) -> Result<crate::domain::media::MediaStore, String> {
        use crate::domain::media::{MediaStore, store::S3Settings};
        if self.media_storage != "s3" {
            return MediaStore::local(&self.data_dir().join("media")).map_err(|e| e.to_string());
        }
        let missing = |name: &str| format!("s3 needs {name}");
        let settings = S3Settings {
            bucket: self.media_s3_bucket.clone().ok_or_else(|| missing("MEDIA_S3_BUCKET"))?,
            endpoint: self.media_s3_endpoint.clone(),
            region: self.media_s3_region.clone(),
            access_key_id: self.media_s3_access_key_id.clone().ok_or_else(|| missing("MEDIA_S3_ACCESS_KEY_ID"))?,
            secret_access_key: self
                .media_s3_secret_access_key
                .clone()
                .ok_or_else(|| missing("MEDIA_S3_SECRET_ACCESS_KEY"))?,
        };
        MediaStore::s3(&settings).map_err(|e| e.to_string())
    }

    /// The keys secrets at rest are sealed with; `validate` has resolved them.
    pub fn secrets(&self) -> Secrets {
        let parse = |key: &SecretString| SecretKey::parse(key.expose_secret()).ok();
        let current = self.secrets_key.as_ref().and_then(parse);
        // Unvalidated configurations (tools, tests) get a key of their own for the process.
        let current =
            current.unwrap_or_else(|| SecretKey::parse(&SecretKey::generate()).expect("a generated key parses"));
        Secrets::new(current, self.secrets_key_previous.as_ref().and_then(parse))
    }

    /// Whether cookies need HTTPS: everywhere but a `localhost` base domain.
    pub fn secure_cookies(&self) -> bool {
        self.base_domain.0 != "localhost" && !self.base_domain.0.ends_with(".localhost")
    }

    /// Directory for files the server keeps.
    pub fn data_dir(&self) -> PathBuf {
        match (&self.data_dir, &self.database_url) {
            (Some(dir), _) => dir.clone(),
            (None, DatabaseUrl::Sqlite { dir }) => dir.clone(),
            (None, DatabaseUrl::Postgres { .. }) => PathBuf::from("data"),
        }
    }

    /// The JWT secret; `validate` has resolved it.
    pub fn jwt_secret(&self) -> &str {
        self.jwt_secret.as_ref().map(|s| s.expose_secret()).unwrap_or_default()
    }
}

/// Values that are public examples or defaults somewhere; a secret equal to one (ignoring case)
/// is refused even when long enough.
const WELL_KNOWN_SECRETS: &[&str] = &[
    "secret",
    "changeme",
    "change-me",
    "changeit",
    "password",
    "your-256-bit-secret",
    "your-secret-key",
    "jwt_secret",
    "jwt-secret",
    "mysecret",
    "supersecret",
    "super-secret-key",
    "secretkey",
    "development",
    "this-is-a-secret-key-for-jwt-signing",
    "your_jwt_secret_key_here_change_in_production",
    "please-change-this-secret-in-production-0000",
];

/// Refuses short, well-known and low-variety secrets.
pub fn check_jwt_secret(secret: &str) -> Result<(), String> {
    let lowered = secret.trim().to_ascii_lowercase();
    if WELL_KNOWN_SECRETS.iter().any(|known| lowered == *known || lowered.contains(known) && lowered.len() < 48) {
        return Err("is a well-known example value; generate one with `openssl rand -base64 48`".into());
    }
    if secret.chars().count() < 32 {
        return Err(format!(
            "is {} characters long; at least 32 are required (e.g. `openssl rand -base64 48`)",
            secret.chars().count()
        ));
    }
    let distinct: std::collections::BTreeSet<char> = secret.chars().collect();
    if distinct.len() < 10 {
        return Err("repeats too few characters to be secret; use a random value".into());
    }
    Ok(())
}

/// The secret kept in `dir/name`, created with `generate` the first time.
fn load_or_create_secret(dir: &Path, name: &str, generate: impl Fn() -> String) -> Result<SecretString, ConfigError> {
    let path = dir.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => return Ok(SecretString::from(text.trim().to_owned())),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        Err(err) => return Err(ConfigError::DataDir(format!("cannot read {}: {err}", path.display()))),
    }
    crate::tenancy::create_private_dir(dir)
        .map_err(|err| ConfigError::DataDir(format!("cannot create {}: {err}", dir.display())))?;
    let secret = generate();
    write_private_file(&path, &secret)
        .map_err(|err| ConfigError::DataDir(format!("cannot write {}: {err}", path.display())))?;
    Ok(SecretString::from(secret))
}

/// Writes a file readable by its owner only (the secret must not be world readable).
fn write_private_file(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    #[cfg(unix)]
    use std::os::unix::fs::OpenOptionsExt;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut file = options.open(path)?;
    file.write_all(contents.as_bytes())
}

/// Proxies whose `X-Forwarded-For` header is believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(pub Vec<IpAddr>);

impl FromStr for TrustedProxies {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, Self::Err> {
        value
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| p.parse::<IpAddr>().map_err(|_| format!("'{p}' is not an IP address")))
            .collect::<Result<_, _>>()
            .map(Self)
    }
}

/// Log output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

impl FromStr for LogFormat {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, Self::Err> {
        match value {
            "pretty" => Ok(Self::Pretty),
            "json" => Ok(Self::Json),
            other => Err(format!("'{other}' is not pretty or json")),
        }
    }
}

/// A metrics token must not be guessable: at least 24 characters, and not the example file's
/// placeholder.
fn check_metrics_token(token: &str) -> Result<(), String> {
    if token.to_uppercase().contains("CHANGE-ME") || token.to_uppercase().contains("CHANGE_ME") {
        return Err("still the example's placeholder: generate one (openssl rand -base64 32)".into());
    }
    if token.trim().len() < 24 {
        return Err("at least 24 characters (openssl rand -base64 32)".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_metrics_token_must_be_long_and_not_the_placeholder() {
        assert!(check_metrics_token("CHANGE-ME-generate-with-openssl-rand").is_err());
        assert!(check_metrics_token("short").is_err());
        assert!(check_metrics_token("kV3q9XrZ1pLm8sT4wY6uB2nC").is_ok());
    }

    #[test]
    fn a_malformed_database_url_says_what_is_wrong() {
        let err = "mysql://x".parse::<DatabaseUrl>().unwrap_err();
        assert!(err.contains("sqlite://"), "{err}");
        let err = "postgres://127.0.0.1".parse::<DatabaseUrl>().unwrap_err();
        assert!(err.contains("names no database"), "{err}");
        let err = "postgres://user:hunter2@/db".parse::<DatabaseUrl>().unwrap_err();
        assert!(!err.contains("hunter2"), "{err}");
    }

    #[test]
    fn sqlite_and_postgres_urls_parse() {
        assert_eq!("sqlite://data".parse::<DatabaseUrl>().unwrap(), DatabaseUrl::Sqlite { dir: PathBuf::from("data") });
        assert!(matches!(
            "postgres://postgres@127.0.0.1:5432/bo".parse::<DatabaseUrl>().unwrap(),
            DatabaseUrl::Postgres { .. }
        ));
    }

    #[test]
    fn short_and_well_known_jwt_secrets_are_refused() {
        assert!(check_jwt_secret("short").unwrap_err().contains("at least 32"));
        assert!(check_jwt_secret("your-256-bit-secret").unwrap_err().contains("well-known"));
        assert!(check_jwt_secret(&"a".repeat(64)).unwrap_err().contains("too few"));
        assert!(check_jwt_secret(&crate::random::random_token(48)).is_ok());
    }

    #[test]
    fn the_postgres_password_never_shows_in_debug() {
        let url: DatabaseUrl = "postgres://u:hunter2@localhost/db".parse().unwrap();
        assert!(!format!("{url:?}").contains("hunter2"));
    }

    #[test]
    fn tenant_pools_parse_and_refuse_default() {
        let pools: TenantPools = "eu=postgres://h1/db, sa=postgres://h2/db".parse().unwrap();
        assert_eq!(pools.0.len(), 2);
        assert!("default=postgres://h/db".parse::<TenantPools>().is_err());
        assert!("nonsense".parse::<TenantPools>().is_err());
    }
}
