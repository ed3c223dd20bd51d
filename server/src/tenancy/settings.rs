//! The settings tenancy needs from the configuration: where the data lives (`DATABASE_URL`,
//! `TENANT_POOLS`), connection limits, and the base domain tenant hosts live under. `config`
//! parses them from the environment; this module owns their types so tenancy depends on nothing
//! above it.

use std::{collections::BTreeMap, fmt, path::PathBuf, str::FromStr};

use secrecy::{ExposeSecret, SecretString};

/// What [`Databases::connect`](super::Databases::connect) opens.
#[derive(Clone, Debug)]
pub struct DatabaseSettings {
    pub url: DatabaseUrl,
    pub pools: TenantPools,
    /// Connections per PostgreSQL cluster, shared by all its tenants.
    pub max_connections: u32,
    /// SQLite: tenant files open at once.
    pub max_open_tenants: u32,
    /// Idle tenant connections close after this many seconds.
    pub idle_seconds: u64,
    /// How long a request waits for a connection before the database counts as unavailable.
    pub acquire_timeout: std::time::Duration,
    /// PostgreSQL: pre-migrated spare schemas kept ready per cluster, renamed on provisioning.
    pub spare_schemas: u32,
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
                return Err(
                    "the PostgreSQL URL names no database (e.g. postgres://postgres@127.0.0.1/backoffice)".into()
                );
            }
            return Ok(Self::Postgres { url: SecretString::from(value.to_owned()) });
        }
        Err(format!("must start with sqlite:// or postgres:// (got '{}')", redact_url(value)))
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
            let (name, url) =
                pair.split_once('=').ok_or_else(|| format!("'{}' is not name=postgres://...", redact_url(pair)))?;
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
