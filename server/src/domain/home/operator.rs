//! The operators' part of the home board: tenants near their plan's limits and tenants deleted
//! lately. Usage lives in each tenant's own database, so "near their limits" reads every tenant
//! that has a limit (a few at a time); the answer is kept for [`TTL`] so a board refreshed by
//! several operators reads the tenants once.

use std::{
    sync::Mutex,
    time::{Duration as StdDuration, Instant},
};

use chrono::{DateTime, Duration, Utc};
use futures::{StreamExt, stream};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use super::{Gauge, LIST, usage};
use crate::{
    domain::error::Result,
    entities::control::tenant,
    tenancy::{Databases, TenantName},
};

/// How long the scan of every tenant's usage is reused.
pub const TTL: StdDuration = StdDuration::from_secs(60);
/// Tenants read at a time by the scan.
const CONCURRENCY: usize = 4;
/// How far back "deleted lately" goes.
const DELETED_DAYS: i64 = 30;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatorCard {
    /// Nearest to its limit first.
    pub near_limits: Vec<NearLimit>,
    pub recently_deleted: Vec<RecentlyDeleted>,
    /// When the usage was read (it is reused for a minute).
    pub checked_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearLimit {
    pub tenant: String,
    /// `users` or `ticketsThisMonth`.
    pub resource: &'static str,
    pub used: i64,
    pub limit: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentlyDeleted {
    pub tenant: String,
    pub deleted_at: DateTime<Utc>,
}

/// One scan: when it ran (monotonic, for the TTL), what it found, and when (for the answer).
#[derive(Clone)]
struct Scan {
    at: Instant,
    near: Vec<NearLimit>,
    checked_at: DateTime<Utc>,
}

/// The last scan, shared by the operators of one process.
#[derive(Default)]
pub struct Scans(Mutex<Option<Scan>>);

/// The operators' card.
pub async fn card(dbs: &Databases, scans: &Scans) -> Result<OperatorCard> {
    let control = dbs.control();
    let since = Utc::now() - Duration::days(DELETED_DAYS);
    let recently_deleted = tenant::Entity::find()
        .filter(tenant::Column::DeletedAt.gte(since))
        .order_by_desc(tenant::Column::DeletedAt)
        .limit(LIST)
        .all(control)
        .await?
        .into_iter()
        .filter_map(|t| Some(RecentlyDeleted { deleted_at: t.deleted_at?, tenant: t.name }))
        .collect();
    let cached = scans.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
    let Scan { near: near_limits, checked_at, .. } = match cached {
        Some(scan) if scan.at.elapsed() < TTL => scan,
        _ => {
            let fresh = Scan { near: scan(dbs).await?, checked_at: Utc::now(), at: Instant::now() };
            *scans.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(fresh.clone());
            fresh
        }
    };
    Ok(OperatorCard {
        near_limits: near_limits.into_iter().take(LIST as usize).collect(),
        recently_deleted,
        checked_at,
    })
}

/// Every active tenant with a limit, read a few at a time; a tenant that cannot be read is
/// skipped (and logged) rather than failing the board.
async fn scan(dbs: &Databases) -> Result<Vec<NearLimit>> {
    let limited = tenant::Entity::find()
        .filter(tenant::Column::DeletedAt.is_null())
        .filter(tenant::Column::ProvisionedAt.is_not_null())
        .filter(Condition::any().add(tenant::Column::UserLimit.gt(0)).add(tenant::Column::TicketLimit.gt(0)))
        .all(dbs.control())
        .await?;
    let found: Vec<Vec<NearLimit>> = stream::iter(limited)
        .map(|t| async move {
            match read(dbs, &t).await {
                Ok(near) => near,
                Err(err) => {
                    tracing::warn!(tenant = %t.name, error = %err, "home board: tenant usage not read");
                    Vec::new()
                }
            }
        })
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    let mut near: Vec<NearLimit> = found.into_iter().flatten().collect();
    // Fullest first (used / limit, compared without division).
    // In i128: media bytes times a limit in bytes passes i64.
    near.sort_by(|a, b| {
        (i128::from(b.used) * i128::from(a.limit))
            .cmp(&(i128::from(a.used) * i128::from(b.limit)))
            .then(a.tenant.cmp(&b.tenant))
    });
    Ok(near)
}

async fn read(dbs: &Databases, t: &tenant::Model) -> Result<Vec<NearLimit>> {
    let name =
        TenantName::parse(&t.name).map_err(|_| crate::domain::Error::invalid("invalid_tenant", "nome inválido"))?;
    let tx = dbs.tenant(&name, &t.pool).await?.read().await?;
    let used = usage(&tx, t).await?;
    tx.end();
    Ok([("users", used.users), ("ticketsThisMonth", used.tickets_this_month), ("mediaBytes", used.media_bytes)]
        .into_iter()
        .filter(|(_, gauge)| gauge.is_near())
        .filter_map(|(resource, Gauge { used, limit })| {
            Some(NearLimit { tenant: t.name.clone(), resource, used, limit: limit? })
        })
        .collect())
}
