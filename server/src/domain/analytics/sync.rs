//! The analytics sync (docs/analytics.md#analytics-sync): rebuilds the daily aggregates of a set of
//! days from the source rows with one `INSERT … SELECT … GROUP BY` per aggregate table, so the
//! database does the counting and nothing is loaded into memory but the list of days.
//!
//! Callers pass a transaction (`TenantDb::begin`) and commit it: readers then see every day of a
//! run at once or not at all, and [`verify`] can run the same code and roll it back.

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, DbBackend, Statement, Value};
use serde::Serialize;

use super::{
    histogram::{Metric, bucket_sums},
    period::{MAX_DAYS, Period},
};
use crate::domain::{error::Result, local_time::local_day, sql::Dialect};

/// How far before the previous run's start an incremental run looks for changed rows on
/// PostgreSQL: a transaction still open when that run started may have committed rows stamped
/// before it. SQLite needs none: the sync runs in a write transaction, and a tenant file has one
/// writer, so no write was in flight when it started.
const CHANGE_MARGIN_MINUTES: i64 = 10;

/// What to sync.
#[derive(Debug, Clone, Copy, Default)]
pub struct SyncOptions {
    /// Days to consider; `None` = every day that has data.
    pub period: Option<Period>,
    /// Recompute every day of the period, changed or not.
    pub force: bool,
}

/// What a run did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncReport {
    /// First and last day considered (`null` when the tenant has no data yet).
    #[schema(value_type = Option<String>)]
    pub from: Option<NaiveDate>,
    #[schema(value_type = Option<String>)]
    pub to: Option<NaiveDate>,
    pub forced: bool,
    /// Days recomputed.
    pub days: i64,
    /// Aggregate rows written.
    pub rows: u64,
    pub started_at: DateTime<Utc>,
    pub finished_at: DateTime<Utc>,
    pub elapsed_ms: u64,
}

/// The sync state: when the last run started and finished.
#[derive(Debug, Clone, Copy, Default)]
pub struct SyncState {
    pub last_started_at: Option<DateTime<Utc>>,
    pub last_finished_at: Option<DateTime<Utc>>,
}

/// Runs a sync in `db` (a transaction the caller commits).
pub async fn sync(db: &impl ConnectionTrait, opts: SyncOptions) -> Result<SyncReport> {
    let started_at = Utc::now();
    let clock = std::time::Instant::now();
    let dialect = Dialect(db.get_database_backend());
    let state = state(db).await?;
    let range = match opts.period {
        Some(period) => Some(period),
        None => data_range(db, dialect).await?,
    };
    let mut days_done = 0;
    let mut rows = 0;
    if let Some(range) = range {
        let days: Vec<NaiveDate> = match (opts.force, state.last_started_at) {
            (false, Some(last)) => {
                let margin = if dialect.0 == DbBackend::Postgres { CHANGE_MARGIN_MINUTES } else { 0 };
                let since = last - Duration::minutes(margin);
                changed_days(db, dialect, since)
                    .await?
                    .into_iter()
                    .filter(|d| *d >= range.from && *d <= range.to)
                    .collect()
            }
            _ => range.each_day().collect(),
        };
        for run in runs(&days) {
            rows += rebuild(db, dialect, run).await?;
            days_done += run.days();
        }
    }
    let finished_at = Utc::now();
    let report = SyncReport {
        from: range.map(|r| r.from),
        to: range.map(|r| r.to),
        forced: opts.force,
        days: days_done,
        rows,
        started_at,
        finished_at,
        elapsed_ms: clock.elapsed().as_millis() as u64,
    };
    save_state(db, dialect, &report).await?;
    Ok(report)
}

/// When the last sync ran.
pub async fn state(db: &impl ConnectionTrait) -> Result<SyncState> {
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT last_started_at, last_finished_at FROM analytics_sync_state WHERE id = 1",
        ))
        .await?;
    Ok(match row {
        Some(row) => SyncState {
            last_started_at: row.try_get("", "last_started_at")?,
            last_finished_at: row.try_get("", "last_finished_at")?,
        },
        None => SyncState::default(),
    })
}

async fn save_state(db: &impl ConnectionTrait, dialect: Dialect, report: &SyncReport) -> Result<()> {
    let p = |n| dialect.param(n);
    let sql = format!(
        "INSERT INTO analytics_sync_state (id, last_started_at, last_finished_at, last_from, last_to, days, rows) \
         VALUES (1, {}, {}, {}, {}, {}, {}) \
         ON CONFLICT (id) DO UPDATE SET last_started_at = excluded.last_started_at, \
         last_finished_at = excluded.last_finished_at, last_from = excluded.last_from, last_to = excluded.last_to, \
         days = excluded.days, rows = excluded.rows",
        p(1),
        p(2),
        p(3),
        p(4),
        p(5),
        p(6)
    );
    let values: Vec<Value> = vec![
        report.started_at.into(),
        report.finished_at.into(),
        report.from.into(),
        report.to.into(),
        (report.days as i32).into(),
        (report.rows as i64).into(),
    ];
    db.execute_raw(Statement::from_sql_and_values(dialect.0, sql, values)).await?;
    Ok(())
}

/// From the oldest source row's day to today (capped to the last [`MAX_DAYS`] days is not wanted
/// here: a full rebuild covers everything), or `None` without data.
async fn data_range(db: &impl ConnectionTrait, dialect: Dialect) -> Result<Option<Period>> {
    let sql = "SELECT MIN(m) AS first FROM (\
               SELECT MIN(opened_at) AS m FROM tickets UNION ALL SELECT MIN(sent_at) FROM messages \
               UNION ALL SELECT MIN(ordered_at) FROM orders) x";
    let row = db.query_one_raw(Statement::from_string(dialect.0, sql)).await?;
    let first: Option<DateTime<Utc>> = match row {
        Some(row) => row.try_get("", "first")?,
        None => None,
    };
    Ok(first.map(|first| Period { from: local_day(first), to: local_day(Utc::now()) }))
}

/// Days holding a source row changed at or after `since`. A changed ticket marks every day of its
/// life (its messages are counted under its current department and agent, which a transfer
/// changes), a changed message, order or transfer its own day.
async fn changed_days(
    db: &impl ConnectionTrait,
    dialect: Dialect,
    since: DateTime<Utc>,
) -> Result<BTreeSet<NaiveDate>> {
    let d = |col: &str| dialect.day(col);
    let p1 = dialect.param(1);
    let sql = format!(
        "SELECT DISTINCT {opened} AS first_day, {last} AS last_day FROM tickets WHERE updated_at >= {p1} \
         UNION SELECT DISTINCT {sent}, {sent} FROM messages WHERE updated_at >= {p1} \
         UNION SELECT DISTINCT {ordered}, {ordered} FROM orders WHERE updated_at >= {p1} \
         UNION SELECT DISTINCT {resolved}, {resolved} FROM ticket_transfers \
           WHERE updated_at >= {p1} AND resolved_at IS NOT NULL \
         UNION SELECT DISTINCT {started}, {started} FROM bot_sessions WHERE updated_at >= {p1} \
         UNION SELECT DISTINCT {step}, {step} FROM bot_steps WHERE at >= {p1}",
        opened = d("opened_at"),
        last = d("COALESCE(closed_at, last_activity_at, opened_at)"),
        sent = d("sent_at"),
        ordered = d("ordered_at"),
        resolved = d("resolved_at"),
        started = d("started_at"),
        step = d("at"),
    );
    let rows = db.query_all_raw(Statement::from_sql_and_values(dialect.0, sql, [since.into()])).await?;
    let today = local_day(Utc::now());
    let mut days = BTreeSet::new();
    for row in rows {
        let first: NaiveDate = row.try_get("", "first_day")?;
        let last: NaiveDate = row.try_get("", "last_day")?;
        // A ticket open for longer than a year marks its last year only.
        let last = last.min(today).max(first);
        let first = first.max(last - Duration::days(MAX_DAYS - 1));
        let mut day = first;
        while day <= last {
            days.insert(day);
            day += Duration::days(1);
        }
    }
    Ok(days)
}

/// Contiguous runs of days, so that each run is rebuilt with range predicates (index range scans).
fn runs(days: &[NaiveDate]) -> Vec<Period> {
    let mut runs: Vec<Period> = Vec::new();
    for &day in days {
        match runs.last_mut() {
            Some(run) if run.to + Duration::days(1) == day => run.to = day,
            _ => runs.push(Period { from: day, to: day }),
        }
    }
    runs
}

/// Deletes and rebuilds the aggregates of the days of `period`; answers the rows written.
async fn rebuild(db: &impl ConnectionTrait, dialect: Dialect, period: Period) -> Result<u64> {
    let backend = dialect.0;
    let (lo, hi) = period.utc_bounds();
    let (p1, p2) = (dialect.param(1), dialect.param(2));
    for table in [
        "analytics_daily",
        "analytics_hours",
        "analytics_reasons",
        "analytics_units",
        "analytics_agents",
        "analytics_bot",
        "analytics_tags",
        "analytics_tag_reasons",
    ] {
        let sql = format!("DELETE FROM {table} WHERE day >= {p1} AND day <= {p2}");
        db.execute_raw(Statement::from_sql_and_values(backend, sql, [period.from.into(), period.to.into()])).await?;
    }
    let mut rows = 0;
    for sql in [
        daily_sql(dialect),
        hours_sql(dialect),
        reasons_sql(dialect),
        bot_sql(dialect),
        tags_sql(dialect),
        tag_reasons_sql(dialect),
    ] {
        let done = db.execute_raw(Statement::from_sql_and_values(backend, sql, [lo.into(), hi.into()])).await?;
        rows += done.rows_affected();
    }
    // The roll-ups are sums of the rows just written.
    for sql in [units_sql((&p1, &p2)), agents_sql((&p1, &p2))] {
        db.execute_raw(Statement::from_sql_and_values(backend, sql, [period.from.into(), period.to.into()])).await?;
    }
    Ok(rows)
}

/// Every summed column of `analytics_daily` (and of its roll-ups).
pub fn measures() -> Vec<String> {
    let mut columns: Vec<String> = COUNTS.iter().map(|c| (*c).to_owned()).collect();
    columns.extend(
        [
            "first_response_count",
            "first_response_secs_sum",
            "resolution_count",
            "resolution_secs_sum",
            "bot_tickets",
            "bot_handoffs",
        ]
        .map(String::from),
    );
    columns.extend(Metric::FirstResponse.columns());
    columns.extend(Metric::Resolution.columns());
    columns
}

/// `analytics_agents`: the sums of `analytics_daily` per day and user over `[p1, p2]`.
fn agents_sql((p1, p2): (&str, &str)) -> String {
    let measures = measures();
    let sums: Vec<String> = measures.iter().map(|c| format!("SUM({c})")).collect();
    format!(
        "INSERT INTO analytics_agents (day, user_id, {}) SELECT day, user_id, {} FROM analytics_daily \
         WHERE day >= {p1} AND day <= {p2} GROUP BY day, user_id",
        measures.join(", "),
        sums.join(", ")
    )
}

/// `analytics_units`: the sums of `analytics_daily` per day, instance and department over
/// `[p1, p2]`, beside the tickets opened in each hour from `analytics_hours` (one set-based
/// statement: both sources in a `UNION ALL`, grouped once).
fn units_sql((p1, p2): (&str, &str)) -> String {
    let measures = measures();
    let hours: Vec<String> = (0..24).map(|h| format!("h{h}")).collect();
    let per_hour: Vec<String> =
        (0..24).map(|h| format!("CASE WHEN hour = {h} THEN tickets_opened ELSE 0 END AS h{h}")).collect();
    let sums: Vec<String> = measures.iter().chain(&hours).map(|c| format!("SUM({c})")).collect();
    format!(
        "INSERT INTO analytics_units (day, instance_id, department_id, {columns}) \
         SELECT day, instance_id, department_id, {sums} FROM (\
           SELECT day, instance_id, department_id, {measures}, {hour_zeros} FROM analytics_daily \
             WHERE day >= {p1} AND day <= {p2} \
           UNION ALL SELECT day, instance_id, department_id, {measure_zeros}, {per_hour} FROM analytics_hours \
             WHERE day >= {p1} AND day <= {p2}) u \
         GROUP BY day, instance_id, department_id",
        columns = measures.iter().chain(&hours).cloned().collect::<Vec<_>>().join(", "),
        sums = sums.join(", "),
        measures = measures.join(", "),
        hour_zeros = hours.iter().map(|h| format!("0 AS {h}")).collect::<Vec<_>>().join(", "),
        measure_zeros = measures.iter().map(|c| format!("0 AS {c}")).collect::<Vec<_>>().join(", "),
        per_hour = per_hour.join(", "),
    )
}

/// The counts of `analytics_daily` (in insert order), each summed from the facts below.
const COUNTS: [&str; 17] = [
    "tickets_opened",
    "tickets_closed",
    "transfers_in",
    "transfers_out",
    "messages_in",
    "messages_out",
    "orders_count",
    "orders_value_cents",
    // Messages by what they carry (tenant migration 27); text is the rest of in + out.
    "messages_image",
    "messages_audio",
    "messages_video",
    "messages_document",
    "messages_other",
    // SLA attainment of the tickets closed (tenant migration 49): targets had, targets met.
    "sla_response_tickets",
    "sla_response_met",
    "sla_resolution_tickets",
    "sla_resolution_met",
];

/// `messages.message_type` values counted in each of the message-type counts.
const MESSAGE_TYPES: [(&str, &str); 5] = [
    ("messages_image", "'image'"),
    ("messages_audio", "'audio'"),
    ("messages_video", "'video'"),
    ("messages_document", "'document'"),
    ("messages_other", "'sticker', 'location', 'contacts', 'unsupported'"),
];

/// One kind of fact: the rows of a source table in the period, each with its day, dimensions,
/// the counts it adds (by name; the others are 0) and its durations (`fr`, `rs`: seconds or null).
struct Fact {
    day: String,
    instance: &'static str,
    department: &'static str,
    user: &'static str,
    counts: Vec<(&'static str, String)>,
    fr: String,
    rs: String,
    from: String,
    /// The ticket the fact belongs to (its tags are the fact's in `analytics_tags`).
    ticket: &'static str,
    /// The São Paulo hour of a ticket opened (the heatmap's), for the facts that open one.
    hour: Option<String>,
}

impl Fact {
    /// The fact once per tag of its ticket, with the hour columns of `analytics_tags` (a fact of
    /// an untagged ticket is no row): its `FROM …` gains the join before its `WHERE`.
    fn tagged_select(&self) -> String {
        let hours: Vec<String> = (0..24)
            .map(|h| match &self.hour {
                Some(hour) => format!("CASE WHEN {hour} = {h} THEN 1 ELSE 0 END AS h{h}"),
                None => format!("0 AS h{h}"),
            })
            .collect();
        let (tables, filter) = self.from.split_once(" WHERE ").expect("a fact is filtered to its period");
        let from = format!("{tables} JOIN ticket_tags tt ON tt.ticket_id = {} WHERE {filter}", self.ticket);
        self.select_with(&format!(", tt.tag_id AS tag_id, {}", hours.join(", ")), &from)
    }

    fn select(&self) -> String {
        self.select_with("", &self.from)
    }

    /// `SELECT` the fact's columns, then `extra`, `from`.
    fn select_with(&self, extra: &str, from: &str) -> String {
        let counts: Vec<String> = COUNTS
            .iter()
            .map(|name| {
                let value = self.counts.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or("0");
                format!("{value} AS {name}")
            })
            .collect();
        format!(
            "SELECT {} AS day, {} AS instance_id, {} AS department_id, {} AS user_id, {}, {} AS fr, {} AS rs{extra} {from}",
            self.day,
            self.instance,
            self.department,
            self.user,
            counts.join(", "),
            self.fr,
            self.rs,
        )
    }
}
/// Every fact of the period `[p1, p2)` (docs/analytics.md#definitions).
fn facts(dialect: Dialect) -> Vec<Fact> {
    let (p1, p2) = (dialect.param(1), dialect.param(2));
    let in_period = |col: &str| format!("{col} >= {p1} AND {col} < {p2}");
    // Postgres types a bare NULL in the first branch of a UNION as text: cast it.
    let null_secs = match dialect.0 {
        DbBackend::Postgres => "CAST(NULL AS bigint)",
        _ => "NULL",
    };
    let transfer_fact = |department: &'static str, user: &'static str, count: &'static str| Fact {
        day: dialect.day("tr.resolved_at"),
        instance: "t.instance_id",
        department,
        user,
        counts: vec![(count, "1".into())],
        fr: null_secs.into(),
        rs: null_secs.into(),
        from: format!(
            "FROM ticket_transfers tr JOIN tickets t ON t.id = tr.ticket_id WHERE tr.status = 'accepted' AND {}",
            in_period("tr.resolved_at")
        ),
        ticket: "t.id",
        hour: None,
    };
    vec![
        Fact {
            day: dialect.day("t.opened_at"),
            instance: "t.instance_id",
            department: "COALESCE(t.department_id, 0)",
            user: "COALESCE(t.assigned_user_id, 0)",
            counts: vec![("tickets_opened", "1".into())],
            fr: dialect.secs("t.opened_at", "t.first_response_at"),
            rs: null_secs.into(),
            from: format!("FROM tickets t WHERE {}", in_period("t.opened_at")),
            ticket: "t.id",
            hour: Some(dialect.hour("t.opened_at")),
        },
        Fact {
            day: dialect.day("t.closed_at"),
            instance: "t.instance_id",
            department: "COALESCE(t.department_id, 0)",
            user: "COALESCE(t.assigned_user_id, 0)",
            counts: vec![
                ("tickets_closed", "1".into()),
                // A ticket closed without an answer before its due time did not miss it.
                ("sla_response_tickets", "CASE WHEN t.sla_response_due_at IS NOT NULL THEN 1 ELSE 0 END".into()),
                (
                    "sla_response_met",
                    "CASE WHEN COALESCE(t.first_response_at, t.closed_at) < t.sla_response_due_at THEN 1 ELSE 0 END"
                        .into(),
                ),
                ("sla_resolution_tickets", "CASE WHEN t.sla_resolution_due_at IS NOT NULL THEN 1 ELSE 0 END".into()),
                ("sla_resolution_met", "CASE WHEN t.closed_at < t.sla_resolution_due_at THEN 1 ELSE 0 END".into()),
            ],
            fr: null_secs.into(),
            rs: dialect.secs("t.opened_at", "t.closed_at"),
            from: format!("FROM tickets t WHERE {}", in_period("t.closed_at")),
            ticket: "t.id",
            hour: None,
        },
        // An accepted transfer counts out for the giver and in for the taker.
        transfer_fact("COALESCE(tr.from_department_id, 0)", "COALESCE(tr.from_user_id, 0)", "transfers_out"),
        transfer_fact(
            "COALESCE(tr.to_department_id, tr.from_department_id, 0)",
            "COALESCE(tr.to_user_id, 0)",
            "transfers_in",
        ),
        Fact {
            day: dialect.day("m.sent_at"),
            instance: "m.instance_id",
            department: "COALESCE(t.department_id, 0)",
            user: "CASE WHEN m.direction = 'out' THEN COALESCE(m.user_id, 0) ELSE COALESCE(t.assigned_user_id, 0) END",
            counts: [
                ("messages_in", "CASE WHEN m.direction = 'in' THEN 1 ELSE 0 END".to_owned()),
                ("messages_out", "CASE WHEN m.direction = 'out' THEN 1 ELSE 0 END".to_owned()),
            ]
            .into_iter()
            .chain(
                MESSAGE_TYPES
                    .map(|(name, types)| (name, format!("CASE WHEN m.message_type IN ({types}) THEN 1 ELSE 0 END"))),
            )
            .collect(),
            fr: null_secs.into(),
            rs: null_secs.into(),
            from: format!(
                "FROM messages m LEFT JOIN tickets t ON t.id = m.ticket_id WHERE m.kind NOT IN ('note', 'internal') AND {}",
                in_period("m.sent_at")
            ),
            ticket: "m.ticket_id",
            hour: None,
        },
        Fact {
            day: dialect.day("o.ordered_at"),
            instance: "COALESCE(o.instance_id, t.instance_id, 0)",
            department: "COALESCE(t.department_id, 0)",
            user: "COALESCE(o.user_id, 0)",
            counts: vec![("orders_count", "1".into()), ("orders_value_cents", "o.value_cents".into())],
            fr: null_secs.into(),
            rs: null_secs.into(),
            from: format!(
                "FROM orders o LEFT JOIN tickets t ON t.id = o.ticket_id WHERE o.status <> 'cancelled' AND {}",
                in_period("o.ordered_at")
            ),
            ticket: "o.ticket_id",
            hour: None,
        },
    ]
}

/// The summed columns of a fact union (`f`) and their `SUM`s, as `analytics_daily` and
/// `analytics_tags` both store them.
fn sums_of_facts() -> (Vec<String>, Vec<String>) {
    let mut columns: Vec<String> = Vec::new();
    let mut values: Vec<String> = Vec::new();
    for name in COUNTS {
        columns.push(name.into());
        values.push(format!("SUM({name})"));
    }
    columns.extend(
        ["first_response_count", "first_response_secs_sum", "resolution_count", "resolution_secs_sum"]
            .map(String::from),
    );
    values.extend(["COUNT(fr)", "COALESCE(SUM(fr), 0)", "COUNT(rs)", "COALESCE(SUM(rs), 0)"].map(String::from));
    columns.extend(Metric::FirstResponse.columns());
    values.extend(bucket_sums("fr"));
    columns.extend(Metric::Resolution.columns());
    values.extend(bucket_sums("rs"));
    (columns, values)
}

/// `analytics_daily` from every fact of the period (docs/analytics.md#definitions).
fn daily_sql(dialect: Dialect) -> String {
    let union: Vec<String> = facts(dialect).iter().map(Fact::select).collect();
    let mut columns: Vec<String> = ["day", "instance_id", "department_id", "user_id"].map(String::from).to_vec();
    let mut values = columns.clone();
    let (sums, sum_values) = sums_of_facts();
    columns.extend(sums);
    values.extend(sum_values);
    format!(
        "INSERT INTO analytics_daily ({}) SELECT {} FROM ({}) f GROUP BY day, instance_id, department_id, user_id",
        columns.join(", "),
        values.join(", "),
        union.join(" UNION ALL ")
    )
}

/// `analytics_tags`: the same facts once per tag of their ticket, per day × tag × instance ×
/// department, with the tickets opened per hour (docs/analytics.md#by-tag).
fn tags_sql(dialect: Dialect) -> String {
    let union: Vec<String> = facts(dialect).iter().map(Fact::tagged_select).collect();
    let mut columns: Vec<String> = ["day", "tag_id", "instance_id", "department_id"].map(String::from).to_vec();
    let mut values = columns.clone();
    let (sums, sum_values) = sums_of_facts();
    columns.extend(sums);
    values.extend(sum_values);
    columns.extend((0..24).map(|h| format!("h{h}")));
    values.extend((0..24).map(|h| format!("SUM(h{h})")));
    format!(
        "INSERT INTO analytics_tags ({}) SELECT {} FROM ({}) f GROUP BY day, tag_id, instance_id, department_id",
        columns.join(", "),
        values.join(", "),
        union.join(" UNION ALL ")
    )
}

/// `analytics_tag_reasons`: tickets closed per closing reason and tag.
fn tag_reasons_sql(dialect: Dialect) -> String {
    let (p1, p2) = (dialect.param(1), dialect.param(2));
    format!(
        "INSERT INTO analytics_tag_reasons (day, tag_id, instance_id, department_id, closing_reason_id, tickets) \
         SELECT {day}, tt.tag_id, t.instance_id, COALESCE(t.department_id, 0), COALESCE(t.closing_reason_id, 0), \
         COUNT(*) FROM tickets t JOIN ticket_tags tt ON tt.ticket_id = t.id \
         WHERE t.closed_at >= {p1} AND t.closed_at < {p2} GROUP BY 1, 2, 3, 4, 5",
        day = dialect.day("t.closed_at"),
    )
}

/// `analytics_hours`: tickets opened per São Paulo hour.
fn hours_sql(dialect: Dialect) -> String {
    let (p1, p2) = (dialect.param(1), dialect.param(2));
    format!(
        "INSERT INTO analytics_hours (day, hour, instance_id, department_id, tickets_opened) \
         SELECT {day}, {hour}, instance_id, COALESCE(department_id, 0), COUNT(*) FROM tickets \
         WHERE opened_at >= {p1} AND opened_at < {p2} GROUP BY 1, 2, 3, 4",
        day = dialect.day("opened_at"),
        hour = dialect.hour("opened_at"),
    )
}

/// `analytics_reasons`: tickets closed per closing reason.
fn reasons_sql(dialect: Dialect) -> String {
    let (p1, p2) = (dialect.param(1), dialect.param(2));
    format!(
        "INSERT INTO analytics_reasons (day, instance_id, department_id, closing_reason_id, tickets) \
         SELECT {day}, instance_id, COALESCE(department_id, 0), COALESCE(closing_reason_id, 0), COUNT(*) \
         FROM tickets WHERE closed_at >= {p1} AND closed_at < {p2} GROUP BY 1, 2, 3, 4",
        day = dialect.day("closed_at"),
    )
}

/// The outcomes of the bot's conversations (`bot_sessions.status`) counted in `analytics_bot`.
pub const BOT_OUTCOMES: [&str; 5] = ["resolved", "routed", "handed_over", "abandoned", "taken_over"];

/// `analytics_bot`: the bot's conversations per day they started × instance × the option that
/// ended them (`''`: none), by outcome, with the time to hand over; beside the fixed answers given
/// per day and option (from `bot_steps`). One statement: both sources in a `UNION ALL`.
fn bot_sql(dialect: Dialect) -> String {
    let (p1, p2) = (dialect.param(1), dialect.param(2));
    let null_secs = match dialect.0 {
        DbBackend::Postgres => "CAST(NULL AS bigint)",
        _ => "NULL",
    };
    let outcomes: Vec<String> =
        BOT_OUTCOMES.iter().map(|o| format!("CASE WHEN s.status = '{o}' THEN 1 ELSE 0 END AS {o}")).collect();
    let outcome_zeros: Vec<String> = BOT_OUTCOMES.iter().map(|o| format!("0 AS {o}")).collect();
    let outcome_sums: Vec<String> = BOT_OUTCOMES.iter().map(|o| format!("SUM({o})")).collect();
    let buckets: Vec<String> = (0..tenant_migrations::DURATION_BUCKETS).map(|i| format!("ho_b{i}")).collect();
    format!(
        "INSERT INTO analytics_bot (day, instance_id, option_key, option_label, received, {outcomes_list}, answered, \
           handover_count, handover_secs_sum, {buckets}) \
         SELECT day, instance_id, option_key, MAX(option_label), SUM(received), {outcome_sums}, SUM(answered), \
           COUNT(ho), COALESCE(SUM(ho), 0), {bucket_sums} FROM (\
           SELECT {started} AS day, s.instance_id, COALESCE(s.option_key, '') AS option_key, \
             COALESCE(s.option_label, '') AS option_label, 1 AS received, {outcomes}, 0 AS answered, \
             CASE WHEN s.status IN ('routed', 'handed_over') THEN {ho} ELSE {null_secs} END AS ho \
             FROM bot_sessions s WHERE s.started_at >= {p1} AND s.started_at < {p2} \
           UNION ALL SELECT {at}, st.instance_id, COALESCE(st.option_key, ''), COALESCE(st.option_label, ''), 0, \
             {outcome_zeros}, 1, {null_secs} FROM bot_steps st \
             WHERE st.step = 'answer' AND st.at >= {p1} AND st.at < {p2}) b \
         GROUP BY day, instance_id, option_key",
        outcomes_list = BOT_OUTCOMES.join(", "),
        buckets = buckets.join(", "),
        outcome_sums = outcome_sums.join(", "),
        bucket_sums = bucket_sums("ho").join(", "),
        started = dialect.day("s.started_at"),
        at = dialect.day("st.at"),
        outcomes = outcomes.join(", "),
        outcome_zeros = outcome_zeros.join(", "),
        ho = dialect.secs("s.started_at", "s.ended_at"),
    )
}

/// One day's totals that differ between the stored aggregates and a fresh computation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Drift {
    pub day: NaiveDate,
    pub column: String,
    pub stored: i64,
    pub computed: i64,
}

/// Recomputes `period` in a transaction that is rolled back, and answers every (day, column) whose
/// stored total differs from the fresh one. `db` must be a transaction the caller rolls back
/// (`verify` writes into it).
pub async fn verify(db: &impl ConnectionTrait, period: Period) -> Result<Vec<Drift>> {
    let dialect = Dialect(db.get_database_backend());
    // The full grain, and the by-tag table the dashboard reads under a tag filter.
    const VERIFIED: [(&str, &str); 2] = [("analytics_daily", ""), ("analytics_tags", "analytics_tags.")];
    let mut before = Vec::new();
    for (table, _) in VERIFIED {
        before.push(day_totals(db, dialect, table, period).await?);
    }
    rebuild(db, dialect, period).await?;
    let mut drifts = Vec::new();
    for ((table, prefix), before) in VERIFIED.into_iter().zip(before) {
        let after = day_totals(db, dialect, table, period).await?;
        for day in period.each_day() {
            let stored = before.iter().find(|(d, _)| *d == day).map(|(_, v)| v.as_slice());
            let computed = after.iter().find(|(d, _)| *d == day).map(|(_, v)| v.as_slice());
            for (i, column) in measures().iter().enumerate() {
                let s = stored.map_or(0, |v| v[i]);
                let c = computed.map_or(0, |v| v[i]);
                if s != c {
                    drifts.push(Drift { day, column: format!("{prefix}{column}"), stored: s, computed: c });
                }
            }
        }
    }
    Ok(drifts)
}

/// Per day of `period`, the sum of every verified column of `table`.
async fn day_totals(
    db: &impl ConnectionTrait,
    dialect: Dialect,
    table: &str,
    period: Period,
) -> Result<Vec<(NaiveDate, Vec<i64>)>> {
    let columns = measures();
    let sums: Vec<String> = columns.iter().map(|c| format!("CAST(SUM({c}) AS BIGINT) AS {c}")).collect();
    let sql = format!(
        "SELECT day, {} FROM {table} WHERE day >= {} AND day <= {} GROUP BY day ORDER BY day",
        sums.join(", "),
        dialect.param(1),
        dialect.param(2)
    );
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(dialect.0, sql, [period.from.into(), period.to.into()]))
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let day: NaiveDate = row.try_get("", "day")?;
        let values = columns.iter().map(|c| row.try_get::<i64>("", c)).collect::<Result<Vec<_>, _>>()?;
        out.push((day, values));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("day")
    }

    #[test]
    fn contiguous_days_make_one_run_and_gaps_start_another() {
        let days = [day("2026-11-01"), day("2026-11-02"), day("2026-11-03"), day("2026-11-07")];
        let runs = runs(&days);
        assert_eq!(
            runs,
            vec![
                Period { from: day("2026-11-01"), to: day("2026-11-03") },
                Period { from: day("2026-11-07"), to: day("2026-11-07") }
            ]
        );
    }

    #[test]
    fn the_daily_statement_names_every_bucket_once() {
        for backend in [DbBackend::Sqlite, DbBackend::Postgres] {
            let sql = daily_sql(Dialect(backend));
            assert_eq!(sql.matches(" UNION ALL ").count(), 5);
            assert!(sql.contains("fr_b14") && sql.contains("rs_b0"));
        }
    }
}
