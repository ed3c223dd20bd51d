//! The satisfaction report (CSAT; docs/service-levels.md#satisfaction-survey): over the surveys
//! sent in a period, per agent, department, closing reason, tag and quick reply used — how many
//! were sent and answered, the average rating and the share of satisfied customers (4 or 5), each
//! with its sample size. One grouped statement per dimension over `survey_responses` (index on
//! `sent_at`): one row per surveyed ticket, never a message.

use sea_orm::ConnectionTrait;
use serde::Serialize;

use super::{Filters, period::Period};
use crate::domain::{error::Result, sql::Binder};

/// A rating counted as satisfied.
pub const SATISFIED_FROM: i32 = 4;

/// The figures of one group.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Satisfaction {
    /// Surveys sent.
    pub sent: i64,
    /// Surveys answered (the sample size of the two figures below).
    pub answered: i64,
    /// Average rating, 1 to 5 (`null` without answers).
    pub average: Option<f64>,
    /// Share of the answers that were 4 or 5, in percent (`null` without answers).
    pub csat_percent: Option<f64>,
    /// Answered of sent, in percent (`null` when none was sent).
    pub response_rate_percent: Option<f64>,
}

impl Satisfaction {
    fn of(sent: i64, answered: i64, rating_sum: i64, satisfied: i64) -> Self {
        let share = |part: i64, whole: i64| (whole > 0).then(|| (part as f64 * 1000.0 / whole as f64).round() / 10.0);
        Self {
            sent,
            answered,
            average: (answered > 0).then(|| (rating_sum as f64 * 100.0 / answered as f64).round() / 100.0),
            csat_percent: share(satisfied, answered),
            response_rate_percent: share(answered, sent),
        }
    }
}

/// One group: what it is and its figures.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SatisfactionGroup {
    /// The agent, department, reason, tag or quick reply (0: none — "Sem departamento", "Sem motivo").
    pub id: i32,
    pub name: String,
    #[serde(flatten)]
    pub figures: Satisfaction,
}

/// `GET /api/dashboard/satisfaction`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SatisfactionView {
    pub period: Period,
    pub overall: Satisfaction,
    /// Per rating 1 to 5: how many answers gave it.
    pub ratings: Vec<i64>,
    pub by_agent: Vec<SatisfactionGroup>,
    pub by_department: Vec<SatisfactionGroup>,
    pub by_reason: Vec<SatisfactionGroup>,
    /// A ticket with two tags counts under each.
    pub by_tag: Vec<SatisfactionGroup>,
    /// The tickets where the reply was used, once each.
    pub by_quick_reply: Vec<SatisfactionGroup>,
    /// The latest comments of the period (at most 20), newest first.
    pub comments: Vec<SurveyComment>,
}

/// A customer's comment, with whom it was about.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyComment {
    pub ticket_id: i32,
    pub rating: i32,
    pub comment: String,
    pub agent: Option<String>,
    #[schema(value_type = String)]
    pub answered_at: chrono::DateTime<chrono::Utc>,
}

/// The sums every group reads.
const FIGURES: &str = "COUNT(*) AS sent, COUNT(s.rating) AS answered, COALESCE(SUM(s.rating), 0) AS rating_sum, \
                       COALESCE(SUM(CASE WHEN s.rating >= 4 THEN 1 ELSE 0 END), 0) AS satisfied";

fn figures(row: &sea_orm::QueryResult) -> Result<Satisfaction> {
    let get = |c: &str| row.try_get::<i64>("", c);
    Ok(Satisfaction::of(get("sent")?, get("answered")?, get("rating_sum")?, get("satisfied")?))
}

/// `WHERE` of the surveys sent in the period under the filters.
fn scope(b: &mut Binder, period: Period, filters: &Filters) -> String {
    let (lo, hi) = period.utc_bounds();
    format!("s.sent_at >= {} AND s.sent_at < {}{}", b.p(lo), b.p(hi), filters.clause(b, "s."))
}

/// One dimension: `key` the grouped expression, `join` what names it.
async fn groups(
    db: &impl ConnectionTrait,
    period: Period,
    filters: &Filters,
    key: &str,
    join: &str,
    name: &str,
) -> Result<Vec<SatisfactionGroup>> {
    let mut b = Binder::new(db.get_database_backend());
    let scope = scope(&mut b, period, filters);
    let sql = format!(
        "SELECT {key} AS id, {name} AS name, {FIGURES} FROM survey_responses s {join} WHERE {scope} \
         GROUP BY {key}, {name} ORDER BY COUNT(s.rating) DESC, {name} LIMIT 100"
    );
    db.query_all_raw(b.statement(sql))
        .await?
        .iter()
        .map(|row| {
            Ok(SatisfactionGroup { id: row.try_get("", "id")?, name: row.try_get("", "name")?, figures: figures(row)? })
        })
        .collect()
}

/// The report of `period` under the instance and department filters.
pub async fn report(db: &impl ConnectionTrait, period: Period, filters: Filters) -> Result<SatisfactionView> {
    let mut b = Binder::new(db.get_database_backend());
    let scoped = scope(&mut b, period, &filters);
    let per_rating: Vec<String> =
        (1..=5).map(|r| format!("COALESCE(SUM(CASE WHEN s.rating = {r} THEN 1 ELSE 0 END), 0) AS r{r}")).collect();
    let sql = format!("SELECT {FIGURES}, {} FROM survey_responses s WHERE {scoped}", per_rating.join(", "));
    let (overall, ratings) = match db.query_one_raw(b.statement(sql)).await? {
        Some(row) => {
            let ratings = (1..=5).map(|r| row.try_get::<i64>("", &format!("r{r}"))).collect::<Result<Vec<_>, _>>()?;
            (figures(&row)?, ratings)
        }
        None => (Satisfaction::default(), vec![0; 5]),
    };
    let f = &filters;
    Ok(SatisfactionView {
        period,
        overall,
        ratings,
        by_agent: groups(db, period, f, "COALESCE(s.user_id, 0)", "LEFT JOIN users u ON u.id = s.user_id", "COALESCE(u.name, 'Sem atendente')").await?,
        by_department: groups(
            db,
            period,
            f,
            "COALESCE(s.department_id, 0)",
            "LEFT JOIN departments d ON d.id = s.department_id",
            "COALESCE(d.name, 'Sem departamento')",
        )
        .await?,
        by_reason: groups(
            db,
            period,
            f,
            "COALESCE(s.closing_reason_id, 0)",
            "LEFT JOIN closing_reasons c ON c.id = s.closing_reason_id",
            "COALESCE(c.name, 'Sem motivo')",
        )
        .await?,
        by_tag: groups(db, period, f, "g.id", "JOIN ticket_tags tt ON tt.ticket_id = s.ticket_id JOIN tags g ON g.id = tt.tag_id", "g.name").await?,
        by_quick_reply: groups(
            db,
            period,
            f,
            "q.id",
            "JOIN quick_replies q ON q.id IN (SELECT u.quick_reply_id FROM quick_reply_uses u WHERE u.ticket_id = s.ticket_id)",
            "q.shortcut",
        )
        .await?,
        comments: comments(db, period, f).await?,
    })
}

async fn comments(db: &impl ConnectionTrait, period: Period, filters: &Filters) -> Result<Vec<SurveyComment>> {
    let mut b = Binder::new(db.get_database_backend());
    let scope = scope(&mut b, period, filters);
    let sql = format!(
        "SELECT s.ticket_id, s.rating, s.comment, s.answered_at, u.name AS agent FROM survey_responses s \
         LEFT JOIN users u ON u.id = s.user_id WHERE {scope} AND s.comment IS NOT NULL \
         ORDER BY s.answered_at DESC LIMIT 20"
    );
    db.query_all_raw(b.statement(sql))
        .await?
        .iter()
        .map(|row| {
            Ok(SurveyComment {
                ticket_id: row.try_get("", "ticket_id")?,
                rating: row.try_get("", "rating")?,
                comment: row.try_get("", "comment")?,
                agent: row.try_get("", "agent")?,
                answered_at: row.try_get("", "answered_at")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_round_and_say_nothing_without_a_sample() {
        let some = Satisfaction::of(8, 3, 13, 2);
        assert_eq!((some.average, some.csat_percent, some.response_rate_percent), (Some(4.33), Some(66.7), Some(37.5)));
        let none = Satisfaction::of(4, 0, 0, 0);
        assert_eq!((none.average, none.csat_percent, none.response_rate_percent), (None, None, Some(0.0)));
    }
}
