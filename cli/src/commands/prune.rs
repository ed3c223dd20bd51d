//! `prune`: removes bookkeeping rows past their retention (done and failed jobs, provider event ids,
//! expired refresh tokens) and, as each company's retention policy says, login failures, webhook
//! deliveries and audit rows, from one tenant or all; `--dry-run` only counts. Nightly from cron
//! (deploy/cron/backoffice; docs/operations.md#retention).

use backoffice::domain::retention::{self, Pruned};
use chrono::Utc;

#[derive(clap::Args)]
pub struct Args {
    /// One tenant.
    #[arg(long, conflicts_with = "all", required_unless_present = "all")]
    tenant: Option<String>,
    /// Every active tenant.
    #[arg(long)]
    all: bool,
    /// Count what would be removed; remove nothing.
    #[arg(long)]
    dry_run: bool,
}

pub async fn run(
    dbs: &backoffice::tenancy::Databases,
    config: &backoffice::config::Config,
    args: Args,
) -> anyhow::Result<i32> {
    let names = super::tenant_names(dbs, args.tenant, args.all).await?;
    let now = Utc::now();
    let store = config.media_store().map_err(|err| anyhow::anyhow!("MEDIA_STORAGE: {err}"))?;
    let store = &store;
    Ok(super::each_tenant(&names, "retenção", |name| async move {
        let db = super::active_tenant(dbs, &name).await?.open(dbs).await?;
        let report =
            if args.dry_run { retention::count(&db, now).await? } else { retention::prune(&db, store, now).await? };
        Ok(describe(&report, args.dry_run))
    })
    .await)
}

fn describe(report: &[Pruned], dry_run: bool) -> String {
    let parts: Vec<String> = report.iter().map(|p| format!("{} {}", p.rows, p.label)).collect();
    let verb = if dry_run { "seriam removidos" } else { "removidos" };
    format!("{verb}: {}", parts.join(", "))
}
