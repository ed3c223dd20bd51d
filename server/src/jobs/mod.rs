//! The worker (docs/jobs.md): runs the outbox's jobs (`domain::outbox`) of every tenant, with
//! retries. The server runs one by default (`RUN_WORKER`); `backoffice-cli worker` runs one as its
//! own process. Workers learn of new jobs from the event bus (any replica, through Redis), keep a
//! schedule of when each tenant's next job is due, and scan every tenant once at start for work
//! left by a previous run — so a job is never waited for longer than its back-off, and a tenant
//! with nothing to do costs nothing.
//!
//! Tenants are served fairly (docs/jobs.md#fairness): up to [`TENANTS_AT_ONCE`] tenants have a
//! turn at once, each on its own task; a turn runs one claimed batch (at most [`outbox::BATCH`]
//! jobs — the tenant's budget per turn and its cap of jobs in flight) and the tenant then queues
//! again behind those already waiting. A tenant whose jobs hang holds one turn, for at most
//! [`JOB_DEADLINE`], never the others'.

mod analytics_refresh;
mod bot_timeout;
pub mod campaign_progress;
mod campaign_tick;
mod distribution_run;
mod instance_sync;
mod media_fetch;
mod provider_react;
mod provider_send;
mod scheduled_send;
mod sla_check;
mod webhook_deliver;

use std::{
    collections::{BTreeSet, HashMap},
    sync::Arc,
    time::Duration,
};

use chrono::{DateTime, Utc};
use tokio::{sync::mpsc, task::JoinSet};

use crate::{
    bus::{EventBus, JobWake},
    domain::{
        events::Publisher,
        outbox::{
            self, AnalyticsRefresh, BotTimeout, CampaignTick, DistributionOfferExpire, DistributionRun, InstanceSync,
            JobKind, MediaFetch, ProviderReact, ProviderSend, ScheduledSend, SlaCheck, WebhookDeliver,
        },
        tenants,
        unit::Unit,
    },
    entities::tenant::job,
    secrets::Secrets,
    tenancy::{Databases, TenantDb, TenantName},
};

/// What a worker needs.
#[derive(Clone)]
pub struct Worker {
    pub dbs: Arc<Databases>,
    pub bus: EventBus,
    pub secrets: Arc<Secrets>,
    pub allow_private_providers: bool,
    /// How connectors reach providers (the address rule, Meta's Graph API).
    pub reach: crate::domain::instances::connector::Reach,
    pub allow_private_webhooks: bool,
    /// Pages a message-history synchronisation may ask a provider for (`SYNC_MAX_PAGES`).
    pub sync_max_pages: u32,
    /// How often each tenant's analytics are refreshed (`ANALYTICS_REFRESH_SECONDS`; `None`: off).
    pub analytics_refresh: Option<chrono::Duration>,
    /// Where fetched media is kept.
    pub media: crate::domain::media::MediaStore,
    /// `PUBLIC_URL`'s template (`{tenant}`): where providers fetch an agent's media from.
    pub public_url: String,
}

/// How a job's attempt ended.
pub enum Attempt {
    Done,
    /// Done for now; run again at this time as a fresh job (a campaign's next tick).
    Again(DateTime<Utc>),
    /// Try again later (the error says why this attempt failed).
    Retry(String),
    /// No use trying again.
    Fail(String),
}

/// What a handler's attempt leaves to write: recorded with the job's own status, for a whole
/// claimed batch in one transaction (on SQLite, one commit of the tenant's writer for up to
/// [`outbox::BATCH`] jobs instead of one or two each).
pub enum Followup {
    /// The provider took a message: its id, and the message `sent`.
    Sent { message_id: i32, provider_id: String },
    /// A message could not be sent, for good.
    SendFailed { message_id: i32, error: String, reason: &'static str },
    /// A webhook attempt's outcome (`domain::webhooks::record`).
    Webhook(Box<webhook_deliver::Attempted>),
}

/// A job's attempt and what it leaves to write.
pub struct Ran {
    pub attempt: Attempt,
    pub followup: Option<Followup>,
}

impl From<Attempt> for Ran {
    fn from(attempt: Attempt) -> Self {
        Self { attempt, followup: None }
    }
}

/// Longest sleep between looks at the schedule (a safety net for a lost wake-up).
const IDLE_POLL: Duration = Duration::from_secs(30);
/// How often every tenant is looked at again, whatever the bus said.
const RESCAN: Duration = Duration::from_secs(300);
/// Tenants whose turns run at once. One tenant's jobs that hang (a receiver that never answers)
/// hold one of these, so the others go on; more tenants due than this wait in line, each for
/// at most one turn of those ahead ([`JOB_DEADLINE`]).
pub const TENANTS_AT_ONCE: usize = 8;
/// The longest a job's attempt runs before the worker gives up on it (it is then retried like any
/// failed attempt). Shorter than the lease ([`outbox::LEASE`], 60 s): a job still running is never
/// claimed by another worker. The handlers that call out end their own calls sooner, with a
/// proper outcome ([`ATTEMPT_DEADLINE`]); this is the net for anything else (a database that does
/// not answer).
const JOB_DEADLINE: Duration = Duration::from_secs(50);
/// The longest a handler's call out (a provider's send, a webhook's delivery: the name resolved,
/// connected, the answer read) may take, whatever the HTTP client's own timeouts do not cover
/// (a resolver that does not answer).
pub(crate) const ATTEMPT_DEADLINE: Duration = Duration::from_secs(40);

impl Worker {
    /// Starts the worker on this runtime; it runs until the process ends.
    pub fn start(self) -> tokio::task::JoinHandle<()> {
        let (wake, wakes) = mpsc::unbounded_channel();
        self.bus.wake_worker_with(wake);
        campaign_progress::start(self.dbs.clone(), self.bus.clone());
        tokio::spawn(self.run(wakes))
    }

    /// The scheduler: hears wake-ups, starts the turns of due tenants (oldest due first) while
    /// fewer than [`TENANTS_AT_ONCE`] run, and puts each tenant back in line when its turn ends.
    async fn run(self, mut wakes: mpsc::UnboundedReceiver<JobWake>) {
        let mut schedule = Schedule::default();
        self.scan(&mut schedule).await;
        let mut last_scan = tokio::time::Instant::now();
        let mut turns = JoinSet::new();
        // The tenants having a turn (by its task), and the earliest job due they heard of during it.
        let mut running: HashMap<tokio::task::Id, TenantName> = HashMap::new();
        let mut heard: HashMap<TenantName, Option<DateTime<Utc>>> = HashMap::new();
        loop {
            while turns.len() < TENANTS_AT_ONCE {
                let Some((tenant, at)) = schedule.pop_due(Utc::now()) else { break };
                if let Some(during) = heard.get_mut(&tenant) {
                    // Already having a turn (one at a time per tenant: its jobs run in the order
                    // claimed): seen again when the turn ends.
                    *during = Some(during.map_or(at, |known| known.min(at)));
                    continue;
                }
                heard.insert(tenant.clone(), None);
                let worker = self.clone();
                let turn = tenant.clone();
                let task = turns.spawn(async move { worker.turn(&turn).await });
                running.insert(task.id(), tenant);
            }
            // With every slot taken, due tenants wait for a turn to end, not for a timer.
            let sleep_for = match schedule.next() {
                Some(due) if turns.len() < TENANTS_AT_ONCE => (due - Utc::now()).to_std().unwrap_or_default(),
                _ => IDLE_POLL,
            };
            tokio::select! {
                wake = wakes.recv() => match wake {
                    Some(wake) => schedule.add(wake.tenant, wake.run_at),
                    None => return,
                },
                Some(ended) = turns.join_next_with_id() => {
                    let (id, next) = match ended {
                        Ok((id, next)) => (id, next),
                        Err(err) => {
                            tracing::error!(error = %err, "a worker's turn ended abnormally");
                            (err.id(), Some(Utc::now() + chrono::Duration::seconds(5)))
                        }
                    };
                    if let Some(tenant) = running.remove(&id) {
                        let during = heard.remove(&tenant).flatten();
                        for at in [next, during].into_iter().flatten() {
                            schedule.requeue(tenant.clone(), at, Utc::now());
                        }
                    }
                }
                () = tokio::time::sleep(sleep_for.min(IDLE_POLL)) => {
                    // A wake-up lost on the way (Redis down while a separate worker process
                    // listened) delays a job by at most RESCAN.
                    if last_scan.elapsed() >= RESCAN {
                        self.scan(&mut schedule).await;
                        last_scan = tokio::time::Instant::now();
                    }
                }
            }
        }
    }

    /// Looks at every tenant for due work (at start: what a previous run left).
    async fn scan(&self, schedule: &mut Schedule) {
        match tenants::all_names(self.dbs.control()).await {
            Ok(all) => {
                for (tenant, pool) in all {
                    let Ok(db) = self.dbs.tenant(&tenant, &pool).await else { continue };
                    if self.analytics_refresh.is_some() {
                        // A tenant created since the last scan, or whose refresh was given up.
                        if let Err(err) = analytics_refresh::keep_alive(self, &db).await {
                            tracing::warn!(tenant = %tenant, error = %err, "could not queue the analytics refresh");
                        }
                    }
                    if let Ok(Some(due)) = next_due(&db).await {
                        schedule.add(tenant, due);
                    }
                }
            }
            Err(err) => tracing::warn!(error = %err, "worker could not list tenants"),
        }
    }

    /// A tenant's turn: claims one batch of its due jobs (at most [`outbox::BATCH`]), runs them at
    /// once, each within [`JOB_DEADLINE`], and records them; when the tenant is due again (now,
    /// after a full batch: more may wait).
    async fn turn(&self, tenant: &TenantName) -> Option<DateTime<Utc>> {
        let db = match self.tenant_db(tenant).await {
            Ok(db) => db,
            Err(err) => {
                tracing::warn!(tenant = %tenant, error = %err, "worker cannot reach the tenant");
                return Some(Utc::now() + chrono::Duration::seconds(10));
            }
        };
        let claimed = async {
            let tx = db.begin().await?;
            let jobs = outbox::claim_due(&tx).await?;
            tx.commit().await?;
            Ok::<_, crate::domain::Error>(jobs)
        }
        .await;
        let jobs = match claimed {
            Ok(jobs) => jobs,
            Err(err) => {
                tracing::warn!(tenant = %tenant, error = %err, "claiming jobs failed");
                return Some(Utc::now() + chrono::Duration::seconds(5));
            }
        };
        let full = u64::try_from(jobs.len()).unwrap_or(u64::MAX) >= outbox::BATCH;
        if !jobs.is_empty() {
            let (jobs, spares) = spare_runs(jobs);
            let lanes = send_lanes(&db, jobs).await;
            let runs = lanes.into_iter().map(|lane| async {
                let mut done = Vec::with_capacity(lane.len());
                for job in lane {
                    let ran = self.run_job(&db, &job).await;
                    done.push((job, ran));
                }
                done
            });
            let mut results: Vec<(job::Model, Ran)> =
                futures::future::join_all(runs).await.into_iter().flatten().collect();
            results.extend(spares.into_iter().map(|job| (job, Ran::from(Attempt::Done))));
            self.record(&db, results).await;
        }
        if full { Some(Utc::now()) } else { next_due(&db).await.ok().flatten() }
    }

    async fn tenant_db(&self, tenant: &TenantName) -> crate::domain::error::Result<TenantDb> {
        let record = tenants::find_by_name(self.dbs.control(), tenant).await?;
        Ok(self.dbs.tenant(tenant, &record.pool).await?)
    }

    /// A unit of work on `db` whose events reach the bus.
    pub async fn unit(&self, db: &TenantDb) -> crate::domain::error::Result<Unit> {
        let publisher: Arc<dyn Publisher> = Arc::new(self.bus.clone());
        Ok(Unit::begin(db, publisher).await?)
    }

    async fn run_job(&self, db: &TenantDb, job: &job::Model) -> Ran {
        let ran = match tokio::time::timeout(JOB_DEADLINE, self.handle(db, job)).await {
            Ok(ran) => ran,
            Err(_) => Attempt::Retry(format!("o job passou de {} s sem terminar", JOB_DEADLINE.as_secs())).into(),
        };
        let outcome = match &ran.attempt {
            Attempt::Done | Attempt::Again(_) => "done",
            Attempt::Retry(_) if job.attempts < max_attempts(&job.kind) => "retry",
            Attempt::Retry(_) | Attempt::Fail(_) => "failed",
        };
        metrics::counter!(crate::metrics::names::OUTBOX_JOBS, "kind" => job.kind.clone(), "outcome" => outcome)
            .increment(1);
        ran
    }

    /// The job's kind's handler.
    async fn handle(&self, db: &TenantDb, job: &job::Model) -> Ran {
        let unreadable = |err: serde_json::Error| Ran::from(Attempt::Fail(format!("payload ilegível: {err}")));
        match job.kind.as_str() {
            ProviderSend::KIND => match serde_json::from_str::<ProviderSend>(&job.payload) {
                Ok(payload) => provider_send::run(self, db, &payload, job.attempts >= ProviderSend::MAX_ATTEMPTS).await,
                Err(err) => unreadable(err),
            },
            BotTimeout::KIND => match serde_json::from_str::<BotTimeout>(&job.payload) {
                Ok(payload) => bot_timeout::run(self, db, &payload).await.into(),
                Err(err) => unreadable(err),
            },
            CampaignTick::KIND => match serde_json::from_str::<CampaignTick>(&job.payload) {
                Ok(payload) => campaign_tick::run(self, db, &payload).await.into(),
                Err(err) => unreadable(err),
            },
            WebhookDeliver::KIND => match serde_json::from_str::<WebhookDeliver>(&job.payload) {
                Ok(payload) => webhook_deliver::run(self, db, &payload, job.attempts).await,
                Err(err) => unreadable(err),
            },
            AnalyticsRefresh::KIND => analytics_refresh::run(self, db).await.into(),
            DistributionRun::KIND => distribution_run::run(self, db).await.into(),
            DistributionOfferExpire::KIND => match serde_json::from_str::<DistributionOfferExpire>(&job.payload) {
                Ok(payload) => distribution_run::expire_offer(self, db, &payload).await.into(),
                Err(err) => unreadable(err),
            },
            SlaCheck::KIND => match serde_json::from_str::<SlaCheck>(&job.payload) {
                Ok(payload) => sla_check::run(self, db, &payload).await.into(),
                Err(err) => unreadable(err),
            },
            ScheduledSend::KIND => match serde_json::from_str::<ScheduledSend>(&job.payload) {
                Ok(payload) => scheduled_send::run(self, db, &payload).await.into(),
                Err(err) => unreadable(err),
            },
            InstanceSync::KIND => match serde_json::from_str::<InstanceSync>(&job.payload) {
                Ok(payload) => instance_sync::run(self, db, &payload).await.into(),
                Err(err) => unreadable(err),
            },
            MediaFetch::KIND => match serde_json::from_str::<MediaFetch>(&job.payload) {
                Ok(payload) => media_fetch::run(self, db, &payload, job.attempts >= MediaFetch::MAX_ATTEMPTS).await,
                Err(err) => unreadable(err),
            },
            ProviderReact::KIND => match serde_json::from_str::<ProviderReact>(&job.payload) {
                Ok(payload) => {
                    provider_react::run(self, db, &payload, job.attempts >= ProviderReact::MAX_ATTEMPTS).await
                }
                Err(err) => unreadable(err),
            },
            other => Attempt::Fail(format!("tipo de job desconhecido: {other}")).into(),
        }
    }

    /// Records a batch's attempts — what each left to write, then its job's status — in one
    /// unit; if that fails, one unit per job, so one bad row does not hold the others back. A
    /// job not recorded runs again when its lease ends (its handler is idempotent).
    async fn record(&self, db: &TenantDb, results: Vec<(job::Model, Ran)>) {
        let batch = async {
            let unit = self.unit(db).await?;
            for (job, ran) in &results {
                record_one(&unit, job, ran).await?;
            }
            unit.commit().await?;
            Ok::<(), crate::domain::Error>(())
        }
        .await;
        let Err(err) = batch else { return };
        tracing::debug!(error = %err, "recording a batch failed; recording its jobs one by one");
        for (job, ran) in &results {
            let one = async {
                let unit = self.unit(db).await?;
                record_one(&unit, job, ran).await?;
                unit.commit().await?;
                Ok::<(), crate::domain::Error>(())
            }
            .await;
            if let Err(err) = one {
                tracing::warn!(job = job.id, error = %err, "could not record a job's attempt (it runs again when its lease ends)");
            }
        }
    }
}

async fn record_one(unit: &Unit, job: &job::Model, ran: &Ran) -> crate::domain::error::Result<()> {
    match &ran.followup {
        Some(Followup::Sent { message_id, provider_id }) => {
            provider_send::record_sent(unit, *message_id, provider_id).await?;
        }
        Some(Followup::SendFailed { message_id, error, reason }) => {
            provider_send::record_failed(unit, *message_id, error, reason).await?;
        }
        Some(Followup::Webhook(attempted)) => webhook_deliver::record(unit, attempted).await?,
        None => {}
    }
    match &ran.attempt {
        Attempt::Done => outbox::complete(unit, job.id).await,
        Attempt::Again(at) => outbox::reschedule(unit, job.id, *at).await,
        Attempt::Retry(error) if job.attempts < max_attempts(&job.kind) => {
            outbox::retry_later(unit, job.id, &job.kind, job.attempts, error).await.map(drop)
        }
        Attempt::Retry(error) | Attempt::Fail(error) => outbox::give_up(unit, job.id, error).await,
    }
}

fn max_attempts(kind: &str) -> i32 {
    match kind {
        ProviderSend::KIND => ProviderSend::MAX_ATTEMPTS,
        BotTimeout::KIND => BotTimeout::MAX_ATTEMPTS,
        CampaignTick::KIND => CampaignTick::MAX_ATTEMPTS,
        WebhookDeliver::KIND => WebhookDeliver::MAX_ATTEMPTS,
        InstanceSync::KIND => InstanceSync::MAX_ATTEMPTS,
        AnalyticsRefresh::KIND => AnalyticsRefresh::MAX_ATTEMPTS,
        MediaFetch::KIND => MediaFetch::MAX_ATTEMPTS,
        ProviderReact::KIND => ProviderReact::MAX_ATTEMPTS,
        ScheduledSend::KIND => ScheduledSend::MAX_ATTEMPTS,
        _ => 1,
    }
}

/// When the tenant's next job is due; notes its queue for the metrics on the way.
async fn next_due(db: &TenantDb) -> crate::domain::error::Result<Option<DateTime<Utc>>> {
    let tx = db.read().await?;
    let due = outbox::next_due(&tx).await?;
    let (pending, oldest) = outbox::depth(&tx).await?;
    tx.end();
    crate::metrics::note_outbox(db.name().as_str(), pending, oldest);
    Ok(due)
}

/// When each tenant's next job is due.
#[derive(Default)]
struct Schedule {
    due: HashMap<TenantName, DateTime<Utc>>,
    order: BTreeSet<(DateTime<Utc>, TenantName)>,
}

impl Schedule {
    /// Keeps the earlier of the known and the new due time.
    fn add(&mut self, tenant: TenantName, at: DateTime<Utc>) {
        if let Some(known) = self.due.get(&tenant) {
            if *known <= at {
                return;
            }
            self.order.remove(&(*known, tenant.clone()));
        }
        self.due.insert(tenant.clone(), at);
        self.order.insert((at, tenant));
    }

    fn next(&self) -> Option<DateTime<Utc>> {
        self.order.first().map(|(at, _)| *at)
    }

    /// Puts a tenant whose turn ended back in line: a job already due counts as due `now`, so
    /// the tenant goes behind those that were due while it had its turn (round-robin), however
    /// old its own backlog is.
    fn requeue(&mut self, tenant: TenantName, at: DateTime<Utc>, now: DateTime<Utc>) {
        self.add(tenant, at.max(now));
    }

    /// The tenant due the longest, and since when, if any is due by `now`.
    fn pop_due(&mut self, now: DateTime<Utc>) -> Option<(TenantName, DateTime<Utc>)> {
        let (at, _) = self.order.first().filter(|(at, _)| *at <= now)?;
        let at = *at;
        let (_, tenant) = self.order.pop_first()?;
        self.due.remove(&tenant);
        Some((tenant, at))
    }
}

/// The batch's jobs in lanes that run side by side, each lane's in claim order: the sends to one
/// chat share a lane, so a customer receives them in the order they were written — an agent's
/// last words and the satisfaction survey queued by the close a moment later, two quick replies
/// — where side by side the later could reach the provider first. Every other job is a lane of
/// its own. Should the chats not be readable, each job runs alone, as they all did before.
async fn send_lanes(db: &TenantDb, jobs: Vec<job::Model>) -> Vec<Vec<job::Model>> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

    use crate::entities::tenant::message;
    let message_of = |job: &job::Model| {
        (job.kind == ProviderSend::KIND)
            .then(|| serde_json::from_str::<ProviderSend>(&job.payload).ok().map(|send| send.message_id))
            .flatten()
    };
    let ids: Vec<i32> = jobs.iter().filter_map(message_of).collect();
    let chats: HashMap<i32, i32> = if ids.len() < 2 {
        HashMap::new()
    } else {
        let read = async {
            let tx = db.read().await?;
            let rows: Vec<(i32, i32)> = message::Entity::find()
                .select_only()
                .column(message::Column::Id)
                .column(message::Column::ChatId)
                .filter(message::Column::Id.is_in(ids))
                .into_tuple()
                .all(&tx)
                .await?;
            tx.end();
            Ok::<_, sea_orm::DbErr>(rows)
        };
        read.await.map(|rows| rows.into_iter().collect()).unwrap_or_default()
    };
    let mut lanes: Vec<Vec<job::Model>> = Vec::with_capacity(jobs.len());
    let mut lane_of_chat: HashMap<i32, usize> = HashMap::new();
    for job in jobs {
        match message_of(&job).and_then(|id| chats.get(&id).copied()) {
            Some(chat) => match lane_of_chat.get(&chat) {
                Some(&lane) => lanes[lane].push(job),
                None => {
                    lane_of_chat.insert(chat, lanes.len());
                    lanes.push(vec![job]);
                }
            },
            None => lanes.push(vec![job]),
        }
    }
    lanes
}

/// Splits a claimed batch into the jobs to run and the spare runs of the distribution: a
/// `distribution.run` looks at the state when it runs, and every one in the batch was queued by a
/// change committed before the claim, so the first does what all would. Run side by side they
/// only raced for the same tickets and people (on PostgreSQL, waiting on each other's row locks:
/// docs/performance.md#distribution).
fn spare_runs(jobs: Vec<job::Model>) -> (Vec<job::Model>, Vec<job::Model>) {
    let mut seen = false;
    jobs.into_iter().partition(|job| {
        if job.kind != DistributionRun::KIND {
            return true;
        }
        !std::mem::replace(&mut seen, true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_keeps_each_tenants_earliest_job() {
        let (a, b) = (TenantName::parse("aaa").unwrap(), TenantName::parse("bbb").unwrap());
        let now = Utc::now();
        let mut schedule = Schedule::default();
        schedule.add(a.clone(), now + chrono::Duration::seconds(10));
        schedule.add(a.clone(), now + chrono::Duration::seconds(1));
        schedule.add(a.clone(), now + chrono::Duration::seconds(20));
        schedule.add(b.clone(), now + chrono::Duration::seconds(5));
        assert_eq!(schedule.next(), Some(now + chrono::Duration::seconds(1)));
        let later = now + chrono::Duration::seconds(6);
        assert_eq!(schedule.pop_due(later), Some((a, now + chrono::Duration::seconds(1))));
        assert_eq!(schedule.pop_due(later), Some((b, now + chrono::Duration::seconds(5))));
        assert_eq!(schedule.pop_due(later), None);
        assert_eq!(schedule.next(), None);
    }

    #[test]
    fn a_tenant_back_from_its_turn_waits_behind_those_due_meanwhile() {
        let (busy, quiet) = (TenantName::parse("busy").unwrap(), TenantName::parse("quiet").unwrap());
        let start = Utc::now();
        let mut schedule = Schedule::default();
        schedule.add(busy.clone(), start - chrono::Duration::hours(1));
        let (taken, _) = schedule.pop_due(start).unwrap();
        // During busy's turn a reply is queued for quiet; busy still has an hour of backlog.
        schedule.add(quiet.clone(), start + chrono::Duration::milliseconds(10));
        let ended = start + chrono::Duration::seconds(15);
        schedule.requeue(taken, start - chrono::Duration::hours(1), ended);
        assert_eq!(schedule.pop_due(ended).map(|(t, _)| t), Some(quiet));
        assert_eq!(schedule.pop_due(ended), Some((busy, ended)));
    }
}
