//! `/api/audit`: the audit log (docs/audit.md), read by whoever keeps the users (route `users`):
//! a page at a time by key, the names it can be filtered by, and the filtered log as a sheet
//! (whose download is itself recorded).

use std::sync::OnceLock;

use axum::{Json, extract::State, response::Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        self,
        analytics::Period,
        audit::{self, Action, ActorOption, AuditPage, Filter, reads::AuditSettings},
        reports::{sheets::Sheet, xlsx::About},
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        analytics::stream_sheet,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiQuery},
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(RULE, routes!(list))
        .route(RULE, routes!(filters))
        .route(RULE, routes!(sheet))
        .route(RULE, routes!(show_settings))
        .route(RULE, routes!(save_settings))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct FilterParams {
    /// Só desta pessoa ou integração (id do usuário).
    user_id: Option<i32>,
    /// Só desta ação (o `operationId` da rota, p. ex. `users_create`).
    action: Option<String>,
    /// Primeiro dia (AAAA-MM-DD, São Paulo).
    from: Option<String>,
    /// Último dia (AAAA-MM-DD).
    to: Option<String>,
    /// O `nextCursor` da página anterior.
    before: Option<i64>,
}

impl FilterParams {
    fn filter(&self) -> AppResult<Filter> {
        let given = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let (from, to) = (given(&self.from), given(&self.to));
        let period = match (&from, &to) {
            (None, None) => None,
            _ => Some(Period::parse(from.as_deref(), to.as_deref(), ("from", "to"), 1).map_err(|err| {
                let field = if to.is_some() && from.is_some() {
                    "to"
                } else if from.is_some() {
                    "from"
                } else {
                    "to"
                };
                AppError::Domain(domain::Error::invalid_field("invalid_audit_filter", field, err.to_string()))
            })?),
        };
        Ok(Filter { user_id: self.user_id, action: given(&self.action), period })
    }
}

/// The log, newest first, [`audit::PAGE`] rows at a time.
#[utoipa::path(
    get, path = "/audit", tag = "auditoria", operation_id = "audit_list",
    summary = "Lista o registro de auditoria",
    params(FilterParams),
    responses(
        (status = 200, description = "Uma página, do mais novo ao mais antigo.", body = AuditPage),
        (status = 422, description = "Período inválido (`invalid_audit_filter`).", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(params): ApiQuery<FilterParams>,
) -> AppResult<Json<AuditPage>> {
    let filter = params.filter()?;
    let tx = tenant.read(&state).await?;
    let page = audit::page(&tx, &filter, params.before).await?;
    tx.end();
    Ok(Json(page))
}

/// What the log can be filtered by.
#[derive(Serialize, ToSchema)]
struct AuditFilters {
    /// Every recorded action, by area and name.
    actions: Vec<Action>,
    /// Every person and integration, deleted ones too.
    actors: Vec<ActorOption>,
}

/// Every action the log records, from the routes' own documentation and the GraphQL mutations
/// that record themselves, by area and name.
pub fn actions() -> &'static [Action] {
    static ACTIONS: OnceLock<Vec<Action>> = OnceLock::new();
    ACTIONS.get_or_init(|| {
        let (_, rules) = super::api_routes().into_parts();
        let mut actions: Vec<Action> = rules.all().iter().filter_map(|rule| rule.audit.as_deref().cloned()).collect();
        actions.extend(crate::graphql::audited_actions());
        actions.push(audit::reads::action());
        actions.sort_by(|a, b| (&a.area, &a.label).cmp(&(&b.area, &b.label)));
        actions.dedup();
        actions
    })
}

/// The actions and people the log can be filtered by.
#[utoipa::path(
    get, path = "/audit/filters", tag = "auditoria", operation_id = "audit_filters",
    summary = "Filtros do registro de auditoria",
    responses((status = 200, description = "As ações registradas e as pessoas e integrações.", body = AuditFilters))
)]
async fn filters(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<AuditFilters>> {
    let tx = tenant.read(&state).await?;
    let actors = audit::actors(&tx).await?;
    tx.end();
    Ok(Json(AuditFilters { actions: actions().to_vec(), actors }))
}

/// The filtered log as `.xlsx`, oldest first, streamed.
#[utoipa::path(
    get, path = "/audit/sheet", tag = "auditoria", operation_id = "audit_sheet",
    summary = "Exporta o registro de auditoria em planilha",
    params(FilterParams),
    responses(
        (status = 200, description = "Planilha `.xlsx`, enviada enquanto é escrita.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 422, description = "Período inválido (`invalid_audit_filter`).", body = ErrorBody),
    )
)]
async fn sheet(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<FilterParams>,
) -> AppResult<Response> {
    let filter = params.filter()?;
    let (layout, statement) = audit::sheet(tenant.db(&state).await?.backend(), &filter);
    let mut filters = Vec::new();
    if let Some(action) = &filter.action {
        let label = actions().iter().find(|a| &a.action == action).map_or(action.clone(), |a| a.label.clone());
        filters.push(("ação".to_owned(), label));
    }
    if let Some(id) = filter.user_id {
        filters.push(("pessoa (id)".to_owned(), id.to_string()));
    }
    let about = About {
        title: "Registro de auditoria".to_owned(),
        tenant: tenant.name.to_string(),
        period: filter.period.map_or_else(
            || "todo o registro".to_owned(),
            |p| format!("{} a {}", p.from.format("%d/%m/%Y"), p.to.format("%d/%m/%Y")),
        ),
        filters,
        definitions: vec![(
            "Origem".to_owned(),
            "Sessão: uma pessoa logada; Token de API: uma integração (docs/api-tokens.md).".to_owned(),
        )],
        generated_by: format!("{} <{}>", user.user.name, user.user.email),
        generated_at: chrono::Utc::now(),
    };
    let stamp = domain::local_time::local_day(chrono::Utc::now());
    let file = format!("auditoria-{stamp}.xlsx");
    Ok(stream_sheet(state, tenant, Sheet { layout, statement, about }, file))
}

/// What the company records beyond the changes.
#[utoipa::path(
    get, path = "/audit/settings", tag = "auditoria", operation_id = "audit_settings_get",
    summary = "Configurações da auditoria",
    responses((status = 200, description = "O que além das alterações é registrado.", body = AuditSettings))
)]
async fn show_settings(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<AuditSettings>> {
    let tx = tenant.read(&state).await?;
    let settings = audit::reads::settings(&tx).await?;
    tx.end();
    Ok(Json(settings))
}

/// Turns the recording of conversation reads on or off.
#[utoipa::path(
    put, path = "/audit/settings", tag = "auditoria", operation_id = "audit_settings_save",
    summary = "Altera as configurações da auditoria",
    request_body = AuditSettings,
    responses(
        (status = 200, description = "As configurações gravadas.", body = AuditSettings),
        (status = 400, description = "Corpo inválido.", body = ErrorBody),
    )
)]
async fn save_settings(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<AuditSettings>,
) -> AppResult<Json<AuditSettings>> {
    let unit = tenant.unit(&state).await?;
    let saved = audit::reads::save(&unit, body).await?;
    unit.commit().await?;
    Ok(Json(saved))
}

/// The company's audit settings as the server keeps them (read on a miss, in `db`): every opening
/// of a conversation asks them. Dropped when they change (`Raised::SettingsChanged`).
pub(super) async fn kept_settings(
    state: &AppState,
    tenant: &CurrentTenant,
    db: &impl sea_orm::ConnectionTrait,
) -> AppResult<AuditSettings> {
    let caches = state.bus.caches();
    if let Some(kept) = caches.audit_settings(&tenant.name) {
        return Ok(kept);
    }
    let ticket = caches.audit_settings_ticket();
    let read = audit::reads::settings(db).await?;
    caches.store_audit_settings(ticket, tenant.name.clone(), read.clone());
    Ok(read)
}
