//! Retention of a tenant's bookkeeping rows: rows that nothing shows to a person, that only grow,
//! and whose purpose ends after a known time (docs/operations.md#retention, decision 130).
//!
//! | rows | kept for | why they can go then |
//! |---|---|---|
//! | `jobs` done | 7 days after they were due | the work happened; the message or delivery keeps its own status |
//! | `jobs` failed | 30 days | the message shows `failed` and its retry queues a new job; the row is only for diagnosis |
//! | `provider_events` | 7 days | they refuse a replayed `webhook-id`; signatures older than 5 minutes are refused anyway, and providers stop retrying within days. A replayed message is still recognised by its provider id in `messages` |
//! | `refresh_tokens` | 30 days after they expired | an expired token is refused whether or not its row exists |
//! | `media` no message holds | 1 day | an upload never sent, a medium whose message was deleted: nothing shows it (`media::unused`); its objects go with it |
//!
//! What a person reads — messages and their files ([`messages`]: emptied in place, never deleted),
//! login failures (their report), webhook deliveries, the audit log — goes only as the company's
//! [`policy`] says (each kept for good until an
//! administrator sets a period). Pending jobs and pending deliveries are never touched, whatever
//! their age.
//!
//! Rows go in batches of [`BATCH`], each its own transaction, so that on SQLite the tenant's one
//! writer is held for milliseconds at a time and the inbox goes on answering while a large backlog
//! is pruned.

use chrono::{DateTime, Duration, Utc};
use sea_orm::ConnectionTrait;

use self::messages::Part;
use crate::{
    domain::{
        error::Result,
        media::{self, MediaStore},
        sql::Binder,
    },
    tenancy::TenantDb,
};

pub mod messages;
pub mod policy;

/// Rows deleted per transaction.
pub const BATCH: u64 = 5_000;

/// One kind of row that ages out: its table and the condition, given the cut-off time.
#[derive(Clone, Copy)]
struct Rule {
    /// What the operator reads in the report.
    label: &'static str,
    table: &'static str,
    /// The `WHERE` of rows older than the cut-off (bound as `{}`), using an index where one exists
    /// (`ix_jobs_status_run_at`, `ix_provider_events_received_at`); `refresh_tokens` has no index on
    /// `expires_at`, and its old rows are its first ids, which the batches read first.
    condition: &'static str,
    keep: Duration,
}

/// The bookkeeping rules, then the ones the company's policy sets a period for.
fn rules(policy: &policy::Policy) -> Vec<Rule> {
    let mut rules = bookkeeping().to_vec();
    let chosen = [
        ("falhas de login", "login_failures", "occurred_at < {}"),
        // Attempts first: they are the deliveries' log, and nothing reads one without its delivery.
        ("entregas de webhook", "webhook_attempts", "at < {}"),
        ("entregas de webhook", "webhook_deliveries", "status <> 'pending' AND created_at < {}"),
        ("registros de auditoria", "audit_log", "at < {}"),
    ];
    for (label, table, condition) in chosen {
        if let Some(days) = policy.days_of(label) {
            rules.push(Rule { label, table, condition, keep: Duration::days(i64::from(days)) });
        }
    }
    rules
}

fn bookkeeping() -> [Rule; 4] {
    [
        Rule {
            label: "jobs concluídos",
            table: "jobs",
            condition: "status = 'done' AND run_at < {}",
            keep: Duration::days(7),
        },
        Rule {
            label: "jobs com falha",
            table: "jobs",
            condition: "status = 'failed' AND run_at < {}",
            keep: Duration::days(30),
        },
        Rule {
            label: "eventos de provedor",
            table: "provider_events",
            condition: "received_at < {}",
            keep: Duration::days(7),
        },
        Rule {
            label: "tokens de sessão expirados",
            table: "refresh_tokens",
            condition: "expires_at < {}",
            keep: Duration::days(30),
        },
    ]
}

/// Rows of one kind removed (or, in a dry run, that would be).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pruned {
    pub label: &'static str,
    pub rows: u64,
}

/// What media no message holds is called in the report.
const UNUSED_MEDIA: &str = "mídias sem mensagem";

/// Removes the tenant's rows past their retention at `now` (and the objects of its unused media
/// from `store`); answers how many of each kind went, and keeps that as the policy's last run.
pub async fn prune(db: &TenantDb, store: &MediaStore, now: DateTime<Utc>) -> Result<Vec<Pruned>> {
    let reading = db.read().await?;
    let policy = policy::policy(&reading).await?;
    reading.end();
    let mut report: Vec<Pruned> = Vec::new();
    for rule in rules(&policy) {
        let mut rows = 0;
        loop {
            let tx = db.begin().await?;
            let deleted = delete_batch(&tx, &rule, now).await?;
            tx.commit().await?;
            rows += deleted;
            if deleted < BATCH {
                break;
            }
        }
        add(&mut report, rule.label, rows);
    }
    // Messages by age before the unheld media: the files they let go leave in the same run.
    for (part, label) in [(Part::Content, policy::MESSAGES), (Part::File, policy::MEDIA)] {
        if let Some(days) = policy.days_of(label) {
            add(&mut report, label, messages::prune(db, part, days, now).await?);
        }
    }
    report.push(Pruned { label: UNUSED_MEDIA, rows: media::unused::prune(db, store, now).await? });
    let removed = report.iter().map(|p| policy::Removed { label: p.label.to_owned(), rows: p.rows }).collect();
    let tx = db.begin().await?;
    policy::remember(&tx, &policy::LastRun { at: now, removed }).await?;
    tx.commit().await?;
    Ok(report)
}

/// Counts `rows` under `label`: a kind kept in two tables (deliveries and their attempts) is one
/// line of the report.
fn add(report: &mut Vec<Pruned>, label: &'static str, rows: u64) {
    match report.iter_mut().find(|p| p.label == label) {
        Some(line) => line.rows += rows,
        None => report.push(Pruned { label, rows }),
    }
}

/// What [`prune`] would remove at `now`, counted on a reader; changes nothing.
pub async fn count(db: &TenantDb, now: DateTime<Utc>) -> Result<Vec<Pruned>> {
    let reading = db.read().await?;
    let policy = policy::policy(&reading).await?;
    let mut report = Vec::new();
    for rule in rules(&policy) {
        let mut b = Binder::new(reading.get_database_backend());
        let condition = rule.condition.replace("{}", &b.p(now - rule.keep));
        let sql = format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM {} WHERE {condition}", rule.table);
        let row = reading.query_one_raw(b.statement(sql)).await?;
        let n: i64 = row.map(|r| r.try_get("", "n")).transpose()?.unwrap_or(0);
        add(&mut report, rule.label, u64::try_from(n).unwrap_or(0));
    }
    for (part, label) in [(Part::Content, policy::MESSAGES), (Part::File, policy::MEDIA)] {
        if let Some(days) = policy.days_of(label) {
            add(&mut report, label, messages::count(&reading, part, days, now).await?);
        }
    }
    report.push(Pruned { label: UNUSED_MEDIA, rows: media::unused::count(&reading, now).await? });
    reading.end();
    Ok(report)
}

async fn delete_batch(db: &impl ConnectionTrait, rule: &Rule, now: DateTime<Utc>) -> Result<u64> {
    let mut b = Binder::new(db.get_database_backend());
    let condition = rule.condition.replace("{}", &b.p(now - rule.keep));
    let table = rule.table;
    // The ids first, by primary key and bounded: both backends delete `LIMIT` rows this way
    // (PostgreSQL has no `DELETE … LIMIT`).
    let sql =
        format!("DELETE FROM {table} WHERE id IN (SELECT id FROM {table} WHERE {condition} ORDER BY id LIMIT {BATCH})");
    Ok(db.execute_raw(b.statement(sql)).await?.rows_affected())
}
