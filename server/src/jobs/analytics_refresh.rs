//! `analytics.refresh`: rebuilds the tenant's daily aggregates that changed since the last sync
//! (`domain::analytics::sync`, incremental), tells every replica to drop the dashboards' answers it
//! keeps, and comes back after `ANALYTICS_REFRESH_SECONDS`. One such job waits per tenant: the
//! worker's scan queues it where none does (a new tenant, one given up after its retries).

use chrono::Utc;

use crate::{
    domain::{
        analytics::sync::{self, SyncOptions},
        events::Raised,
        outbox::{self, AnalyticsRefresh},
    },
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb) -> Attempt {
    let Some(every) = worker.analytics_refresh else { return Attempt::Done };
    let refreshed = async {
        let unit = worker.unit(db).await?;
        sync::sync(&unit, SyncOptions::default()).await?;
        unit.raise(Raised::AnalyticsChanged);
        unit.commit().await?;
        Ok::<(), crate::domain::Error>(())
    }
    .await;
    match refreshed {
        Ok(()) => Attempt::Again(Utc::now() + every),
        Err(err) => Attempt::Retry(err.to_string()),
    }
}

/// Queues the tenant's refresh unless one waits already.
pub async fn keep_alive(worker: &Worker, db: &TenantDb) -> crate::domain::error::Result<()> {
    let unit = worker.unit(db).await?;
    outbox::enqueue_once(&unit, &AnalyticsRefresh {}, Utc::now()).await?;
    unit.commit().await?;
    Ok(())
}
