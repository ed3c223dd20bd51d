//! The login failures report (`POST /api/dashboard-report`, docs/analytics.md): failed logins of a
//! period grouped by day, user, address and reason in SQL, with the latest ones listed.

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, DbBackend};
use serde::Serialize;

use super::xlsx::{Column, Kind, Layout, col};
use crate::domain::{
    analytics::period::Period,
    auth::login::reason,
    error::{Error, Result},
    sql::Binder,
};

/// The latest failures listed.
pub const RECENT: u64 = 100;

/// The most people a report can be filtered by (`selectedUsers`; none is everyone). Each id is a
/// bound parameter of every statement: without a cap a long list passes the database's limit on
/// parameters (32 766 on SQLite) and the report fails as a 500 instead of saying why.
pub const MAX_SELECTED_USERS: usize = 500;

/// The `selectedUsers` filter checked: positive ids, each once, at most [`MAX_SELECTED_USERS`]
/// of them; anything else is a 422 on the field.
pub fn selected_users(ids: Vec<i32>) -> Result<Vec<i32>> {
    if ids.iter().any(|id| *id <= 0) {
        return Err(Error::invalid_field(
            "invalid_selected_users",
            "selectedUsers",
            "selectedUsers deve ter apenas ids de usuário (números inteiros positivos).",
        ));
    }
    let mut ids = ids;
    ids.sort_unstable();
    ids.dedup();
    if ids.len() > MAX_SELECTED_USERS {
        return Err(Error::invalid_field(
            "too_many_selected_users",
            "selectedUsers",
            format!(
                "Selecione no máximo {MAX_SELECTED_USERS} usuários (foram {}); para todos, não envie selectedUsers.",
                ids.len()
            ),
        ));
    }
    Ok(ids)
}

/// The pt_BR label of a stored failure reason.
pub fn label(code: &str) -> &'static str {
    match code {
        reason::UNKNOWN_EMAIL => "E-mail não cadastrado",
        reason::WRONG_PASSWORD => "Senha incorreta",
        reason::BLOCKED => "Usuário bloqueado",
        reason::LOCKED_OUT => "Conta travada após tentativas erradas",
        reason::WRONG_CODE => "Código de dois fatores incorreto",
        reason::THROTTLED => "Tentativas demais (limite de segurança)",
        _ => "Outro motivo",
    }
}

/// SQL `CASE` giving the label of `column`.
fn label_sql(column: &str) -> String {
    let cases: Vec<String> = [
        reason::UNKNOWN_EMAIL,
        reason::WRONG_PASSWORD,
        reason::BLOCKED,
        reason::LOCKED_OUT,
        reason::WRONG_CODE,
        reason::THROTTLED,
    ]
    .iter()
    .map(|code| format!("WHEN '{code}' THEN '{}'", label(code)))
    .collect();
    format!("CASE {column} {} ELSE 'Outro motivo' END", cases.join(" "))
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DayCount {
    #[schema(value_type = String)]
    pub day: NaiveDate,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserCount {
    /// `null`: an email that matches no user.
    pub user_id: Option<i32>,
    pub email: String,
    pub name: Option<String>,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressCount {
    pub client_addr: String,
    pub body_ip: Option<String>,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReasonCount {
    pub reason: String,
    pub label: String,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Failure {
    pub occurred_at: DateTime<Utc>,
    pub email: String,
    pub user_id: Option<i32>,
    pub reason: String,
    pub label: String,
    pub client_addr: String,
    pub body_ip: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginFailuresReport {
    pub period: Period,
    pub total: i64,
    pub by_day: Vec<DayCount>,
    pub by_user: Vec<UserCount>,
    pub by_address: Vec<AddressCount>,
    pub by_reason: Vec<ReasonCount>,
    pub recent: Vec<Failure>,
}

/// `WHERE` of the period and the selected users, with its binder.
fn scope(backend: DbBackend, period: Period, users: &[i32]) -> (Binder, String) {
    let mut b = Binder::new(backend);
    let (lo, hi) = period.utc_bounds();
    let mut filter = format!("f.occurred_at >= {} AND f.occurred_at < {}", b.p(lo), b.p(hi));
    if !users.is_empty() {
        let ids: Vec<String> = users.iter().map(|id| b.p(*id)).collect();
        filter.push_str(&format!(" AND f.user_id IN ({})", ids.join(", ")));
    }
    (b, filter)
}

pub async fn report(db: &impl ConnectionTrait, period: Period, users: &[i32]) -> Result<LoginFailuresReport> {
    let backend = db.get_database_backend();

    let (b, filter) = scope(backend, period, users);
    let day = b.dialect().day("f.occurred_at");
    let sql = format!(
        "SELECT {day} AS day, CAST(COUNT(*) AS BIGINT) AS n FROM login_failures f WHERE {filter} GROUP BY 1 ORDER BY 1"
    );
    let mut by_day = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        by_day.push(DayCount { day: row.try_get("", "day")?, count: row.try_get("", "n")? });
    }
    let total = by_day.iter().map(|d| d.count).sum();

    let (b, filter) = scope(backend, period, users);
    let sql = format!(
        "SELECT f.user_id, f.email, u.name, CAST(COUNT(*) AS BIGINT) AS n FROM login_failures f \
         LEFT JOIN users u ON u.id = f.user_id WHERE {filter} GROUP BY f.user_id, f.email, u.name ORDER BY 4 DESC, 2 LIMIT 200"
    );
    let mut by_user = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        by_user.push(UserCount {
            user_id: row.try_get("", "user_id")?,
            email: row.try_get("", "email")?,
            name: row.try_get("", "name")?,
            count: row.try_get("", "n")?,
        });
    }

    let (b, filter) = scope(backend, period, users);
    let sql = format!(
        "SELECT f.client_addr, f.body_ip, CAST(COUNT(*) AS BIGINT) AS n FROM login_failures f WHERE {filter} \
         GROUP BY f.client_addr, f.body_ip ORDER BY 3 DESC, 1 LIMIT 200"
    );
    let mut by_address = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        by_address.push(AddressCount {
            client_addr: row.try_get("", "client_addr")?,
            body_ip: row.try_get("", "body_ip")?,
            count: row.try_get("", "n")?,
        });
    }

    let (b, filter) = scope(backend, period, users);
    let sql = format!(
        "SELECT f.reason, CAST(COUNT(*) AS BIGINT) AS n FROM login_failures f WHERE {filter} GROUP BY f.reason ORDER BY 2 DESC, 1"
    );
    let mut by_reason = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        let reason: String = row.try_get("", "reason")?;
        by_reason.push(ReasonCount { label: label(&reason).to_owned(), reason, count: row.try_get("", "n")? });
    }

    let (b, filter) = scope(backend, period, users);
    let sql = format!(
        "SELECT f.occurred_at, f.email, f.user_id, f.reason, f.client_addr, f.body_ip FROM login_failures f \
         WHERE {filter} ORDER BY f.occurred_at DESC, f.id DESC LIMIT {RECENT}"
    );
    let mut recent = Vec::new();
    for row in db.query_all_raw(b.statement(sql)).await? {
        let reason: String = row.try_get("", "reason")?;
        recent.push(Failure {
            occurred_at: row.try_get("", "occurred_at")?,
            email: row.try_get("", "email")?,
            user_id: row.try_get("", "user_id")?,
            label: label(&reason).to_owned(),
            reason,
            client_addr: row.try_get("", "client_addr")?,
            body_ip: row.try_get("", "body_ip")?,
        });
    }
    Ok(LoginFailuresReport { period, total, by_day, by_user, by_address, by_reason, recent })
}

/// Every failure of the period as a sheet (streamed like the others).
pub fn sheet(backend: DbBackend, period: Period, users: &[i32]) -> (Layout, sea_orm::Statement) {
    let (b, filter) = scope(backend, period, users);
    let columns: Vec<Column> = vec![
        col("Data", Kind::DateTime, 17.0),
        col("E-mail", Kind::Text, 30.0),
        col("Usuário", Kind::Text, 24.0),
        col("Motivo", Kind::Text, 34.0),
        col("Endereço (servidor)", Kind::Text, 18.0),
        col("Endereço (informado)", Kind::Text, 18.0),
    ];
    let sql = format!(
        "SELECT f.occurred_at, f.email, u.name, {}, f.client_addr, f.body_ip FROM login_failures f \
         LEFT JOIN users u ON u.id = f.user_id WHERE {filter} ORDER BY f.occurred_at, f.id",
        label_sql("f.reason")
    );
    (Layout { sheet_name: "Falhas de login", columns }, b.statement(sql))
}
