//! The tickets behind a dashboard figure (docs/analytics.md#get-apidashboardtickets): the same
//! period, filters and definition as the figure, newest first, paged by key — and only tickets of
//! instances the caller may see ([`Visible`]): a figure is a number, its drill-down names
//! customers.

use chrono::{DateTime, Utc};
use sea_orm::ConnectionTrait;
use serde::Serialize;

use super::{Filters, period::Period};
use crate::domain::{Error, conversations::Viewer, error::Result, sql::Binder};

/// Which instances' tickets a drill-down may list: the inbox's rule ([`Viewer`]) — those who see
/// every ticket (administrators, supervisors) see all, anyone else the instances they are linked
/// to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visible {
    All,
    Instances(Vec<i32>),
}

impl Visible {
    pub fn of(viewer: &Viewer) -> Self {
        if viewer.sees_all {
            return Self::All;
        }
        let mut ids: Vec<i32> = viewer.instances.iter().copied().collect();
        ids.sort_unstable();
        Self::Instances(ids)
    }
}

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

/// A page position: the anchor time (the figure's column) and the ticket id of the last row,
/// written `{microseconds since 1970}.{id}`.
fn parse_cursor(cursor: Option<&str>) -> Result<Option<(DateTime<Utc>, i32)>> {
    let Some(text) = cursor.map(str::trim).filter(|c| !c.is_empty()) else { return Ok(None) };
    let invalid =
        || Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido: use o nextCursor da página anterior.");
    let (micros, id) = text.split_once('.').ok_or_else(invalid)?;
    let at = DateTime::from_timestamp_micros(micros.parse().map_err(|_| invalid())?).ok_or_else(invalid)?;
    Ok(Some((at, id.parse().map_err(|_| invalid())?)))
}

/// One page of the tickets behind `figure`, newest first by the figure's own time (opening,
/// closing) so that the page walks that column's index backwards; `cursor` is the previous page's
/// `nextCursor`.
pub async fn tickets(
    db: &impl ConnectionTrait,
    figure: Figure,
    period: Period,
    filters: Filters,
    visible: &Visible,
    user_id: Option<i32>,
    cursor: Option<&str>,
) -> Result<DrillPage> {
    let after = parse_cursor(cursor)?;
    let mut b = Binder::new(db.get_database_backend());
    let d = b.dialect();
    let (lo, hi) = period.utc_bounds();
    let (lo, hi) = (b.p(lo), b.p(hi));
    // Transfers have no time on the ticket: they are walked by the transfer's resolution time.
    let anchor = match figure {
        Figure::Opened | Figure::FirstResponse => "t.opened_at",
        Figure::Closed => "t.closed_at",
        Figure::Transferred => "x.resolved_at",
    };
    let (from, mut filter) = match figure {
        Figure::Opened => ("tickets t".to_owned(), format!("t.opened_at >= {lo} AND t.opened_at < {hi}")),
        Figure::FirstResponse => (
            "tickets t".to_owned(),
            format!("t.opened_at >= {lo} AND t.opened_at < {hi} AND t.first_response_at IS NOT NULL"),
        ),
        Figure::Closed => ("tickets t".to_owned(), format!("t.closed_at >= {lo} AND t.closed_at < {hi}")),
        Figure::Transferred => (
            // A ticket transferred twice in the period is listed once, at its last transfer.
            format!(
                "(SELECT ticket_id, MAX(resolved_at) AS resolved_at FROM ticket_transfers \
                 WHERE status = 'accepted' AND resolved_at >= {lo} AND resolved_at < {hi} GROUP BY ticket_id) x \
                 JOIN tickets t ON t.id = x.ticket_id"
            ),
            "1 = 1".to_owned(),
        ),
    };
    match visible {
        Visible::All => {}
        Visible::Instances(ids) if ids.is_empty() => filter.push_str(" AND 1 = 0"),
        Visible::Instances(ids) => {
            let ids: Vec<String> = ids.iter().map(|id| b.p(*id)).collect();
            filter.push_str(&format!(" AND t.instance_id IN ({})", ids.join(", ")));
        }
    }
    if let Some(id) = filters.instance_id {
        filter.push_str(&format!(" AND t.instance_id = {}", b.p(id)));
    }
    if let Some(id) = filters.department_id {
        filter.push_str(&format!(" AND COALESCE(t.department_id, 0) = {}", b.p(id)));
    }
    if let Some(id) = filters.tag_id {
        filter.push_str(&format!(
            " AND EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = {})",
            b.p(id)
        ));
    }
    if let Some(id) = user_id {
        filter.push_str(&format!(" AND COALESCE(t.assigned_user_id, 0) = {}", b.p(id)));
    }
    if let Some((at, id)) = after {
        let (at1, at2, id) = (b.p(at), b.p(at), b.p(id));
        filter.push_str(&format!(" AND ({anchor} < {at1} OR ({anchor} = {at2} AND t.id < {id}))"));
    }
    let sql = format!(
        "SELECT t.id, t.protocol, t.status, c.name AS customer_name, i.name AS instance_name, \
         dep.name AS department_name, u.name AS user_name, t.opened_at, t.closed_at, {anchor} AS anchor, \
         {fr} AS first_response_secs, {rs} AS resolution_secs \
         FROM {from} JOIN customers c ON c.id = t.customer_id JOIN instances i ON i.id = t.instance_id \
         LEFT JOIN departments dep ON dep.id = t.department_id LEFT JOIN users u ON u.id = t.assigned_user_id \
         WHERE {filter} ORDER BY {anchor} DESC, t.id DESC LIMIT {limit}",
        fr = cast_big(d.secs("t.opened_at", "t.first_response_at")),
        rs = cast_big(d.secs("t.opened_at", "t.closed_at")),
        limit = PAGE + 1,
    );
    let rows = db.query_all_raw(b.statement(sql)).await?;
    let mut data = Vec::with_capacity(rows.len());
    let mut last = None;
    for row in rows.iter().take(PAGE as usize) {
        last = Some((row.try_get::<DateTime<Utc>>("", "anchor")?, row.try_get::<i32>("", "id")?));
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
    let next_cursor = (rows.len() > PAGE as usize)
        .then_some(last)
        .flatten()
        .map(|(at, id)| format!("{}.{id}", at.timestamp_micros()));
    Ok(DrillPage { data, next_cursor })
}

fn cast_big(expr: String) -> String {
    format!("CAST({expr} AS BIGINT)")
}
