//! Logging: `pretty` for people, `json` for collectors. `RUST_LOG` overrides the default filter.

use tracing_subscriber::{EnvFilter, fmt};

use crate::config::LogFormat;

/// Default filter: our code at info, chatty dependencies at warn.
pub const DEFAULT_FILTER: &str = "info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn,tower_http=info";

/// Installs the global subscriber once; later calls are ignored (tests build many apps).
pub fn init(format: LogFormat, default_filter: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let builder = fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Pretty => builder.compact().try_init(),
    };
}
