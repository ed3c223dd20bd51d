//! The productivity report (docs/analytics.md#get-apidashboardproductivity): per agent over a
//! period, from the daily aggregates (grouped by user in SQL) and the presence sessions.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbBackend};
use serde::Serialize;

use super::{
    Filters,
    histogram::{Histogram, Metric},
    period::Period,
    presence::MAX_SESSION_HOURS,
    sync,
};
use crate::domain::{error::Result, sql::Binder};

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentRow {
    pub user_id: i32,
    pub name: String,
    pub tickets_attended: i64,
    pub tickets_closed: i64,
    pub transfers_in: i64,
    pub transfers_out: i64,
    pub first_response_median_secs: Option<i64>,
    pub resolution_median_secs: Option<i64>,
    pub messages_sent: i64,
    pub online_secs: i64,
    /// Quick replies used in the messages they sent (each reply of a message counts one).
    pub quick_replies_used: i64,
    /// SLA attainment of the tickets they closed: targets had and met.
    pub sla_response_tickets: i64,
    pub sla_response_met: i64,
    pub sla_resolution_tickets: i64,
    pub sla_resolution_met: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductivityView {
    pub period: Period,
    pub synced_at: Option<DateTime<Utc>>,
    pub agents: Vec<AgentRow>,
}

pub async fn productivity(db: &impl ConnectionTrait, period: Period, filters: Filters) -> Result<ProductivityView> {
    let mut b = Binder::new(db.get_database_backend());
    let mut sums: Vec<String> = [
        ("first_response_count", "attended"),
        ("tickets_closed", "closed"),
        ("transfers_in", "transfers_in"),
        ("transfers_out", "transfers_out"),
        ("messages_out", "messages_sent"),
        ("sla_response_tickets", "sla_response_tickets"),
        ("sla_response_met", "sla_response_met"),
        ("sla_resolution_tickets", "sla_resolution_tickets"),
        ("sla_resolution_met", "sla_resolution_met"),
    ]
    .iter()
    .map(|(col, alias)| format!("CAST(SUM(a.{col}) AS BIGINT) AS {alias}"))
    .collect();
    for metric in [Metric::FirstResponse, Metric::Resolution] {
        sums.extend(metric.columns().map(|c| format!("CAST(SUM(a.{c}) AS BIGINT) AS {c}")));
    }
    // Without a filter the per-agent roll-up answers; a filter needs the full grain.
    let table = if filters.instance_id.is_none() && filters.department_id.is_none() {
        "analytics_agents"
    } else {
        "analytics_daily"
    };
    let sql = format!(
        "SELECT a.user_id, u.name, {} FROM {table} a JOIN users u ON u.id = a.user_id \
         WHERE a.user_id <> 0 AND a.day >= {} AND a.day <= {}{} GROUP BY a.user_id, u.name ORDER BY u.name",
        sums.join(", "),
        b.p(period.from),
        b.p(period.to),
        filters.clause(&mut b, "a.")
    );
    let online = online_secs(db, period).await?;
    let used = quick_replies_used(db, period, &filters).await?;
    let mut agents = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        let hist = |metric: Metric| -> Result<Histogram> {
            let mut h = Histogram::default();
            for (i, c) in metric.columns().enumerate() {
                h.counts[i] = row.try_get::<i64>("", &c)?;
            }
            Ok(h)
        };
        let user_id: i32 = row.try_get("", "user_id")?;
        agents.push(AgentRow {
            user_id,
            name: row.try_get("", "name")?,
            tickets_attended: row.try_get("", "attended")?,
            tickets_closed: row.try_get("", "closed")?,
            transfers_in: row.try_get("", "transfers_in")?,
            transfers_out: row.try_get("", "transfers_out")?,
            first_response_median_secs: hist(Metric::FirstResponse)?.median(),
            resolution_median_secs: hist(Metric::Resolution)?.median(),
            messages_sent: row.try_get("", "messages_sent")?,
            online_secs: online.get(&user_id).copied().unwrap_or(0),
            quick_replies_used: used.get(&user_id).copied().unwrap_or(0),
            sla_response_tickets: row.try_get("", "sla_response_tickets")?,
            sla_response_met: row.try_get("", "sla_response_met")?,
            sla_resolution_tickets: row.try_get("", "sla_resolution_tickets")?,
            sla_resolution_met: row.try_get("", "sla_resolution_met")?,
        });
    }
    Ok(ProductivityView { period, synced_at: sync::state(db).await?.last_finished_at, agents })
}

/// The view with each agent's time online and quick replies used read again (both are live; the
/// rest of the view only changes with a sync, so a kept view is brought up to date with these two
/// queries).
pub async fn with_live(
    db: &impl ConnectionTrait,
    mut view: ProductivityView,
    filters: &Filters,
) -> Result<ProductivityView> {
    let online = online_secs(db, view.period).await?;
    let used = quick_replies_used(db, view.period, filters).await?;
    for agent in &mut view.agents {
        agent.online_secs = online.get(&agent.user_id).copied().unwrap_or(0);
        agent.quick_replies_used = used.get(&agent.user_id).copied().unwrap_or(0);
    }
    Ok(view)
}

/// Quick replies used per user in `period` (São Paulo days), on the filtered instance and
/// department: counted from `quick_reply_uses` by its `(used_at, user_id)` index.
pub async fn quick_replies_used(
    db: &impl ConnectionTrait,
    period: Period,
    filters: &Filters,
) -> Result<HashMap<i32, i64>> {
    let mut b = Binder::new(db.get_database_backend());
    let (lo, hi) = period.utc_bounds();
    let sql = format!(
        "SELECT user_id, CAST(COUNT(*) AS BIGINT) AS n FROM quick_reply_uses \
         WHERE used_at >= {} AND used_at < {}{} GROUP BY user_id",
        b.p(lo),
        b.p(hi),
        filters.clause(&mut b, "")
    );
    let mut out = HashMap::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        out.insert(row.try_get::<i32>("", "user_id")?, row.try_get::<i64>("", "n")?);
    }
    Ok(out)
}

/// Seconds online per user in `period`: each presence session clipped to the period, an open
/// session running until now, none counting more than [`MAX_SESSION_HOURS`].
pub async fn online_secs(db: &impl ConnectionTrait, period: Period) -> Result<HashMap<i32, i64>> {
    let backend = db.get_database_backend();
    let mut b = Binder::new(backend);
    let (lo, hi) = period.utc_bounds();
    let now = Utc::now().min(hi);
    let (lo, hi, now) = (b.p(lo), b.p(hi), b.p(now));
    let end = format!("COALESCE(ended_at, {now})");
    let (greatest, least) = match backend {
        DbBackend::Postgres => ("GREATEST", "LEAST"),
        _ => ("MAX", "MIN"),
    };
    let secs = b.dialect().secs(&format!("{greatest}(started_at, {lo})"), &format!("{least}({end}, {hi})"));
    let cap = MAX_SESSION_HOURS * 3600;
    let sql = format!(
        "SELECT user_id, CAST(SUM(CASE WHEN {secs} > {cap} THEN {cap} WHEN {secs} < 0 THEN 0 ELSE {secs} END) AS BIGINT) \
         AS secs FROM presence_sessions WHERE started_at < {hi} AND {end} > {lo} GROUP BY user_id"
    );
    let mut out = HashMap::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        out.insert(row.try_get::<i32>("", "user_id")?, row.try_get::<i64>("", "secs")?);
    }
    Ok(out)
}
