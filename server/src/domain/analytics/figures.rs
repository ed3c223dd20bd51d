//! The analytics dashboard, read from the daily aggregates
//! (docs/analytics.md#dashboard-api): one grouped query per figure family, over at most two
//! periods × the days in them, whatever the number of tickets behind them.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, QueryResult};
use serde::Serialize;
use tenant_migrations::DURATION_BUCKETS;

use super::{
    Filters,
    histogram::{Histogram, Metric},
    period::Period,
    sync,
};
use crate::domain::{error::Result, sql::Binder};

/// Counts of a period (or a day).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub tickets_opened: i64,
    pub tickets_closed: i64,
    pub tickets_transferred: i64,
    pub messages_in: i64,
    pub messages_out: i64,
    pub orders_count: i64,
    pub orders_value_cents: i64,
    pub bot_tickets: i64,
    pub bot_handoffs: i64,
    /// Of the messages in and out: photos, audio (voice notes too), video, documents, and the rest
    /// (stickers, locations, contact cards, unsupported types). Text is what is left.
    pub messages_image: i64,
    pub messages_audio: i64,
    pub messages_video: i64,
    pub messages_document: i64,
    pub messages_other: i64,
    /// SLA attainment of the tickets closed (docs/service-levels.md#sla-policies): how many had a
    /// first-response target and met it, how many a resolution target and met it.
    pub sla_response_tickets: i64,
    pub sla_response_met: i64,
    pub sla_resolution_tickets: i64,
    pub sla_resolution_met: i64,
}

impl Totals {
    fn add(&mut self, o: &Totals) {
        self.tickets_opened += o.tickets_opened;
        self.tickets_closed += o.tickets_closed;
        self.tickets_transferred += o.tickets_transferred;
        self.messages_in += o.messages_in;
        self.messages_out += o.messages_out;
        self.orders_count += o.orders_count;
        self.orders_value_cents += o.orders_value_cents;
        self.bot_tickets += o.bot_tickets;
        self.bot_handoffs += o.bot_handoffs;
        self.messages_image += o.messages_image;
        self.messages_audio += o.messages_audio;
        self.messages_video += o.messages_video;
        self.messages_document += o.messages_document;
        self.messages_other += o.messages_other;
        self.sla_response_tickets += o.sla_response_tickets;
        self.sla_response_met += o.sla_response_met;
        self.sla_resolution_tickets += o.sla_resolution_tickets;
        self.sla_resolution_met += o.sla_resolution_met;
    }
}

/// A duration figure: its sample size, median and p90 in seconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Durations {
    pub count: i64,
    pub median_secs: Option<i64>,
    pub p90_secs: Option<i64>,
}

impl From<&Histogram> for Durations {
    fn from(h: &Histogram) -> Self {
        Self { count: h.count(), median_secs: h.median(), p90_secs: h.p90() }
    }
}

/// One day of the analytics dashboard.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Day {
    #[schema(value_type = String)]
    pub day: NaiveDate,
    pub tickets_opened: i64,
    pub tickets_closed: i64,
    pub tickets_transferred: i64,
    pub messages_in: i64,
    pub messages_out: i64,
    pub first_response_median_secs: Option<i64>,
    pub first_response_p90_secs: Option<i64>,
    pub resolution_median_secs: Option<i64>,
    pub resolution_p90_secs: Option<i64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HeatCell {
    /// 0 = domingo … 6 = sábado.
    pub weekday: i32,
    /// 0–23, São Paulo time.
    pub hour: i32,
    pub tickets: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReasonCount {
    /// 0 = closed without a reason (older data).
    pub id: i32,
    pub name: String,
    pub tickets: i64,
}

/// `GET /api/dashboard/analytics`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsView {
    pub period: Period,
    pub previous_period: Period,
    pub synced_at: Option<DateTime<Utc>>,
    pub totals: Totals,
    pub previous_totals: Totals,
    pub first_response: Durations,
    pub previous_first_response: Durations,
    pub resolution: Durations,
    pub previous_resolution: Durations,
    pub days: Vec<Day>,
    pub heatmap: Vec<HeatCell>,
    pub closing_reasons: Vec<ReasonCount>,
    /// The period's figures per tag (docs/analytics.md#by-tag), the twenty with most tickets
    /// opened first: a ticket with two tags counts under each, so these do not add up to the
    /// totals.
    pub tags: Vec<TagFigures>,
}

/// One tag's figures over the period.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagFigures {
    pub id: i32,
    pub name: String,
    pub color: String,
    pub tickets_opened: i64,
    pub tickets_closed: i64,
    pub messages_in: i64,
    pub messages_out: i64,
    pub first_response: Durations,
    pub resolution: Durations,
    /// SLA attainment of the tag's tickets closed: targets had and met.
    pub sla_response_tickets: i64,
    pub sla_response_met: i64,
    pub sla_resolution_tickets: i64,
    pub sla_resolution_met: i64,
}

/// A day's aggregate sums, as read.
#[derive(Debug, Clone, Default)]
struct DayRow {
    totals: Totals,
    first_response: Histogram,
    resolution: Histogram,
}

fn sum_columns() -> Vec<String> {
    let mut columns: Vec<String> = [
        ("tickets_opened", "tickets_opened"),
        ("tickets_closed", "tickets_closed"),
        ("transfers_out", "tickets_transferred"),
        ("messages_in", "messages_in"),
        ("messages_out", "messages_out"),
        ("orders_count", "orders_count"),
        ("orders_value_cents", "orders_value_cents"),
        ("bot_tickets", "bot_tickets"),
        ("bot_handoffs", "bot_handoffs"),
        ("messages_image", "messages_image"),
        ("messages_audio", "messages_audio"),
        ("messages_video", "messages_video"),
        ("messages_document", "messages_document"),
        ("messages_other", "messages_other"),
        ("sla_response_tickets", "sla_response_tickets"),
        ("sla_response_met", "sla_response_met"),
        ("sla_resolution_tickets", "sla_resolution_tickets"),
        ("sla_resolution_met", "sla_resolution_met"),
    ]
    .iter()
    .map(|(col, alias)| format!("CAST(SUM({col}) AS BIGINT) AS {alias}"))
    .collect();
    for metric in [Metric::FirstResponse, Metric::Resolution] {
        columns.extend(metric.columns().map(|c| format!("CAST(SUM({c}) AS BIGINT) AS {c}")));
    }
    columns
}

fn histogram(row: &QueryResult, metric: Metric) -> Result<Histogram> {
    let mut h = Histogram::default();
    for (i, column) in metric.columns().enumerate().take(DURATION_BUCKETS) {
        h.counts[i] = row.try_get::<i64>("", &column)?;
    }
    Ok(h)
}

fn day_row(row: &QueryResult) -> Result<DayRow> {
    let get = |c: &str| row.try_get::<i64>("", c);
    Ok(DayRow {
        totals: Totals {
            tickets_opened: get("tickets_opened")?,
            tickets_closed: get("tickets_closed")?,
            tickets_transferred: get("tickets_transferred")?,
            messages_in: get("messages_in")?,
            messages_out: get("messages_out")?,
            orders_count: get("orders_count")?,
            orders_value_cents: get("orders_value_cents")?,
            bot_tickets: get("bot_tickets")?,
            bot_handoffs: get("bot_handoffs")?,
            messages_image: get("messages_image")?,
            messages_audio: get("messages_audio")?,
            messages_video: get("messages_video")?,
            messages_document: get("messages_document")?,
            messages_other: get("messages_other")?,
            sla_response_tickets: get("sla_response_tickets")?,
            sla_response_met: get("sla_response_met")?,
            sla_resolution_tickets: get("sla_resolution_tickets")?,
            sla_resolution_met: get("sla_resolution_met")?,
        },
        first_response: histogram(row, Metric::FirstResponse)?,
        resolution: histogram(row, Metric::Resolution)?,
    })
}

/// Per day of `[from, to]`, the aggregate sums under `filters` (days without rows are absent),
/// from the per-instance-and-department roll-up.
async fn day_rows(
    db: &impl ConnectionTrait,
    from: NaiveDate,
    to: NaiveDate,
    filters: Filters,
) -> Result<HashMap<NaiveDate, DayRow>> {
    let mut b = Binder::new(db.get_database_backend());
    let (table, tag) = filters.source(&mut b, "analytics_units", "analytics_tags");
    let sql = format!(
        "SELECT day, {} FROM {table} WHERE day >= {} AND day <= {}{}{tag} GROUP BY day",
        sum_columns().join(", "),
        b.p(from),
        b.p(to),
        filters.clause(&mut b, "")
    );
    let mut out = HashMap::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        out.insert(row.try_get::<NaiveDate>("", "day")?, day_row(&row)?);
    }
    Ok(out)
}

fn summarize(rows: &HashMap<NaiveDate, DayRow>, period: Period) -> DayRow {
    let mut sum = DayRow::default();
    for day in period.each_day() {
        if let Some(row) = rows.get(&day) {
            sum.totals.add(&row.totals);
            sum.first_response.add(&row.first_response);
            sum.resolution.add(&row.resolution);
        }
    }
    sum
}

/// The analytics dashboard of `period` under `filters`, with the previous period beside it.
pub async fn analytics(db: &impl ConnectionTrait, period: Period, filters: Filters) -> Result<AnalyticsView> {
    let previous = period.previous();
    let rows = day_rows(db, previous.from, period.to, filters).await?;
    let (now, before) = (summarize(&rows, period), summarize(&rows, previous));
    let days = period
        .each_day()
        .map(|day| {
            let row = rows.get(&day).cloned().unwrap_or_default();
            Day {
                day,
                tickets_opened: row.totals.tickets_opened,
                tickets_closed: row.totals.tickets_closed,
                tickets_transferred: row.totals.tickets_transferred,
                messages_in: row.totals.messages_in,
                messages_out: row.totals.messages_out,
                first_response_median_secs: row.first_response.median(),
                first_response_p90_secs: row.first_response.p90(),
                resolution_median_secs: row.resolution.median(),
                resolution_p90_secs: row.resolution.p90(),
            }
        })
        .collect();
    Ok(AnalyticsView {
        period,
        previous_period: previous,
        synced_at: sync::state(db).await?.last_finished_at,
        totals: now.totals,
        previous_totals: before.totals,
        first_response: (&now.first_response).into(),
        previous_first_response: (&before.first_response).into(),
        resolution: (&now.resolution).into(),
        previous_resolution: (&before.resolution).into(),
        days,
        heatmap: heatmap(db, period, filters).await?,
        closing_reasons: closing_reasons(db, period, filters).await?,
        tags: by_tag(db, period, filters).await?,
    })
}

/// The period's figures per tag, under the instance and department filters (the tag filter
/// does not narrow this list: it is the grouping).
async fn by_tag(db: &impl ConnectionTrait, period: Period, filters: Filters) -> Result<Vec<TagFigures>> {
    let mut b = Binder::new(db.get_database_backend());
    let sums = sum_columns();
    let aliases: Vec<String> =
        sums.iter().map(|c| c.rsplit(" AS ").next().unwrap_or_default().to_owned()).map(|a| format!("x.{a}")).collect();
    // Summed per tag first, then named: deleted tags (rows not yet rebuilt) drop out in the join.
    let sql = format!(
        "SELECT x.tag_id, g.name, g.color, {} FROM (SELECT tag_id, {} FROM analytics_tags \
           WHERE day >= {} AND day <= {}{} GROUP BY tag_id) x \
         JOIN tags g ON g.id = x.tag_id ORDER BY x.tickets_opened DESC, g.name, x.tag_id LIMIT 20",
        aliases.join(", "),
        sums.join(", "),
        b.p(period.from),
        b.p(period.to),
        filters.clause(&mut b, "")
    );
    let mut figures = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        let sums = day_row(&row)?;
        figures.push(TagFigures {
            id: row.try_get("", "tag_id")?,
            name: row.try_get("", "name")?,
            color: row.try_get("", "color")?,
            tickets_opened: sums.totals.tickets_opened,
            tickets_closed: sums.totals.tickets_closed,
            messages_in: sums.totals.messages_in,
            messages_out: sums.totals.messages_out,
            first_response: (&sums.first_response).into(),
            resolution: (&sums.resolution).into(),
            sla_response_tickets: sums.totals.sla_response_tickets,
            sla_response_met: sums.totals.sla_response_met,
            sla_resolution_tickets: sums.totals.sla_resolution_tickets,
            sla_resolution_met: sums.totals.sla_resolution_met,
        });
    }
    Ok(figures)
}

/// Tickets opened per weekday and hour, from the hour columns of the roll-up: a year is a few
/// thousand rows whatever the ticket count.
async fn heatmap(db: &impl ConnectionTrait, period: Period, filters: Filters) -> Result<Vec<HeatCell>> {
    let mut b = Binder::new(db.get_database_backend());
    let weekday = b.dialect().weekday("day");
    let hours: Vec<String> = (0..24).map(|h| format!("CAST(SUM(h{h}) AS BIGINT) AS h{h}")).collect();
    let (table, tag) = filters.source(&mut b, "analytics_units", "analytics_tags");
    let sql = format!(
        "SELECT {weekday} AS weekday, {} FROM {table} WHERE day >= {} AND day <= {}{}{tag} GROUP BY 1 ORDER BY 1",
        hours.join(", "),
        b.p(period.from),
        b.p(period.to),
        filters.clause(&mut b, "")
    );
    let mut cells = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        let weekday: i32 = row.try_get("", "weekday")?;
        for hour in 0..24 {
            let tickets: i64 = row.try_get("", &format!("h{hour}"))?;
            if tickets > 0 {
                cells.push(HeatCell { weekday, hour, tickets });
            }
        }
    }
    Ok(cells)
}

async fn closing_reasons(db: &impl ConnectionTrait, period: Period, filters: Filters) -> Result<Vec<ReasonCount>> {
    let mut b = Binder::new(db.get_database_backend());
    let (table, tag) = filters.source(&mut b, "analytics_reasons", "analytics_tag_reasons");
    // Summed per reason first, then named: the join runs once per reason, not once per row.
    let sql = format!(
        "SELECT x.id, COALESCE(c.name, 'Sem motivo') AS name, x.tickets FROM (\
           SELECT closing_reason_id AS id, CAST(SUM(tickets) AS BIGINT) AS tickets FROM {table} \
           WHERE day >= {} AND day <= {}{}{tag} GROUP BY closing_reason_id) x \
         LEFT JOIN closing_reasons c ON c.id = x.id ORDER BY x.tickets DESC, x.id LIMIT 10",
        b.p(period.from),
        b.p(period.to),
        filters.clause(&mut b, "")
    );
    let mut reasons = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        reasons.push(ReasonCount {
            id: row.try_get("", "id")?,
            name: row.try_get("", "name")?,
            tickets: row.try_get("", "tickets")?,
        });
    }
    Ok(reasons)
}
