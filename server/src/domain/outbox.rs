//! The outbox (docs/jobs.md): work that must happen after a change commits and may fail and be
//! retried — a reply sent through the provider, a webhook delivered. A job is a row written in the
//! same transaction as the change that causes it, so a rollback leaves no job and a commit never
//! loses one; the worker (`crate::jobs`) claims due jobs, runs their kind's handler, and either
//! marks them done or schedules the next attempt with exponential back-off and jitter.
//!
//! At-least-once: a job whose worker died while holding it is claimed again when its lock
//! expires; handlers are idempotent (a provider send carries the message's `clientId`).

use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, Statement,
    sea_query::{Expr, ExprTrait},
};
use serde::{Serialize, de::DeserializeOwned};

use crate::{
    domain::{error::Result, events::Raised, unit::Unit},
    entities::tenant::{job, states::JobStatus},
};

/// A kind of job: its name in `jobs.kind`, and its payload as JSON.
pub trait JobKind: Serialize + DeserializeOwned {
    const KIND: &'static str;
    /// Attempts before the job is given up.
    const MAX_ATTEMPTS: i32;
}

/// Send an outbound message through its instance's provider.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProviderSend {
    pub message_id: i32,
    /// A send again after the provider itself reported failure: a new idempotency key for the
    /// provider (the message's `clientId` plus this), since the provider remembers the old one as
    /// failed. Stable across this job's own retries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resend: Option<String>,
}

impl JobKind for ProviderSend {
    const KIND: &'static str = "provider.send";
    const MAX_ATTEMPTS: i32 = 6;
}

/// Fetch a provider's medium for a message (`jobs::media_fetch`, docs/media.md#fetching).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MediaFetch {
    pub message_id: i32,
}

impl JobKind for MediaFetch {
    const KIND: &'static str = "media.fetch";
    const MAX_ATTEMPTS: i32 = 5;
}

/// Send an agent's reaction through the provider (`jobs::provider_send`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProviderReact {
    pub reaction_id: i32,
    /// The emoji when it was queued (`""`: taken back); a later change queues its own job.
    pub emoji: String,
    pub message_id: i32,
    pub user_id: i32,
}

impl JobKind for ProviderReact {
    const KIND: &'static str = "provider.react";
    const MAX_ATTEMPTS: i32 = 6;
}

/// Check whether a bot conversation's customer went silent (`domain::bot::live`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BotTimeout {
    pub session_id: i32,
}

impl JobKind for BotTimeout {
    const KIND: &'static str = "bot.timeout";
    const MAX_ATTEMPTS: i32 = 5;
}

/// Queue a campaign's next sends (`domain::campaigns::sending::tick`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CampaignTick {
    pub campaign_id: i32,
}

impl JobKind for CampaignTick {
    const KIND: &'static str = "campaign.tick";
    const MAX_ATTEMPTS: i32 = 20;
}

/// Deliver a webhook (`domain::webhooks`) to its endpoint.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WebhookDeliver {
    pub delivery_id: i32,
}

impl JobKind for WebhookDeliver {
    const KIND: &'static str = "webhook.deliver";
    /// The first attempt and the seven retries of [`WEBHOOK_SCHEDULE`].
    const MAX_ATTEMPTS: i32 = 8;
}

/// Fetch the next pages of an instance's message-history synchronisation
/// (`domain::instances::sync::step`); where it stands is kept on its `sync_jobs` row.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct InstanceSync {
    pub sync_job_id: i32,
}

impl JobKind for InstanceSync {
    const KIND: &'static str = "instance.sync";
    /// A step that failed on the database (the provider's own failures end the sync `failed`).
    const MAX_ATTEMPTS: i32 = 5;
}

/// Rebuild the tenant's daily aggregates that changed since the last sync, so today's dashboards
/// follow within minutes (`domain::analytics::sync`); it comes back every `ANALYTICS_REFRESH_SECONDS`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AnalyticsRefresh {}

impl JobKind for AnalyticsRefresh {
    const KIND: &'static str = "analytics.refresh";
    const MAX_ATTEMPTS: i32 = 5;
}

/// Send a scheduled message at its time (`domain::scheduled_messages::sending`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScheduledSend {
    pub scheduled_id: i32,
}

impl JobKind for ScheduledSend {
    const KIND: &'static str = "scheduled.send";
    /// A send that failed on the database (what the message itself lacks ends it `failed`).
    const MAX_ATTEMPTS: i32 = 5;
}

/// Give waiting tickets to the people with room (`domain::distribution::assign`): queued once by
/// whatever may let one be placed, run until none can.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DistributionRun {}

impl JobKind for DistributionRun {
    const KIND: &'static str = "distribution.run";
    const MAX_ATTEMPTS: i32 = 5;
}

/// Queues `payload` unless a job of its kind is already waiting: for work that keeps one job
/// alive per tenant (a periodic refresh), started again by whoever finds none.
pub async fn enqueue_once<K: JobKind>(unit: &Unit, payload: &K, run_at: DateTime<Utc>) -> Result<bool> {
    let waiting = job::Entity::find()
        .filter(job::Column::Kind.eq(K::KIND))
        .filter(job::Column::Status.eq(JobStatus::Pending))
        .one(unit)
        .await?;
    if waiting.is_some() {
        return Ok(false);
    }
    enqueue(unit, payload, run_at).await?;
    Ok(true)
}

/// An offer's time is up (`domain::distribution::offers::expire`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DistributionOfferExpire {
    pub transfer_id: i32,
}

impl JobKind for DistributionOfferExpire {
    const KIND: &'static str = "distribution.offer_expire";
    const MAX_ATTEMPTS: i32 = 5;
}

/// An instant of a ticket's SLA clock came: at risk, or due (`domain::sla::clock::check`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SlaCheck {
    pub ticket_id: i32,
    pub at: DateTime<Utc>,
}

impl JobKind for SlaCheck {
    const KIND: &'static str = "sla.check";
    const MAX_ATTEMPTS: i32 = 5;
}

/// Queues `payload` unless a job of its kind waits that no worker has claimed yet: for work that
/// looks at the state when it runs (the distribution), so one run still to start covers every
/// change before it. A claimed job may already have looked, so it does not count — unlike
/// [`enqueue_once`], where a second chain of a periodic job must never start. On PostgreSQL the
/// waiting job's row is locked until the commit, so a worker claiming it meanwhile (`SKIP LOCKED`)
/// passes it over until this change is visible; a row locked by a claim in flight, or by another
/// change doing the same, is skipped here too and a job of our own queued — a spare run costs one
/// read, where waiting for the lock would line up every change of the tenant behind it.
pub async fn enqueue_unless_waiting<K: JobKind>(unit: &Unit, payload: &K, run_at: DateTime<Utc>) -> Result<bool> {
    let now = Utc::now();
    let mut waiting = job::Entity::find()
        .select_only()
        .column(job::Column::Id)
        .filter(job::Column::Kind.eq(K::KIND))
        .filter(job::Column::Status.eq(JobStatus::Pending))
        .filter(Condition::any().add(job::Column::LockedUntil.is_null()).add(job::Column::LockedUntil.lt(now)))
        .limit(1);
    if unit.get_database_backend() == DbBackend::Postgres {
        waiting = waiting
            .lock_with_behavior(sea_orm::sea_query::LockType::Update, sea_orm::sea_query::LockBehavior::SkipLocked);
    }
    if waiting.into_tuple::<i32>().one(unit).await?.is_some() {
        return Ok(false);
    }
    enqueue(unit, payload, run_at).await?;
    Ok(true)
}

/// When a webhook is tried again after its n-th failed attempt (Standard Webhooks' reference
/// implementation, Svix): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — about 28 hours in all.
pub const WEBHOOK_SCHEDULE: [i64; 7] = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];

/// The back-off before the attempt after `attempts` failed ones, in milliseconds, before jitter:
/// webhooks follow [`WEBHOOK_SCHEDULE`]; every other kind 2 s × 2^(attempts−1), at most an hour.
pub fn backoff_ms(kind: &str, attempts: i32) -> i64 {
    if kind == WebhookDeliver::KIND {
        let index = usize::try_from(std::cmp::max(attempts, 1) - 1).unwrap_or(0).min(WEBHOOK_SCHEDULE.len() - 1);
        return WEBHOOK_SCHEDULE[index] * 1_000;
    }
    std::cmp::min(2_000i64.saturating_mul(1 << (attempts.clamp(1, 20) - 1)), 3_600_000)
}

/// How long a claimed job is held before another worker may take it over.
pub const LEASE: Duration = Duration::seconds(60);
/// Jobs claimed at once.
pub const BATCH: u64 = 32;

/// Queues a job, to run at `run_at`; the worker is woken once the unit commits.
pub async fn enqueue<K: JobKind>(unit: &Unit, payload: &K, run_at: DateTime<Utc>) -> Result<()> {
    let now = Utc::now();
    job::ActiveModel {
        kind: Set(K::KIND.to_owned()),
        payload: Set(serde_json::to_string(payload).unwrap_or_else(|_| "{}".into())),
        status: Set(JobStatus::Pending),
        attempts: Set(0),
        run_at: Set(run_at),
        locked_until: Set(None),
        last_error: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    unit.raise(Raised::JobQueued { run_at });
    Ok(())
}

/// Claims up to [`BATCH`] due jobs for this worker: each is leased (held) until `now + LEASE`
/// and its attempt counted. On PostgreSQL several workers claim with `FOR UPDATE SKIP LOCKED`, so
/// none takes a job another holds; a SQLite tenant has one writer.
pub async fn claim_due(db: &impl ConnectionTrait) -> Result<Vec<job::Model>> {
    let now = Utc::now();
    let due = Condition::all()
        .add(job::Column::Status.eq("pending"))
        .add(job::Column::RunAt.lte(now))
        .add(Condition::any().add(job::Column::LockedUntil.is_null()).add(job::Column::LockedUntil.lt(now)));
    let mut select = job::Entity::find()
        .select_only()
        .column(job::Column::Id)
        .filter(due)
        .order_by_asc(job::Column::RunAt)
        .limit(BATCH);
    if db.get_database_backend() == DbBackend::Postgres {
        select = select
            .lock_with_behavior(sea_orm::sea_query::LockType::Update, sea_orm::sea_query::LockBehavior::SkipLocked);
    }
    let ids: Vec<i32> = select.into_tuple().all(db).await?;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    job::Entity::update_many()
        .col_expr(job::Column::LockedUntil, Expr::value(now + LEASE))
        .col_expr(job::Column::Attempts, Expr::col(job::Column::Attempts).add(1))
        .col_expr(job::Column::UpdatedAt, Expr::value(now))
        .filter(job::Column::Id.is_in(ids.clone()))
        .exec(db)
        .await?;
    // In the order they are due, then queued: the worker runs one chat's sends in this order.
    Ok(job::Entity::find()
        .filter(job::Column::Id.is_in(ids))
        .order_by_asc(job::Column::RunAt)
        .order_by_asc(job::Column::Id)
        .all(db)
        .await?)
}

/// The job is done.
pub async fn complete(db: &impl ConnectionTrait, id: i32) -> Result<()> {
    set_status(db, id, JobStatus::Done, None, None).await
}

/// The job is to run again at `run_at` as a fresh job (a campaign's next tick): its attempts
/// start over.
pub async fn reschedule(db: &impl ConnectionTrait, id: i32, run_at: DateTime<Utc>) -> Result<()> {
    job::Entity::update_many()
        .col_expr(job::Column::Status, Expr::value("pending"))
        .col_expr(job::Column::RunAt, Expr::value(run_at))
        .col_expr(job::Column::Attempts, Expr::value(0))
        .col_expr(job::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(job::Column::LastError, Expr::value(Option::<String>::None))
        .col_expr(job::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(job::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// The job failed for good (no more attempts, or an error retrying cannot fix).
pub async fn give_up(db: &impl ConnectionTrait, id: i32, error: &str) -> Result<()> {
    set_status(db, id, JobStatus::Failed, Some(error), None).await
}

/// The attempt failed; the next one runs after its kind's back-off ([`backoff_ms`]) with ±25 %
/// jitter.
pub async fn retry_later(
    db: &impl ConnectionTrait,
    id: i32,
    kind: &str,
    attempts: i32,
    error: &str,
) -> Result<DateTime<Utc>> {
    let base = backoff_ms(kind, attempts);
    let jitter = rand::rng().random_range(-base / 4..=base / 4);
    let run_at = Utc::now() + Duration::milliseconds(base + jitter);
    set_status(db, id, JobStatus::Pending, Some(error), Some(run_at)).await?;
    Ok(run_at)
}

async fn set_status(
    db: &impl ConnectionTrait,
    id: i32,
    status: JobStatus,
    error: Option<&str>,
    run_at: Option<DateTime<Utc>>,
) -> Result<()> {
    let mut update = job::Entity::update_many()
        .col_expr(job::Column::Status, Expr::value(status))
        .col_expr(job::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(job::Column::UpdatedAt, Expr::value(Utc::now()));
    if let Some(error) = error {
        let error: String = error.chars().take(500).collect();
        update = update.col_expr(job::Column::LastError, Expr::value(error));
    }
    if let Some(run_at) = run_at {
        update = update.col_expr(job::Column::RunAt, Expr::value(run_at));
    }
    update.filter(job::Column::Id.eq(id)).exec(db).await?;
    Ok(())
}

/// When the next pending job of a tenant can be claimed (none: nothing waits): its `run_at`, or
/// the end of its lease if a worker holds it — so a tenant whose due jobs another replica is
/// running (or a dead worker left) is looked at again when the lease ends, not at once and again.
pub async fn next_due(db: &impl ConnectionTrait) -> Result<Option<DateTime<Utc>>> {
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT MIN(CASE WHEN locked_until > run_at THEN locked_until ELSE run_at END) AS next \
             FROM jobs WHERE status = 'pending'",
        ))
        .await?;
    Ok(row.and_then(|r| r.try_get::<Option<DateTime<Utc>>>("", "next").ok().flatten()))
}

/// Jobs waiting and the age of the oldest (metrics).
pub async fn depth(db: &impl ConnectionTrait) -> Result<(u64, Option<DateTime<Utc>>)> {
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM jobs WHERE status = 'pending'",
        ))
        .await?;
    let Some(row) = row else { return Ok((0, None)) };
    let n: i64 = row.try_get("", "n").unwrap_or(0);
    Ok((u64::try_from(n).unwrap_or(0), row.try_get::<Option<DateTime<Utc>>>("", "oldest").ok().flatten()))
}
