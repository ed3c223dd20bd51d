//! Realistic Brazilian demo data for one tenant (`backoffice-cli seed demo`, README.md#operator-cli).
//!
//! [`seed_demo`] runs after the tenant template was applied: it finds the template's roles,
//! departments and closing reasons by name (creating what is missing) and fills every tenant table
//! but `refresh_tokens`: instances, agents with their instance links and default settings, customers
//! and groups, chats, tickets over the last `days` days at plausible São Paulo business hours,
//! alternating pt_BR messages, transfers, orders, campaigns with recipients, a webhook endpoint with
//! delivered webhooks, instance logs, login failures, and the daily analytics computed from all that.
//!
//! The same `rng_seed` gives the same data (relative to the current time). Everything is written
//! with multi-row inserts sized under SQLite's bound-parameter limit, and ids are read back with
//! one query per batch by a unique natural key (phone, e-mail, protocol): never one round trip per
//! row, so 100 000 messages take seconds. Pass a transaction to make the whole seed atomic.

mod bot;
mod campaigns;
mod customers;
mod directory;
mod logs;
pub mod names;
mod notes;
mod quick_replies;
mod scheduled;
mod service_levels;
mod tags;
mod tickets;

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, SubsecRound as _, TimeZone, Utc};
use rand::{Rng, SeedableRng, rngs::StdRng};
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, Iterable, sea_query::OnConflict};

use crate::domain::analytics::{
    Period,
    sync::{self, SyncOptions},
};

/// How much demo data to create.
#[derive(Debug, Clone)]
pub struct DemoOptions {
    /// Customers to create; tickets scale with customers × days (about one ticket per customer
    /// every five days).
    pub customers: u32,
    /// Days of history, ending now.
    pub days: u32,
    /// Agents (users) to create: one supervisor when there are three or more, the rest attendants.
    pub agents: u32,
    /// Messages in each ticket.
    pub messages_per_ticket: u32,
    /// Argon2 hash every demo agent gets as password.
    pub password_hash: String,
    /// Seed of the random generator: the same seed gives the same data.
    pub rng_seed: u64,
}

impl Default for DemoOptions {
    fn default() -> Self {
        Self {
            customers: 200,
            days: 30,
            agents: 8,
            messages_per_ticket: 8,
            password_hash: String::new(),
            rng_seed: 2026,
        }
    }
}

/// What [`seed_demo`] created.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DemoSummary {
    pub customers: u64,
    pub tickets: u64,
    pub messages: u64,
    pub orders: u64,
    pub transfers: u64,
    /// Conversations the demo bot had.
    pub bot_sessions: u64,
    pub campaigns: u64,
    /// The tenant's and departments' quick replies.
    pub quick_replies: u64,
    /// Internal notes on open tickets, each naming someone.
    pub notes: u64,
    /// Messages scheduled by the team (some already sent).
    pub scheduled: u64,
    /// Tags (four of them the board's columns), spread over the tickets.
    pub tags: u64,
    /// Closed tickets the satisfaction survey was sent for (the hours, a default SLA and the
    /// survey are set too).
    pub surveys: u64,
    pub instance_logs: u64,
    pub login_failures: u64,
    /// Demo agents created (users that existed before are not counted).
    pub users: u64,
}

/// Progress of [`seed_demo`], reported as each stage starts (tickets: after every batch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedStage {
    Directory,
    Customers,
    Tickets { done: u64, total: u64 },
    Campaigns,
    Logs,
    Analytics,
}

/// Fills one tenant with demo data; see the module documentation.
pub async fn seed_demo<C: ConnectionTrait>(
    db: &C,
    opts: &DemoOptions,
    progress: &(dyn Fn(SeedStage) + Sync),
) -> Result<DemoSummary, DbErr> {
    let days = opts.days.max(1);
    // Whole seconds: every generated time is then a whole second too.
    let now = Utc::now().trunc_subsecs(0);
    let mut ctx = Ctx {
        rng: StdRng::seed_from_u64(opts.rng_seed),
        now,
        first_day: local_day(now) - Duration::days(i64::from(days) - 1),
        today: local_day(now),
    };
    let mut summary = DemoSummary::default();

    progress(SeedStage::Directory);
    let dir = directory::seed(db, &mut ctx, opts).await?;
    summary.users = dir.created_users;

    progress(SeedStage::Customers);
    let people = customers::seed(db, &mut ctx, opts, &dir).await?;
    summary.customers = people.customers.len() as u64;

    let chat = tickets::seed(db, &mut ctx, opts, &dir, &people, progress).await?;
    // The inbox lists each ticket with the start of its last message: one statement for all.
    db.execute_unprepared(
        "UPDATE tickets SET last_message_preview = (SELECT substr(m.body, 1, 120) FROM messages m \
         WHERE m.ticket_id = tickets.id ORDER BY m.id DESC LIMIT 1) WHERE last_message_preview IS NULL",
    )
    .await?;
    summary.tickets = chat.tickets;
    summary.messages = chat.messages;
    summary.orders = chat.orders;
    summary.transfers = chat.transfers;

    summary.bot_sessions = bot::seed(db, &ctx, &dir).await?;

    progress(SeedStage::Campaigns);
    summary.campaigns = campaigns::seed(db, &mut ctx, &dir, &people).await?;
    summary.quick_replies = quick_replies::seed(db, &mut ctx, &dir).await?;
    summary.notes = notes::seed(db, &mut ctx, &dir).await?;
    summary.scheduled = scheduled::seed(db, &mut ctx, &dir).await?;
    summary.tags = tags::seed(db).await?;
    summary.surveys = service_levels::seed(db).await?;

    progress(SeedStage::Logs);
    let logged = logs::seed(db, &mut ctx, &dir).await?;
    summary.instance_logs = logged.instance_logs;
    summary.login_failures = logged.login_failures;

    // The aggregates come from the analytics sync itself, so the demo's dashboards read what a
    // nightly run would have written (docs/analytics.md#analytics-sync).
    progress(SeedStage::Analytics);
    let window = Period { from: ctx.first_day, to: ctx.today };
    sync::sync(db, SyncOptions { period: Some(window), force: true })
        .await
        .map_err(|err| DbErr::Custom(format!("analytics sync: {err}")))?;

    Ok(summary)
}

/// State shared by the stages: the random generator and the time window.
struct Ctx {
    rng: StdRng,
    now: DateTime<Utc>,
    /// First São Paulo calendar day of the window.
    first_day: NaiveDate,
    /// Today in São Paulo (the last day of the window).
    today: NaiveDate,
}

impl Ctx {
    /// The days of the window, oldest first.
    fn days(&self) -> impl Iterator<Item = NaiveDate> + use<> {
        let first = self.first_day;
        let count = (self.today - self.first_day).num_days() + 1;
        (0..count).map(move |offset| first + Duration::days(offset))
    }

    /// A random time of the window, at least `margin` before now.
    fn random_time_before(&mut self, margin: Duration) -> DateTime<Utc> {
        let start = at_local(self.first_day, 0);
        let span = ((self.now - margin) - start).num_seconds().max(1);
        start + Duration::seconds(self.rng.random_range(0..span))
    }

    /// `true` with probability `p`.
    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p.clamp(0.0, 1.0))
    }

    /// A uniformly chosen element of a non-empty slice.
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.rng.random_range(0..items.len())]
    }

    /// A uniformly chosen index below `len` (which must not be zero).
    fn rng_index(&mut self, len: usize) -> usize {
        self.rng.random_range(0..len)
    }

    /// An index chosen with the given weights (all zero: the first).
    fn pick_weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut target = self.rng.random_range(0..total);
        for (index, weight) in weights.iter().enumerate() {
            if target < *weight {
                return index;
            }
            target -= weight;
        }
        weights.len() - 1
    }

    /// A random duration between `min` and `max` seconds.
    fn seconds(&mut self, min: i64, max: i64) -> Duration {
        Duration::seconds(self.rng.random_range(min..=max.max(min)))
    }

    /// `len` random characters of `[A-Za-z0-9]`.
    fn token(&mut self, len: usize) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        (0..len).map(|_| char::from(ALPHABET[self.rng.random_range(0..ALPHABET.len())])).collect()
    }

    /// A client address from the documentation ranges (RFC 5737): never a real host.
    fn documentation_ip(&mut self) -> String {
        let prefix = *self.pick(&["192.0.2", "198.51.100", "203.0.113"]);
        format!("{prefix}.{}", self.rng.random_range(1..255))
    }
}

/// Offset of `America/Sao_Paulo` from UTC: three hours behind, without daylight saving since 2019.
const SAO_PAULO_OFFSET_HOURS: i64 = -3;

/// The São Paulo calendar day of a UTC instant.
fn local_day(at: DateTime<Utc>) -> NaiveDate {
    (at + Duration::hours(SAO_PAULO_OFFSET_HOURS)).date_naive()
}

/// The São Paulo hour (0–23) of a UTC instant.
fn local_hour(at: DateTime<Utc>) -> u32 {
    use chrono::Timelike;
    (at + Duration::hours(SAO_PAULO_OFFSET_HOURS)).hour()
}

/// The UTC instant of `seconds` after midnight of a São Paulo day.
fn at_local(day: NaiveDate, seconds: i64) -> DateTime<Utc> {
    let midnight = day.and_time(NaiveTime::MIN);
    Utc.from_utc_datetime(&midnight) - Duration::hours(SAO_PAULO_OFFSET_HOURS) + Duration::seconds(seconds)
}

/// Largest number of bound parameters in one statement: under SQLite's default limit (32 766)
/// and PostgreSQL's (65 535).
const MAX_PARAMS: usize = 30_000;
/// Largest number of rows in one statement, whatever the column count.
const MAX_ROWS: usize = 2_500;

/// Inserts `rows` with as few multi-row statements as the parameter limit allows; returns the
/// number of rows written (rows skipped by `on_conflict` are not counted).
async fn insert_batched<C, A>(db: &C, rows: Vec<A>, on_conflict: Option<OnConflict>) -> Result<u64, DbErr>
where
    C: ConnectionTrait,
    A: ActiveModelTrait + Send,
{
    let columns = <A::Entity as EntityTrait>::Column::iter().count().max(1);
    let per_statement = (MAX_PARAMS / columns).clamp(1, MAX_ROWS);
    let mut written = 0;
    let mut rows = rows.into_iter();
    loop {
        let chunk: Vec<A> = rows.by_ref().take(per_statement).collect();
        if chunk.is_empty() {
            return Ok(written);
        }
        let mut insert = A::Entity::insert_many(chunk);
        if let Some(on_conflict) = &on_conflict {
            insert = insert.on_conflict(on_conflict.clone());
        }
        written += insert.exec_without_returning(db).await?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sao_paulo_days_start_at_three_utc() {
        let day = NaiveDate::from_ymd_opt(2026, 3, 2).expect("valid date");
        let midnight = at_local(day, 0);
        assert_eq!(midnight.to_rfc3339(), "2026-03-02T03:00:00+00:00");
        assert_eq!(local_day(midnight), day);
        assert_eq!(local_day(midnight - Duration::seconds(1)), day.pred_opt().expect("day"));
        assert_eq!(local_hour(at_local(day, 9 * 3600 + 59)), 9);
    }

    #[test]
    fn weighted_picks_follow_their_weights() {
        let mut ctx = Ctx {
            rng: StdRng::seed_from_u64(1),
            now: Utc::now(),
            first_day: local_day(Utc::now()),
            today: local_day(Utc::now()),
        };
        let mut hits = [0u32; 3];
        for _ in 0..10_000 {
            hits[ctx.pick_weighted(&[1, 0, 9])] += 1;
        }
        assert_eq!(hits[1], 0);
        assert!(hits[2] > hits[0] * 5, "{hits:?}");
    }
}

#[cfg(test)]
mod seed_tests;
