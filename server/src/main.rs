//! `backoffice-server`: parse the configuration, start logging, serve. Nothing else.

use backoffice::{config::Config, startup::Application, telemetry};
use clap::Parser;

/// mimalloc, not glibc's malloc: under load the server spent a fifth of its CPU in malloc and free,
/// partly waiting on the arenas' locks (docs/performance.md#allocator).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Back-office server: REST under /api, GraphQL, WebSocket and the web app.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(flatten)]
    config: Config,
}

#[tokio::main]
async fn main() {
    let mut config = Cli::parse().config;
    telemetry::init(config.log_format, telemetry::DEFAULT_FILTER);
    if let Err(err) = config.validate() {
        eprintln!("erro de configuração: {err}");
        std::process::exit(2);
    }
    let result = async {
        let app = Application::build(config).await?;
        tracing::info!(address = %app.local_addr(), "backoffice-server listening");
        app.run().await
    }
    .await;
    if let Err(err) = result {
        eprintln!("erro: {err:#}");
        std::process::exit(1);
    }
}
