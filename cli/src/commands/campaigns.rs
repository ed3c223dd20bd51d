//! `campaigns list`, `campaigns pause|resume|cancel|retry-failed ID`: what an operator does to a
//! tenant's campaigns from a shell (an incident with the provider, a customer's call), through
//! the same domain calls as `/api/campaigns/*` (docs/campaigns.md).

use std::sync::Arc;

use backoffice::{
    bus::announce::Announcer,
    config::Config,
    domain::{
        campaigns::{self, CampaignView},
        unit::Unit,
    },
    tenancy::Databases,
};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Lists a tenant's campaigns, newest first, with their recipients by status.
    List {
        #[arg(long)]
        tenant: String,
        /// Only campaigns in this status (draft, scheduled, running, paused, finished, cancelled).
        #[arg(long)]
        status: Option<String>,
        /// At most this many (newest first).
        #[arg(long, default_value_t = 50)]
        limit: u64,
        /// JSON instead of a table (the API's shape).
        #[arg(long)]
        json: bool,
    },
    /// Pauses a running or scheduled campaign: what is queued but not yet sent is taken back.
    Pause(Target),
    /// Resumes a paused campaign.
    Resume(Target),
    /// Cancels a campaign that has not ended: nobody else receives it.
    Cancel(Target),
    /// Sends again to the recipients that failed (blacklisted customers excepted).
    RetryFailed(Target),
}

#[derive(clap::Args)]
pub struct Target {
    #[arg(long)]
    tenant: String,
    /// The campaign's id (see `campaigns list`).
    id: i32,
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    let (target, action, done): (Target, Action, &str) = match command {
        Command::List { tenant, status, limit, json } => return list(dbs, &tenant, status, limit, json).await,
        Command::Pause(target) => (target, Action::Pause, "pausada"),
        Command::Resume(target) => (target, Action::Resume, "retomada"),
        Command::Cancel(target) => (target, Action::Cancel, "cancelada"),
        Command::RetryFailed(target) => (target, Action::RetryFailed, "reenviando as falhas"),
    };
    let tenant = super::active_tenant(dbs, &target.tenant).await?;
    let announcer = Arc::new(Announcer::new(config)?);
    let unit = Unit::begin(&tenant.open(dbs).await?, announcer.clone()).await?;
    let view = match action {
        Action::Pause => campaigns::pause(&unit, target.id).await?,
        Action::Resume => campaigns::resume(&unit, target.id).await?,
        Action::Cancel => campaigns::cancel(&unit, target.id).await?,
        Action::RetryFailed => campaigns::retry_failed(&unit, target.id).await?,
    };
    unit.commit().await?;
    // The servers' workers pick the change up (and the screens update) through the bus.
    super::tell_servers(&announcer).await;
    println!("campanha {} \"{}\" {done} no tenant \"{}\": {}", view.id, view.name, tenant.name, summary(&view));
    Ok(0)
}

enum Action {
    Pause,
    Resume,
    Cancel,
    RetryFailed,
}

async fn list(dbs: &Databases, tenant: &str, status: Option<String>, limit: u64, json: bool) -> anyhow::Result<i32> {
    let tenant = super::active_tenant(dbs, tenant).await?;
    let db = tenant.open(dbs).await?;
    let mut rows: Vec<CampaignView> = Vec::new();
    let mut cursor: Option<String> = None;
    let tx = db.read().await?;
    while (rows.len() as u64) < limit {
        let page_size = (limit - rows.len() as u64).min(100);
        let page = campaigns::list(&tx, status.as_deref(), cursor.as_deref(), page_size).await?;
        rows.extend(page.data);
        match page.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    tx.end();
    if json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(0);
    }
    println!("{:>5}  {:<28} {:<20} {:<10} destinatários", "id", "nome", "instância", "situação");
    for c in &rows {
        println!(
            "{:>5}  {:<28} {:<20} {:<10} {}",
            c.id,
            clip(&c.name, 28),
            clip(&c.instance_name, 20),
            c.status,
            summary(c)
        );
    }
    if rows.is_empty() {
        println!("nenhuma campanha no tenant \"{}\"", tenant.name);
    }
    Ok(0)
}

/// `1000: 420 enviadas, 300 entregues, ...` — the figures the screen's progress bar shows.
fn summary(c: &CampaignView) -> String {
    let n = c.counts;
    let mut text = format!(
        "{}: {} pendentes, {} enviadas, {} entregues, {} lidas, {} respondidas, {} com falha",
        c.total, n.pending, n.sent, n.delivered, n.read, n.replied, n.failed
    );
    if c.paused_reason.as_deref() == Some(campaigns::INSTANCE_DISCONNECTED) {
        text.push_str(" (pausada: instância desconectada)");
    }
    text
}

/// At most `width` characters (names are free text).
fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut clipped: String = text.chars().take(width - 1).collect();
    clipped.push('…');
    clipped
}
