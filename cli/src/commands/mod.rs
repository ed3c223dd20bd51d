//! Subcommands, one module per area. Each returns the process exit status.

mod analytics;
mod campaigns;
mod events;
mod init;
mod migrate;
mod privacy;
mod prune;
mod secrets;
mod seed;
mod sheets;
mod simulate;
mod tenant;
mod user;
mod webhooks;
mod worker;

use anyhow::Context;
use backoffice::{
    config::Config,
    context::CurrentTenant,
    domain::setup,
    tenancy::{Databases, TenantName},
};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Creates the control database, the back-office tenant and its first operator.
    Init(init::Args),
    /// Migrates the control database, then every tenant (bounded parallelism).
    Migrate(migrate::Args),
    /// Tenants: create, list, delete, restore, set-plan, feature.
    #[command(subcommand)]
    Tenant(tenant::Command),
    /// Users of a tenant (`user create`, `users import FILE.xlsx`, ...).
    #[command(subcommand, alias = "users")]
    User(user::Command),
    /// Daily aggregates of the dashboards: `analytics sync`, `analytics verify`.
    #[command(subcommand)]
    Analytics(analytics::Command),
    /// Spreadsheets: `sheets export KIND --tenant T --from D --to D -o FILE.xlsx`.
    #[command(subcommand)]
    Sheets(sheets::Command),
    /// Campaigns of a tenant: `campaigns list`, `campaigns pause|resume|cancel|retry-failed ID`.
    #[command(subcommand)]
    Campaigns(campaigns::Command),
    /// Campaign-status webhooks: `webhooks list`, `webhooks enable ID`, `webhooks replay --type T`.
    #[command(subcommand)]
    Webhooks(webhooks::Command),
    /// Demo data.
    #[command(subcommand)]
    Seed(seed::Command),
    /// Realtime events: `events tail --tenant T`.
    #[command(subcommand)]
    Events(events::Command),
    /// Secrets at rest: `secrets rotate` after changing SECRETS_KEY.
    #[command(subcommand)]
    Secrets(secrets::Command),
    /// A fake provider for the demo: customers write, replies get delivered and read.
    Simulate(simulate::Args),
    /// Runs the outbox's jobs (provider sends, webhook deliveries) until stopped.
    Worker(worker::Args),
    /// The data subject's rights (LGPD): `privacy report|erase|hold --tenant T --customer ID`.
    #[command(subcommand)]
    Privacy(privacy::Command),
    /// Removes bookkeeping rows past their retention: done and failed jobs, provider event ids,
    /// expired refresh tokens (`prune --all` nightly; `--dry-run` counts).
    Prune(prune::Args),
}

pub async fn run(command: Command, config: Config) -> anyhow::Result<i32> {
    let dbs =
        Databases::connect(&config.database_settings()).await.context("não foi possível abrir o banco de dados")?;
    if let Command::Worker(args) = command {
        ensure_initialized(&dbs).await?;
        return worker::run(dbs, config, args).await;
    }
    let result = match command {
        Command::Init(args) => init::run(&dbs, &config, args).await,
        Command::Migrate(args) => migrate::run(&dbs, &config, args).await,
        Command::Tenant(command) => {
            ensure_initialized(&dbs).await?;
            tenant::run(&dbs, &config, command).await
        }
        Command::User(command) => {
            ensure_initialized(&dbs).await?;
            user::run(&dbs, &config, command).await
        }
        Command::Analytics(command) => {
            ensure_initialized(&dbs).await?;
            analytics::run(&dbs, command).await
        }
        Command::Sheets(command) => {
            ensure_initialized(&dbs).await?;
            sheets::run(&dbs, command).await
        }
        Command::Campaigns(command) => {
            ensure_initialized(&dbs).await?;
            campaigns::run(&dbs, &config, command).await
        }
        Command::Webhooks(command) => {
            ensure_initialized(&dbs).await?;
            webhooks::run(&dbs, &config, command).await
        }
        Command::Seed(command) => {
            ensure_initialized(&dbs).await?;
            seed::run(&dbs, &config, command).await
        }
        Command::Events(command) => {
            ensure_initialized(&dbs).await?;
            events::run(&dbs, &config, command).await
        }
        Command::Secrets(command) => {
            ensure_initialized(&dbs).await?;
            secrets::run(&dbs, &config, command).await
        }
        Command::Simulate(args) => {
            ensure_initialized(&dbs).await?;
            simulate::run(&dbs, &config, args).await
        }
        Command::Privacy(command) => {
            ensure_initialized(&dbs).await?;
            privacy::run(&dbs, &config, command).await
        }
        Command::Prune(args) => {
            ensure_initialized(&dbs).await?;
            prune::run(&dbs, &config, args).await
        }
        Command::Worker(_) => unreachable!("handled above: the worker owns the databases"),
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

/// The active tenant a `--tenant` argument names, resolved as the server resolves a host.
async fn active_tenant(dbs: &Databases, name: &str) -> anyhow::Result<CurrentTenant> {
    let parsed = TenantName::parse(name)?;
    CurrentTenant::lookup(dbs, parsed)
        .await?
        .with_context(|| format!("o tenant \"{name}\" não existe ou está excluído (veja `tenant list --deleted`)"))
}

/// Records what an operator did at the command line on `tenant`'s audit log (docs/audit.md), in
/// its own transaction after the command's change committed — as the server records a request.
async fn audited(
    dbs: &Databases,
    tenant: &CurrentTenant,
    action: &str,
    label: &str,
    area: &str,
    command: &str,
) -> anyhow::Result<()> {
    let db = tenant.open(dbs).await?;
    let tx = db.begin().await?;
    backoffice::domain::audit::record_command(&tx, action, label, area, command).await?;
    tx.commit().await?;
    Ok(())
}

/// The tenants a command's `--tenant NAME` or `--all` (every active tenant) names.
async fn tenant_names(dbs: &Databases, tenant: Option<String>, all: bool) -> anyhow::Result<Vec<String>> {
    if all {
        return Ok(backoffice::domain::tenants::list_active_names(dbs.control()).await?);
    }
    Ok(vec![tenant.unwrap_or_default()])
}

/// Runs `work` on each tenant in turn, with progress and one line per tenant (`[i/n] name: what
/// work answered`); a tenant that fails is reported and the others still run. The exit status is 1
/// when any failed — cron's jobs (`analytics sync --all`, `prune --all`) log it as a failure.
async fn each_tenant<F, Fut>(names: &[String], what: &str, mut work: F) -> i32
where
    F: FnMut(String) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<String>>,
{
    let progress = crate::progress::Progress::new(names.len() as u64, what);
    let mut failed = 0;
    for (i, name) in names.iter().enumerate() {
        let position = format!("[{}/{}] {name}", i + 1, names.len());
        match work(name.clone()).await {
            Ok(line) => progress.line(&format!("{position}: {line}")),
            Err(err) => {
                failed += 1;
                progress.line(&format!("{position}: falhou: {err:#}"));
            }
        }
        progress.inc();
    }
    progress.finish();
    if failed > 0 {
        eprintln!("{failed} tenant(s) falharam");
        return 1;
    }
    0
}

/// The server's address for `--url` (http://, or ws:// for the socket), default BIND with
/// 0.0.0.0 read as 127.0.0.1. TLS is not supported here: use the server's internal address.
fn server_url(url: Option<&str>, config: &Config) -> anyhow::Result<String> {
    let Some(url) = url else {
        let bind = if config.bind.ip().is_unspecified() {
            std::net::SocketAddr::from(([127, 0, 0, 1], config.bind.port()))
        } else {
            config.bind
        };
        return Ok(format!("http://{bind}"));
    };
    let url = url.trim_end_matches('/');
    match url.strip_prefix("ws://") {
        Some(rest) => Ok(format!("http://{rest}")),
        None if url.starts_with("http://") => Ok(url.to_owned()),
        None => anyhow::bail!(
            "--url precisa começar com http:// ou ws:// (TLS não é suportado aqui: use o endereço interno do servidor)"
        ),
    }
}

/// Tells running servers what a command changed (through Redis when configured; see
/// `bus::announce`). A failure is reported, not fatal: the change is committed, and servers
/// let go of cached copies within `cache::TTL` anyway.
async fn tell_servers(announcer: &backoffice::bus::announce::Announcer) {
    if let Err(err) = announcer.flush().await {
        eprintln!(
            "aviso: não foi possível avisar os servidores pelo Redis ({err:#}); a mudança vale em até {} s",
            backoffice::cache::TTL.as_secs()
        );
    }
}
