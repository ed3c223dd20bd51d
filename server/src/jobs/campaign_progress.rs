//! `CampaignUpdated` without flooding the sockets: every change of a campaign raises
//! `CampaignChanged` (hundreds a second while acks pour in); the reporter sends the first at
//! once and folds the rest into one more per [`EVERY`], each with counts read fresh from the
//! database (one GROUP BY) — so the last word is always the current figures. A large campaign's
//! count takes longer: the interval grows to [`COST`] times the last count's duration, so
//! reporting one campaign never takes more than a small share of the machine.

use std::{
    collections::HashMap,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use tokio::{sync::mpsc, time::Instant};

use crate::{
    bus::EventBus,
    domain::{
        campaigns::{self, counts},
        events::Publisher,
    },
    tenancy::{Databases, TenantName},
};

/// At most one `CampaignUpdated` per campaign this often (per replica running a worker).
pub const EVERY: Duration = Duration::from_millis(250);
/// The interval is at least this many times the last count's duration (≤ 4 % of a core).
const COST: u32 = 25;

#[derive(Default)]
struct Watch {
    last: Option<Instant>,
    pending: bool,
    /// How long the last count took, in microseconds (written by the report's task).
    took_us: Arc<AtomicU64>,
}

impl Watch {
    fn interval(&self) -> Duration {
        EVERY.max(Duration::from_micros(self.took_us.load(Ordering::Relaxed)) * COST)
    }
}

/// Starts the reporter: it hears of campaign changes through the bus, from every replica.
pub fn start(dbs: Arc<Databases>, bus: EventBus) {
    let (tx, rx) = mpsc::unbounded_channel();
    bus.watch_campaigns_with(tx);
    tokio::spawn(run(dbs, bus, rx));
}

async fn run(dbs: Arc<Databases>, bus: EventBus, mut changes: mpsc::UnboundedReceiver<(TenantName, i32)>) {
    let mut watches: HashMap<(TenantName, i32), Watch> = HashMap::new();
    loop {
        let next = watches.values().filter(|w| w.pending).filter_map(|w| w.last.map(|l| l + w.interval())).min();
        let sleep = next.map_or(Duration::from_secs(3600), |at| at.saturating_duration_since(Instant::now()));
        tokio::select! {
            change = changes.recv() => {
                let Some(key) = change else { return };
                let watch = watches.entry(key.clone()).or_default();
                if watch.last.is_none_or(|last| last.elapsed() >= watch.interval()) {
                    watch.last = Some(Instant::now());
                    watch.pending = false;
                    tokio::spawn(report(dbs.clone(), bus.clone(), key.0, key.1, watch.took_us.clone()));
                } else {
                    watch.pending = true;
                }
            }
            () = tokio::time::sleep(sleep) => {
                let now = Instant::now();
                for ((tenant, id), watch) in &mut watches {
                    if watch.pending && watch.last.is_none_or(|last| now.duration_since(last) >= watch.interval()) {
                        watch.pending = false;
                        watch.last = Some(now);
                        tokio::spawn(report(dbs.clone(), bus.clone(), tenant.clone(), *id, watch.took_us.clone()));
                    }
                }
                watches.retain(|_, w| w.pending || w.last.is_some_and(|l| l.elapsed() < Duration::from_secs(60)));
            }
        }
    }
}

async fn report(dbs: Arc<Databases>, bus: EventBus, tenant: TenantName, campaign_id: i32, took_us: Arc<AtomicU64>) {
    let started = Instant::now();
    let read = async {
        let record = crate::domain::tenants::find_by_name(dbs.control(), &tenant).await?;
        let db = dbs.tenant(&tenant, &record.pool).await?;
        let tx = db.read().await?;
        let found = campaigns::find(&tx, campaign_id).await?;
        let counts = counts(&tx, &[campaign_id]).await?.remove(&campaign_id).unwrap_or_default();
        tx.end();
        Ok::<_, crate::domain::Error>(campaigns::updated_event(&found, counts))
    }
    .await;
    took_us.store(u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX), Ordering::Relaxed);
    match read {
        Ok(event) => bus.publish(&tenant, event),
        Err(err) => {
            tracing::debug!(tenant = %tenant, campaign = campaign_id, error = %err, "campaign progress not read")
        }
    }
}
