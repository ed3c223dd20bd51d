//! The audit log (docs/audit.md, decision 212): who did what, when, from where and through which
//! session or API token. Rows are appended once per audited request that succeeded and never
//! changed (no update path here; a trigger refuses one from anywhere else: tenant migration 55).
//!
//! What is audited is decided here, once, from what every REST route already declares in its
//! documentation — its area (the OpenAPI tag), its operation id and its pt_BR summary — so a new
//! route of an audited area is audited without anyone remembering to: every change (a method other
//! than `GET`) in [`AUDITED_AREAS`], and the downloads in [`AUDITED_READS`].

pub mod reads;

use std::net::IpAddr;

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::{
    analytics::period::Period,
    error::Result,
    reports::xlsx::{Column, Kind, Layout, col},
    sql::Binder,
};

/// Areas (OpenAPI tags) whose changes are recorded: the administration of people, access,
/// plans, connections, integrations, the bot, campaigns and the shared texts.
pub const AUDITED_AREAS: &[&str] = &[
    "usuários",
    "permissões",
    "departamentos",
    "tenants",
    "instâncias",
    "webhooks",
    "tokens de API",
    "chatbot",
    "campanhas",
    "respostas rápidas",
    "etiquetas",
    "clientes",
    "privacidade",
    "níveis de serviço",
    "distribuição",
    "configurações",
    "auditoria",
];

/// Reads that are recorded: every download of a sheet (personal data leaving the product).
pub const AUDITED_READS: &[&str] = &[
    "tenant_sheets",
    "dashboard_report_sheet",
    "dashboard_productivity_sheet",
    "dashboard_satisfaction_sheet",
    "audit_sheet",
    "privacy_subject_report",
];

/// Calls of audited areas that are not changes (a `POST` that reads, previews or simulates), and
/// the agents' tagging of their own conversations (daily work, recorded on the ticket itself).
pub const NOT_RECORDED: &[&str] =
    &["users_by_email", "tenants_paginated", "bot_simulate", "campaigns_preview", "tickets_tags", "customers_tags"];

/// Rows per page of the log.
pub const PAGE: u64 = 50;

/// Whether a route's calls are recorded.
pub fn audited(method: &str, area: &str, operation_id: &str) -> bool {
    AUDITED_READS.contains(&operation_id)
        || (method != "GET" && AUDITED_AREAS.contains(&area) && !NOT_RECORDED.contains(&operation_id))
}

/// What a route does, as the log names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Action {
    /// The operation id (`users_create`).
    pub action: String,
    /// Its summary (`Cria um usuário`).
    pub label: String,
    /// Its area (`usuários`).
    pub area: String,
}

/// Who acted: the caller of the request.
#[derive(Debug, Clone)]
pub struct Actor {
    /// `None`: the command line (an operator's `backoffice-cli`, not a user of the company).
    pub user_id: Option<i32>,
    pub user_name: String,
    /// The API token the call came with; `None` for a person's session.
    pub api_token: Option<i32>,
    /// The session (login) of a person's call.
    pub session: Option<String>,
    pub ip: Option<IpAddr>,
}

/// The session marker of the command line's rows.
pub const COMMAND_LINE: &str = "cli";

impl Actor {
    /// The operator at the command line (`backoffice-cli`): no user of the company, no address.
    pub fn command_line() -> Self {
        Self {
            user_id: None,
            user_name: "backoffice-cli (operador)".into(),
            api_token: None,
            session: Some(COMMAND_LINE.into()),
            ip: None,
        }
    }
}

/// Records a command-line action on the tenant's log: `action` names it (`cli_privacy_erase`),
/// `label` says it in pt_BR, `command` is what was run (its arguments, never a secret).
pub async fn record_command(
    db: &impl ConnectionTrait,
    action: &str,
    label: &str,
    area: &str,
    command: &str,
) -> Result<()> {
    let action = Action { action: action.to_owned(), label: label.to_owned(), area: area.to_owned() };
    let done = Done { method: "CLI".into(), path: command.to_owned(), status: 0 };
    record(db, &Actor::command_line(), &action, &done).await
}

/// What happened: the request as it reached the server, and how it was answered.
#[derive(Debug, Clone)]
pub struct Done {
    pub method: String,
    /// The path as asked (`/api/users/7`), without the query string.
    pub path: String,
    pub status: u16,
}

/// Appends one row.
pub async fn record(db: &impl ConnectionTrait, actor: &Actor, action: &Action, done: &Done) -> Result<()> {
    let mut b = Binder::new(db.get_database_backend());
    let values = [
        b.p(Utc::now()),
        b.p(actor.user_id),
        b.p(clip(&actor.user_name, 200)),
        b.p(actor.api_token),
        b.p(actor.session.as_deref().map(|s| clip(s, 64))),
        b.p(actor.ip.map(|ip| ip.to_string())),
        b.p(clip(&action.action, 80)),
        b.p(clip(&action.label, 200)),
        b.p(clip(&action.area, 60)),
        b.p(clip(&done.method, 8)),
        b.p(clip(&done.path, 400)),
        b.p(i32::from(done.status)),
    ];
    let sql = format!(
        "INSERT INTO audit_log (at, user_id, user_name, api_token_id, session, ip, action, label, area, method, \
         path, status) VALUES ({})",
        values.join(", ")
    );
    db.execute_raw(b.statement(sql)).await?;
    Ok(())
}

fn clip(text: &str, chars: usize) -> String {
    text.chars().take(chars).collect()
}

/// Which rows to read.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub user_id: Option<i32>,
    pub action: Option<String>,
    pub period: Option<Period>,
}

impl Filter {
    fn sql(&self, b: &mut Binder) -> String {
        let mut parts = vec!["1 = 1".to_owned()];
        if let Some(user) = self.user_id {
            parts.push(format!("user_id = {}", b.p(user)));
        }
        if let Some(action) = &self.action {
            parts.push(format!("action = {}", b.p(action.clone())));
        }
        if let Some(period) = self.period {
            let (lo, hi) = period.utc_bounds();
            parts.push(format!("at >= {} AND at < {}", b.p(lo), b.p(hi)));
        }
        parts.join(" AND ")
    }
}

/// A row as the screen shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub user_id: Option<i32>,
    pub user_name: String,
    /// `session`, `token` or `cli` (an operator's command line).
    #[schema(example = "session")]
    pub via: &'static str,
    pub api_token_id: Option<i32>,
    pub ip: Option<String>,
    pub action: String,
    pub label: String,
    pub area: String,
    pub method: String,
    pub path: String,
    pub status: i32,
}

/// A page of the log, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub data: Vec<EntryView>,
    /// Pass as `before` for the next page (`null`: the last).
    pub next_cursor: Option<i64>,
}

const COLUMNS: &str =
    "id, at, user_id, user_name, api_token_id, session, ip, action, label, area, method, path, status";

/// Up to [`PAGE`] rows older than `before` (by id), newest first: by key, whatever the log's size.
pub async fn page(db: &impl ConnectionTrait, filter: &Filter, before: Option<i64>) -> Result<AuditPage> {
    let mut b = Binder::new(db.get_database_backend());
    let mut filter = filter.sql(&mut b);
    if let Some(before) = before {
        filter.push_str(&format!(" AND id < {}", b.p(before)));
    }
    let sql = format!("SELECT {COLUMNS} FROM audit_log WHERE {filter} ORDER BY id DESC LIMIT {}", PAGE + 1);
    let rows = db.query_all_raw(b.statement(sql)).await?;
    let mut data = Vec::with_capacity(rows.len());
    for row in rows.iter().take(PAGE as usize) {
        let api_token_id: Option<i32> = row.try_get("", "api_token_id")?;
        let session: Option<String> = row.try_get("", "session")?;
        let via = match (api_token_id, session.as_deref()) {
            (Some(_), _) => "token",
            (None, Some(COMMAND_LINE)) => "cli",
            _ => "session",
        };
        data.push(EntryView {
            id: row.try_get("", "id")?,
            at: row.try_get("", "at")?,
            user_id: row.try_get("", "user_id")?,
            user_name: row.try_get("", "user_name")?,
            via,
            api_token_id,
            ip: row.try_get("", "ip")?,
            action: row.try_get("", "action")?,
            label: row.try_get("", "label")?,
            area: row.try_get("", "area")?,
            method: row.try_get("", "method")?,
            path: row.try_get("", "path")?,
            status: row.try_get("", "status")?,
        });
    }
    let next_cursor = (rows.len() as u64 > PAGE).then(|| data.last().map(|e| e.id)).flatten();
    Ok(AuditPage { data, next_cursor })
}

/// Someone the log can be filtered by: every person and integration, deleted ones too (their
/// rows stay).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActorOption {
    pub id: i32,
    pub name: String,
    /// `person` or `integration`.
    pub kind: String,
}

/// Everyone who can appear in the log, by name.
pub async fn actors(db: &impl ConnectionTrait) -> Result<Vec<ActorOption>> {
    let sql = "SELECT id, name, kind FROM users ORDER BY name, id";
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await?;
    rows.iter()
        .map(|row| {
            Ok(ActorOption {
                id: row.try_get("", "id")?,
                name: row.try_get("", "name")?,
                kind: row.try_get("", "kind")?,
            })
        })
        .collect()
}

/// The filtered log as a sheet, oldest first: its layout and the statement its rows stream from.
pub fn sheet(backend: DbBackend, filter: &Filter) -> (Layout, Statement) {
    let mut b = Binder::new(backend);
    let filter = filter.sql(&mut b);
    let columns: Vec<Column> = vec![
        col("Quando", Kind::DateTime, 17.0),
        col("Quem", Kind::Text, 26.0),
        col("Origem", Kind::Text, 14.0),
        col("Endereço", Kind::Text, 18.0),
        col("Área", Kind::Text, 18.0),
        col("Ação", Kind::Text, 40.0),
        col("Método", Kind::Text, 8.0),
        col("Caminho", Kind::Text, 36.0),
        col("Resposta", Kind::Int, 10.0),
    ];
    let sql = format!(
        "SELECT at, user_name, CASE WHEN api_token_id IS NOT NULL THEN 'Token de API' WHEN session = 'cli' THEN 'Linha de comando' ELSE 'Sessão' END, ip, area, \
         label, method, path, CAST(status AS BIGINT) FROM audit_log WHERE {filter} ORDER BY id"
    );
    (Layout { sheet_name: "Auditoria", columns }, b.statement(sql))
}
