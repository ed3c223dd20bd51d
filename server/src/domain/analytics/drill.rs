//! The tickets behind a dashboard figure (docs/analytics.md#get-apidashboardtickets): the same
//! period, filters and definition as the figure, newest first, paged by id.

use chrono::{DateTime, Utc};
use sea_orm::ConnectionTrait;
use serde::Serialize;

use super::{
    Filters,
    period::{Binder, Period},
};
use crate::domain::{Error, error::Result};

/// Tickets per page.
pub const PAGE: u64 = 50;

/// Which figure's tickets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    Opened,
    Closed,
    Transferred,
    FirstResponse,
}

impl Figure {
    pub fn parse(text: &str) -> Result<Self> {
        Ok(match text {
            "opened" => Self::Opened,
            "closed" => Self::Closed,
            "transferred" => Self::Transferred,
            "firstResponse" => Self::FirstResponse,
            _ => {
                return Err(Error::invalid_field(
                    "invalid_metric",
                    "metric",
                    "Indicador desconhecido: use opened, closed, transferred ou firstResponse.",
                ));
            }
        })
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrillTicket {
    pub id: i32,
    pub protocol: String,
    pub status: String,
    pub customer_name: String,
    pub instance_name: String,
    pub department_name: Option<String>,
    pub user_name: Option<String>,
    pub opened_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    pub first_response_secs: Option<i64>,
    pub resolution_secs: Option<i64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrillPage {
    pub data: Vec<DrillTicket>,
    pub next_cursor: Option<String>,
}

/// One page of the tickets behind `figure`; `cursor` is the previous page's `nextCursor`.
pub async fn tickets(
    db: &impl ConnectionTrait,
    figure: Figure,
    period: Period,
    filters: Filters,
    user_id: Option<i32>,
    cursor: Option<&str>,
) -> Result<DrillPage> {
    let after: Option<i32> = match cursor.filter(|c| !c.is_empty()) {
        Some(c) => Some(c.parse().map_err(|_| Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido."))?),
        None => None,
    };
    let mut b = Binder::new(db.get_database_backend());
    let d = b.dialect();
    let (lo, hi) = period.utc_bounds();
    let (lo, hi) = (b.p(lo), b.p(hi));
    let mut filter = match figure {
        Figure::Opened => format!("t.opened_at >= {lo} AND t.opened_at < {hi}"),
        Figure::FirstResponse => {
            format!("t.opened_at >= {lo} AND t.opened_at < {hi} AND t.first_response_at IS NOT NULL")
        }
        Figure::Closed => format!("t.closed_at >= {lo} AND t.closed_at < {hi}"),
        Figure::Transferred => format!(
            "EXISTS (SELECT 1 FROM ticket_transfers tr WHERE tr.ticket_id = t.id AND tr.status = 'accepted' \
             AND tr.resolved_at >= {lo} AND tr.resolved_at < {hi})"
        ),
    };
    if let Some(id) = filters.instance_id {
        filter.push_str(&format!(" AND t.instance_id = {}", b.p(id)));
    }
    if let Some(id) = filters.department_id {
        filter.push_str(&format!(" AND COALESCE(t.department_id, 0) = {}", b.p(id)));
    }
    if let Some(id) = user_id {
        filter.push_str(&format!(" AND COALESCE(t.assigned_user_id, 0) = {}", b.p(id)));
    }
    if let Some(after) = after {
        filter.push_str(&format!(" AND t.id < {}", b.p(after)));
    }
    let sql = format!(
        "SELECT t.id, t.protocol, t.status, c.name AS customer_name, i.name AS instance_name, \
         dep.name AS department_name, u.name AS user_name, t.opened_at, t.closed_at, \
         {fr} AS first_response_secs, {rs} AS resolution_secs \
         FROM tickets t JOIN customers c ON c.id = t.customer_id JOIN instances i ON i.id = t.instance_id \
         LEFT JOIN departments dep ON dep.id = t.department_id LEFT JOIN users u ON u.id = t.assigned_user_id \
         WHERE {filter} ORDER BY t.id DESC LIMIT {limit}",
        fr = cast_big(d.secs("t.opened_at", "t.first_response_at")),
        rs = cast_big(d.secs("t.opened_at", "t.closed_at")),
        limit = PAGE + 1,
    );
    let rows = db.query_all_raw(b.statement(sql)).await?;
    let mut data = Vec::with_capacity(rows.len());
    for row in rows.iter().take(PAGE as usize) {
        data.push(DrillTicket {
            id: row.try_get("", "id")?,
            protocol: row.try_get("", "protocol")?,
            status: row.try_get("", "status")?,
            customer_name: row.try_get("", "customer_name")?,
            instance_name: row.try_get("", "instance_name")?,
            department_name: row.try_get("", "department_name")?,
            user_name: row.try_get("", "user_name")?,
            opened_at: row.try_get("", "opened_at")?,
            closed_at: row.try_get("", "closed_at")?,
            first_response_secs: row.try_get("", "first_response_secs")?,
            resolution_secs: row.try_get("", "resolution_secs")?,
        });
    }
    let next_cursor = (rows.len() > PAGE as usize).then(|| data.last().map(|t| t.id.to_string())).flatten();
    Ok(DrillPage { data, next_cursor })
}

fn cast_big(expr: String) -> String {
    format!("CAST({expr} AS BIGINT)")
}
