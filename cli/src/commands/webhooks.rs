//! `webhooks list`, `webhooks enable ID`, `webhooks replay`: a tenant's campaign-status endpoints
//! from a shell. `replay` is the operators' "generate campaign status webhooks" of the tenants
//! screen (`GET /api/tenant/generate-campaign-status-webhook`), for cron or after a customer's
//! outage; the same domain code (docs/campaigns.md#webhooks). Secrets are never printed.

use std::sync::Arc;

use anyhow::Context;
use backoffice::{
    bus::announce::Announcer,
    config::Config,
    domain::{
        analytics::Period,
        campaigns::RecipientStatus,
        unit::Unit,
        webhooks::{self, EndpointChange},
    },
    tenancy::Databases,
};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Lists a tenant's endpoints: address, events, whether enabled and why not.
    List {
        #[arg(long)]
        tenant: String,
        /// JSON instead of a table (the API's shape, without secrets).
        #[arg(long)]
        json: bool,
    },
    /// Enables an endpoint again (after it was disabled by failures or a 410) and clears its failures.
    Enable {
        #[arg(long)]
        tenant: String,
        /// The endpoint's id (see `webhooks list`).
        id: i32,
    },
    /// Queues again the `campaign.status` event of every recipient whose status is TYPE and
    /// moved within the period, to every enabled endpoint subscribed to it.
    Replay {
        #[arg(long)]
        tenant: String,
        /// pending, sent, delivered, read, replied or failed; repeat for several.
        #[arg(long = "type", required = true)]
        types: Vec<String>,
        /// First day (YYYY-MM-DD, São Paulo); default 7 days before --to.
        #[arg(long)]
        from: Option<String>,
        /// Last day (YYYY-MM-DD); default today.
        #[arg(long)]
        to: Option<String>,
    },
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    match command {
        Command::List { tenant, json } => {
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let tx = tenant.open(dbs).await?.read().await?;
            let endpoints = webhooks::list(&tx).await?;
            tx.end();
            if json {
                println!("{}", serde_json::to_string_pretty(&endpoints)?);
                return Ok(0);
            }
            println!("{:>5}  {:<48} {:<16} situação", "id", "url", "eventos");
            for e in &endpoints {
                let state = match (e.enabled, &e.disabled_reason) {
                    (true, _) if e.failure_count > 0 => format!("ativo ({} falha(s) seguida(s))", e.failure_count),
                    (true, _) => "ativo".to_owned(),
                    (false, Some(why)) => format!("desativado: {why}"),
                    (false, None) => "desativado".to_owned(),
                };
                println!("{:>5}  {:<48} {:<16} {state}", e.id, e.url, e.events.join(","));
            }
            if endpoints.is_empty() {
                println!("nenhum endpoint no tenant \"{}\"", tenant.name);
            }
        }
        Command::Enable { tenant, id } => {
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let change = EndpointChange { enabled: Some(true), ..Default::default() };
            let change = webhooks::check_change(change, config.allow_private_webhooks).await?;
            let unit = Unit::begin(&tenant.open(dbs).await?, Arc::new(Announcer::new(config)?)).await?;
            let endpoint = webhooks::update(&unit, id, change).await?;
            unit.commit().await?;
            println!("endpoint {} ({}) ativado no tenant \"{}\"", endpoint.id, endpoint.url, tenant.name);
        }
        Command::Replay { tenant, types, from, to } => {
            let mut kinds = Vec::new();
            for kind in &types {
                let Some(parsed) = RecipientStatus::parse(kind) else {
                    anyhow::bail!("tipo desconhecido \"{kind}\": use {}", RecipientStatus::listed());
                };
                kinds.push(parsed);
            }
            let period = Period::parse(from.as_deref(), to.as_deref(), ("--from", "--to"), 7)?;
            let (start, end) = period.utc_bounds();
            let finish = end - chrono::Duration::milliseconds(1);
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let db = tenant.open(dbs).await?;
            let announcer = Arc::new(Announcer::new(config)?);
            let mut total = 0;
            // One transaction per type, as the screen's one call per type.
            for kind in kinds {
                let unit = Unit::begin(&db, announcer.clone()).await?;
                let queued = webhooks::replay_campaign_status(&unit, kind, start, finish)
                    .await
                    .with_context(|| format!("tipo {kind}"))?;
                unit.commit().await?;
                println!("{kind}: {queued} destinatário(s) na fila");
                total += queued;
            }
            // Wakes the servers' workers at once (they also find the jobs on their next poll).
            super::tell_servers(&announcer).await;
            println!(
                "{total} webhook(s) de status de campanha na fila no tenant \"{}\" ({} a {})",
                tenant.name, period.from, period.to
            );
        }
    }
    Ok(0)
}
