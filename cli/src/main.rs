//! `backoffice-cli`: the operator's checklist (README.md#operator-cli). Every command runs non-interactively
//! with flags (cron, scripts) and prompts only for a missing secret on a terminal. Exit status 0 on
//! success; otherwise one line saying why.

mod commands;
mod progress;

use backoffice::{config::Config, telemetry};
use clap::Parser;

/// mimalloc, not glibc's malloc: under load the server spent a fifth of its CPU in malloc and free,
/// partly waiting on the arenas' locks (docs/performance.md#allocator).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Operator CLI of the back-office: set-up, migrations, tenants, users, demo data.
#[derive(Parser)]
#[command(version, about, propagate_version = true)]
struct Cli {
    #[command(flatten)]
    config: Config,
    #[command(subcommand)]
    command: commands::Command,
}

#[tokio::main]
async fn main() {
    let cli = Cli::parse();
    let mut config = cli.config;
    telemetry::init(config.log_format, "warn");
    if let Err(err) = config.validate() {
        eprintln!("erro de configuração: {err}");
        std::process::exit(2);
    }
    match commands::run(cli.command, config).await {
        Ok(code) => std::process::exit(code),
        Err(err) => {
            eprintln!("erro: {err:#}");
            std::process::exit(1);
        }
    }
}
