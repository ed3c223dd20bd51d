//! The Maria panel (`GET /api/dashboard/maria`, docs/bot.md#the-maria-panel): the bot's figures
//! per day from `analytics_bot` (written by the analytics sync), per option, the median time to
//! hand over from the histogram kept there, and today's live counts from `bot_sessions`.

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, QueryResult};
use serde::Serialize;
use tenant_migrations::DURATION_BUCKETS;
use utoipa::ToSchema;

use crate::domain::{
    analytics::{histogram::Histogram, period::Period, sync},
    error::Result,
    local_time::{day_start, local_day},
    sql::Binder,
};

/// How the bot's conversations ended, for a day or a period.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotTotals {
    /// Tickets the bot started.
    pub received: i64,
    /// Closed for inactivity after the bot answered a question itself: nobody was needed.
    pub resolved: i64,
    /// Sent to a department's queue by a menu option.
    pub routed: i64,
    /// Sent to a person (an option, or the invalid-answer limit).
    pub handed_over: i64,
    /// Closed for inactivity without any answer.
    pub abandoned: i64,
    /// An agent took the ticket before the bot finished.
    pub taken_over: i64,
}

impl BotTotals {
    fn add(&mut self, other: &Self) {
        self.received += other.received;
        self.resolved += other.resolved;
        self.routed += other.routed;
        self.handed_over += other.handed_over;
        self.abandoned += other.abandoned;
        self.taken_over += other.taken_over;
    }

    fn of(row: &QueryResult) -> Result<Self> {
        Ok(Self {
            received: row.try_get("", "received")?,
            resolved: row.try_get("", "resolved")?,
            routed: row.try_get("", "routed")?,
            handed_over: row.try_get("", "handed_over")?,
            abandoned: row.try_get("", "abandoned")?,
            taken_over: row.try_get("", "taken_over")?,
        })
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotDay {
    #[schema(value_type = String)]
    pub day: NaiveDate,
    #[serde(flatten)]
    pub totals: BotTotals,
}

/// One menu option over the period.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionFigures {
    pub key: String,
    pub label: String,
    /// Conversations this option sent to people (a department, or anyone).
    pub routed: i64,
    /// Fixed answers this option gave.
    pub answered: i64,
}

/// Today so far (São Paulo), live.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveBot {
    /// Tickets the bot holds now.
    pub in_bot: i64,
    pub started_today: i64,
    pub routed_today: i64,
    pub handed_over_today: i64,
    pub resolved_today: i64,
    pub abandoned_today: i64,
    pub taken_over_today: i64,
}

/// `GET /api/dashboard/maria`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MariaView {
    /// The tenant has the `chatbot` feature.
    pub bot_enabled: bool,
    pub period: Period,
    #[schema(value_type = Option<String>)]
    pub synced_at: Option<DateTime<Utc>>,
    pub totals: BotTotals,
    /// Median time from the greeting to routing or handing over, in seconds.
    pub handover_median_secs: Option<i64>,
    pub days: Vec<BotDay>,
    /// Per option, most used first.
    pub options: Vec<OptionFigures>,
    pub live: LiveBot,
}

const SUMS: &str = "CAST(SUM(received) AS BIGINT) AS received, CAST(SUM(resolved) AS BIGINT) AS resolved, \
    CAST(SUM(routed) AS BIGINT) AS routed, CAST(SUM(handed_over) AS BIGINT) AS handed_over, \
    CAST(SUM(abandoned) AS BIGINT) AS abandoned, CAST(SUM(taken_over) AS BIGINT) AS taken_over";

/// The panel over `period`.
pub async fn maria(db: &impl ConnectionTrait, period: Period, bot_enabled: bool) -> Result<MariaView> {
    let backend = db.get_database_backend();
    let buckets: Vec<String> =
        (0..DURATION_BUCKETS).map(|i| format!("CAST(SUM(ho_b{i}) AS BIGINT) AS ho_b{i}")).collect();
    let mut b = Binder::new(backend);
    let sql = format!(
        "SELECT day, {SUMS}, {} FROM analytics_bot WHERE day >= {} AND day <= {} GROUP BY day",
        buckets.join(", "),
        b.p(period.from),
        b.p(period.to)
    );
    let mut by_day = std::collections::HashMap::new();
    let mut handover = Histogram::default();
    for row in db.query_all_raw(b.statement(sql)).await? {
        let day: NaiveDate = row.try_get("", "day")?;
        for (i, count) in handover.counts.iter_mut().enumerate() {
            *count += row.try_get::<i64>("", &format!("ho_b{i}"))?;
        }
        by_day.insert(day, BotTotals::of(&row)?);
    }
    let mut totals = BotTotals::default();
    let days = period
        .each_day()
        .map(|day| {
            let day_totals = by_day.get(&day).copied().unwrap_or_default();
            totals.add(&day_totals);
            BotDay { day, totals: day_totals }
        })
        .collect();
    let mut b = Binder::new(backend);
    let sql = format!(
        "SELECT option_key, MAX(option_label) AS label, \
           CAST(SUM(routed + handed_over) AS BIGINT) AS routed, CAST(SUM(answered) AS BIGINT) AS answered \
         FROM analytics_bot WHERE day >= {} AND day <= {} AND option_key <> '' \
         GROUP BY option_key ORDER BY 3 DESC, 4 DESC, 2",
        b.p(period.from),
        b.p(period.to)
    );
    let mut options = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        options.push(OptionFigures {
            key: row.try_get("", "option_key")?,
            label: row.try_get("", "label")?,
            routed: row.try_get("", "routed")?,
            answered: row.try_get("", "answered")?,
        });
    }
    Ok(MariaView {
        bot_enabled,
        period,
        synced_at: sync::state(db).await?.last_finished_at,
        totals,
        handover_median_secs: handover.median(),
        days,
        options,
        live: live(db, Utc::now()).await?,
    })
}

/// Today's figures from the conversations themselves: those the bot holds, and those started
/// today (a conversation lasts at most a day: the longest inactivity).
pub async fn live(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<LiveBot> {
    let mut b = Binder::new(db.get_database_backend());
    let today = b.p(day_start(local_day(now)));
    let ended = |status: &str| format!("CAST(COUNT(CASE WHEN status = '{status}' THEN 1 END) AS BIGINT)");
    let sql = format!(
        "SELECT CAST(COUNT(CASE WHEN status = 'active' THEN 1 END) AS BIGINT) AS in_bot, \
           CAST(COUNT(CASE WHEN started_at >= {today} THEN 1 END) AS BIGINT) AS started_today, \
           {} AS routed_today, {} AS handed_over_today, {} AS resolved_today, {} AS abandoned_today, \
           {} AS taken_over_today \
         FROM bot_sessions WHERE status = 'active' OR started_at >= {today}",
        ended("routed"),
        ended("handed_over"),
        ended("resolved"),
        ended("abandoned"),
        ended("taken_over"),
    );
    let Some(row) = db.query_one_raw(b.statement(sql)).await? else {
        return Ok(LiveBot::default());
    };
    Ok(LiveBot {
        in_bot: row.try_get("", "in_bot")?,
        started_today: row.try_get("", "started_today")?,
        routed_today: row.try_get("", "routed_today")?,
        handed_over_today: row.try_get("", "handed_over_today")?,
        resolved_today: row.try_get("", "resolved_today")?,
        abandoned_today: row.try_get("", "abandoned_today")?,
        taken_over_today: row.try_get("", "taken_over_today")?,
    })
}
