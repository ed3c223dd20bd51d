//! Subcommands, one module per area. Each returns the process exit status.

mod events;
mod init;
mod migrate;
mod seed;
mod tenant;
mod user;

use anyhow::Context;
use backoffice::{config::Config, domain::setup, tenancy::Databases};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Creates the control database, the back-office tenant and its first operator.
    Init(init::Args),
    /// Migrates the control database, then every tenant (bounded parallelism).
    Migrate(migrate::Args),
    /// Tenants: create, list, delete, restore, set-plan, feature.
    #[command(subcommand)]
    Tenant(tenant::Command),
    /// Users of a tenant.
    #[command(subcommand)]
    User(user::Command),
    /// Demo data.
    #[command(subcommand)]
    Seed(seed::Command),
    /// Realtime events: `events tail --tenant T`.
    #[command(subcommand)]
    Events(events::Command),
}

pub async fn run(command: Command, config: Config) -> anyhow::Result<i32> {
    let dbs = Databases::connect(&config).await.context("não foi possível abrir o banco de dados")?;
    let result = match command {
        Command::Init(args) => init::run(&dbs, &config, args).await,
        Command::Migrate(args) => migrate::run(&dbs, args).await,
        Command::Tenant(command) => {
            ensure_initialized(&dbs).await?;
            tenant::run(&dbs, &config, command).await
        }
        Command::User(command) => {
            ensure_initialized(&dbs).await?;
            user::run(&dbs, command).await
        }
        Command::Seed(command) => {
            ensure_initialized(&dbs).await?;
            seed::run(&dbs, &config, command).await
        }
        Command::Events(command) => {
            ensure_initialized(&dbs).await?;
            events::run(&dbs, &config, command).await
        }
    };
    dbs.close().await;
    result
}

/// Commands other than init/migrate need an up-to-date control database.
async fn ensure_initialized(dbs: &Databases) -> anyhow::Result<()> {
    let pending = setup::control_pending(dbs).await?;
    if pending > 0 {
        anyhow::bail!(
            "o banco de controle tem {pending} migração(ões) pendente(s): execute `backoffice-cli init` ou `backoffice-cli migrate`"
        );
    }
    Ok(())
}
