//! The one configuration type (DESIGN §10), shared by `backoffice-server` and `backoffice-cli`.
//!
//! Every setting is an environment variable and a `--flag` of the same name. Values are parsed into
//! typed fields by clap, so a malformed value stops the program with a message that names the
//! variable; cross-field rules (the JWT secret, the tenant names) run once in [`Config::validate`].

use std::{
    collections::BTreeMap,
    fmt,
    net::{IpAddr, SocketAddr},
    path::{Path, PathBuf},
    str::FromStr,
};

use secrecy::{ExposeSecret, SecretString};

use crate::tenancy::TenantName;

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

    /// Let instance providers (and webhooks) live on loopback or private networks. Off in
    /// production: such URLs would let a tenant reach internal services (SSRF).
    #[arg(long, env = "ALLOW_PRIVATE_PROVIDERS", default_value_t = false)]
    pub allow_private_providers: bool,

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
}

impl Config {
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
            access_token_ttl_seconds: 900,
            refresh_token_ttl_days: 30,
            lockout_threshold: 5,
            login_failures_per_address: 10,
            login_attempts_per_minute: 30,
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
            None => load_or_create_secret(&self.data_dir())?,
        };
        check_jwt_secret(secret.expose_secret()).map_err(ConfigError::JwtSecret)?;
        self.jwt_secret = Some(secret);
        Ok(())
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

fn load_or_create_secret(dir: &Path) -> Result<SecretString, ConfigError> {
    let path = dir.join("jwt_secret");
    match std::fs::read_to_string(&path) {
        Ok(text) => return Ok(SecretString::from(text.trim().to_owned())),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        Err(err) => return Err(ConfigError::DataDir(format!("cannot read {}: {err}", path.display()))),
    }
    std::fs::create_dir_all(dir)
        .map_err(|err| ConfigError::DataDir(format!("cannot create {}: {err}", dir.display())))?;
    let secret = random_token(48);
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

/// A random URL-safe token of `bytes` random bytes.
pub fn random_token(bytes: usize) -> String {
    use rand::RngCore;
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut raw = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut raw);
    raw.iter().map(|b| ALPHABET[(*b & 63) as usize] as char).collect()
}

/// Where the data lives, parsed from `DATABASE_URL`.
#[derive(Clone)]
pub enum DatabaseUrl {
    /// Embedded: a directory holding `control.db` and `tenants/`.
    Sqlite { dir: PathBuf },
    /// A PostgreSQL database (the `default` pool).
    Postgres { url: SecretString },
}

impl PartialEq for DatabaseUrl {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Sqlite { dir: a }, Self::Sqlite { dir: b }) => a == b,
            (Self::Postgres { url: a }, Self::Postgres { url: b }) => a.expose_secret() == b.expose_secret(),
            _ => false,
        }
    }
}

impl FromStr for DatabaseUrl {
    type Err = String;

    fn from_str(value: &str) -> Result<Self, Self::Err> {
        let value = value.trim();
        if let Some(rest) = value.strip_prefix("sqlite://") {
            let dir = rest.split('?').next().unwrap_or_default();
            if dir.is_empty() {
                return Err("sqlite:// needs a directory, e.g. sqlite://data".into());
            }
            return Ok(Self::Sqlite { dir: PathBuf::from(dir) });
        }
        if value.starts_with("postgres://") || value.starts_with("postgresql://") {
            let parsed = url::Url::parse(value).map_err(|err| format!("not a valid PostgreSQL URL: {err}"))?;
            if parsed.host_str().unwrap_or_default().is_empty() {
                return Err("the PostgreSQL URL has no host".into());
            }
            if parsed.path().trim_start_matches('/').is_empty() {
                return Err("the PostgreSQL URL names no database (e.g. postgres://postgres@127.0.0.1/backoffice)".into());
            }
            return Ok(Self::Postgres { url: SecretString::from(value.to_owned()) });
        }
        Err(format!(
            "must start with sqlite:// or postgres:// (got '{}')",
            redact_url(value)
        ))
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Sqlite { dir } => write!(f, "sqlite://{}", dir.display()),
            Self::Postgres { url } => write!(f, "{}", redact_url(url.expose_secret())),
        }
    }
}

/// Hides the password of a URL for logs and error messages.
pub fn redact_url(value: &str) -> String {
    match url::Url::parse(value) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        Ok(parsed) => parsed.to_string(),
        Err(_) => value.chars().take(40).collect(),
    }
}

/// A URL that may carry a password: never printed whole.
#[derive(Clone)]
pub struct SecretUrl(pub SecretString);

impl FromStr for SecretUrl {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, Self::Err> {
        url::Url::parse(value).map_err(|err| format!("not a valid URL: {err}"))?;
        Ok(Self(SecretString::from(value.to_owned())))
    }
}

impl fmt::Debug for SecretUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redact_url(self.0.expose_secret()))
    }
}

/// Named PostgreSQL clusters for tenant placement (`TENANT_POOLS`).
#[derive(Clone, Debug, Default)]
pub struct TenantPools(pub BTreeMap<String, SecretUrl>);

impl FromStr for TenantPools {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, Self::Err> {
        let mut pools = BTreeMap::new();
        for pair in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, url) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{}' is not name=postgres://...", redact_url(pair)))?;
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                return Err(format!("pool name '{name}' must be letters, digits, - or _"));
            }
            if name == "default" {
                return Err("the pool 'default' is DATABASE_URL and cannot be redefined".into());
            }
            if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                return Err(format!("pool '{name}' must be a postgres:// URL"));
            }
            pools.insert(name.to_owned(), url.trim().parse::<SecretUrl>()?);
        }
        Ok(Self(pools))
    }
}

/// The domain under which tenants have their hosts; lower-case ASCII.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseDomain(pub String);

impl FromStr for BaseDomain {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, Self::Err> {
        let value = value.trim().trim_end_matches('.').to_ascii_lowercase();
        let valid_label = |label: &str| {
            !label.is_empty()
                && label.len() <= 63
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        };
        if value.is_empty() || !value.split('.').all(valid_label) {
            return Err(format!("'{value}' is not a domain name like example.com or localhost"));
        }
        Ok(Self(value))
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            "sqlite://data".parse::<DatabaseUrl>().unwrap(),
            DatabaseUrl::Sqlite { dir: PathBuf::from("data") }
        );
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
        assert!(check_jwt_secret(&random_token(48)).is_ok());
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
