//! `analytics sync` (the nightly aggregates, docs/analytics.md#analytics-sync) and `analytics
//! verify` (recompute and compare, exit 1 on drift).

use backoffice::{
    context::CurrentTenant,
    domain::analytics::{
        Period,
        sync::{self, SyncOptions},
    },
    tenancy::{Databases, TenantName},
};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Rebuilds the daily aggregates: only days that changed since the last run, or every day of
    /// the range with --force.
    Sync {
        /// One tenant.
        #[arg(long, conflicts_with = "all", required_unless_present = "all")]
        tenant: Option<String>,
        /// Every active tenant.
        #[arg(long)]
        all: bool,
        /// First day (YYYY-MM-DD, São Paulo); default: the first day with data.
        #[arg(long)]
        from: Option<String>,
        /// Last day (YYYY-MM-DD); default: today.
        #[arg(long)]
        to: Option<String>,
        /// Recompute every day of the range, changed or not.
        #[arg(long)]
        force: bool,
    },
    /// Recomputes days from the source rows and reports any drift from the stored aggregates
    /// (exit status 1 when there is some). Changes nothing.
    Verify {
        #[arg(long)]
        tenant: String,
        /// Default: 30 days before --to.
        #[arg(long)]
        from: Option<String>,
        /// Default: today.
        #[arg(long)]
        to: Option<String>,
    },
}

pub async fn run(dbs: &Databases, command: Command) -> anyhow::Result<i32> {
    match command {
        Command::Sync { tenant, all, from, to, force } => {
            let period = match (from.as_deref(), to.as_deref()) {
                (None, None) => None,
                (from, to) => Some(Period::parse(from, to, ("--from", "--to"), 30)?),
            };
            let names = super::tenant_names(dbs, tenant, all).await?;
            Ok(super::each_tenant(&names, "analytics", |name| async move {
                let report = sync_one(dbs, &name, SyncOptions { period, force }).await?;
                Ok(format!(
                    "{} dia(s), {} linha(s) em {} ms{}",
                    report.days,
                    report.rows,
                    report.elapsed_ms,
                    if report.forced { " (recálculo completo)" } else { "" }
                ))
            })
            .await)
        }
        Command::Verify { tenant, from, to } => {
            let period = Period::parse(from.as_deref(), to.as_deref(), ("--from", "--to"), 30)?;
            let current = active(dbs, &tenant).await?;
            let tx = current.open(dbs).await?.begin().await?;
            let drifts = sync::verify(&tx, period).await;
            tx.rollback().await?;
            let drifts = drifts?;
            if drifts.is_empty() {
                println!("{tenant}: agregados conferem de {} a {} ({} dias)", period.from, period.to, period.days());
                return Ok(0);
            }
            for drift in &drifts {
                println!("{} {}: gravado {}, recalculado {}", drift.day, drift.column, drift.stored, drift.computed);
            }
            eprintln!("{tenant}: {} divergência(s); rode `analytics sync --tenant {tenant} --force`", drifts.len());
            Ok(1)
        }
    }
}

async fn active(dbs: &Databases, name: &str) -> anyhow::Result<CurrentTenant> {
    super::active_tenant(dbs, name).await
}

async fn sync_one(dbs: &Databases, name: &str, opts: SyncOptions) -> anyhow::Result<sync::SyncReport> {
    TenantName::parse(name)?;
    let tenant = active(dbs, name).await?;
    let tx = tenant.open(dbs).await?.begin().await?;
    let report = sync::sync(&tx, opts).await?;
    tx.commit().await?;
    Ok(report)
}
