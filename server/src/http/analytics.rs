//! Dashboards, reports, sheets and the analytics sync over REST (docs/analytics.md). Handlers
//! resolve the tenant the call is about (their own, or another one for operators), then call the
//! domain; the route rules and feature gates are in the access table like every other route.

use axum::{
    Json,
    body::Bytes,
    extract::{Path, RawQuery, State},
    response::Response,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::domain::events::Raised;
use crate::{
    context::{
        Access, CurrentTenant, CurrentUser,
        access::{may_reach_other_tenants, require_feature},
    },
    domain::{
        self,
        analytics::{
            Filters, Period,
            drill::{self, DrillPage, Figure, Visible},
            figures::{self, AnalyticsView},
            filters::{self, FilterOptions, ReportUser},
            live::{self, ControlPanel},
            productivity::{self, ProductivityView},
            satisfaction::{self, Satisfaction, SatisfactionView},
            sync::{self, SyncOptions, SyncReport},
        },
        bot,
        features::Feature,
        reports::{
            login_failures::{self, LoginFailuresReport},
            sheets::{self, Sheet, SheetFilters, SheetKind},
            spool::Spool,
            xlsx::{About, Cell, Kind, Layout, col},
        },
        tenants,
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiQuery},
        spooled,
    },
    state::AppState,
    tenancy::TenantName,
};

/// The report screen's calls: the route `dashboard-report`, or its smart twin (the same screen
/// with highlights) — a role holding only `dashboard-report-smart` opens a working screen.
const REPORTS: Access = Access::EitherRoute("dashboard-report", "dashboard-report-smart");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::Route("dashboard-analytics"), routes!(analytics))
        .route(Access::Route("dashboard-control-panel"), routes!(control_panel))
        .route_on("dashboard-control-panel", Access::Route("users"), routes!(control_panel_settings))
        .route(Access::Route("dashboard-maria-panel"), routes!(maria))
        .route(Access::Route("dashboard-produtivity-report"), routes!(productivity))
        .route(Access::Route("dashboard-produtivity-report"), routes!(productivity_sheet))
        .route(Access::Route("dashboard-produtivity-report"), routes!(satisfaction_report))
        .route(Access::Route("dashboard-produtivity-report"), routes!(satisfaction_sheet))
        .route(Access::Route("dashboard-analytics"), routes!(tickets))
        .route_on("dashboard-analytics", Access::Authenticated, routes!(filter_options))
        .route(REPORTS, routes!(report_users))
        .route(REPORTS, routes!(login_failures_report))
        .route(REPORTS, routes!(login_failures_sheet))
        .route(REPORTS, routes!(sheet))
        .route_on("dashboard-analytics", Access::Route("users"), routes!(sync_analytics))
}

/// The tenant a call is about: the caller's own, or — for an operator (a back-office user whose
/// role has `tenants`) — the one named. Anyone else naming another tenant reads "not found", as
/// for any other tenant's data; the target must have `feature` on.
async fn target(
    state: &AppState,
    tenant: &CurrentTenant,
    user: &CurrentUser,
    name: Option<&str>,
    id: Option<i32>,
    feature: Feature,
) -> AppResult<CurrentTenant> {
    let not_found = || AppError::Domain(domain::Error::not_found("tenant_not_found", "Tenant não encontrado."));
    let name = match (name.map(str::trim).filter(|n| !n.is_empty()), id) {
        (Some(name), _) => Some(name.to_owned()),
        (None, Some(id)) if id != tenant.record.id => {
            // Analytics answers 404 where the instance routes answer 403: the tenant's existence
            // is not told either way.
            may_reach_other_tenants(state, tenant, user).map_err(|_| not_found())?;
            Some(tenants::find_by_id(state.dbs.control(), id).await.map_err(|_| not_found())?.name)
        }
        _ => None,
    };
    let Some(name) = name.filter(|n| n != tenant.name.as_str()) else {
        return Ok(tenant.clone());
    };
    may_reach_other_tenants(state, tenant, user).map_err(|_| not_found())?;
    let name = TenantName::parse(&name).map_err(|_| not_found())?;
    let target = CurrentTenant::lookup(&state.dbs, name).await?.ok_or_else(not_found)?;
    require_feature(&target, feature)?;
    Ok(target)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct DashboardParams {
    /// Primeiro dia (AAAA-MM-DD, São Paulo); padrão: 29 dias antes de `to`.
    from: Option<String>,
    /// Último dia (AAAA-MM-DD); padrão: hoje.
    to: Option<String>,
    instance_id: Option<i32>,
    department_id: Option<i32>,
    /// Só os atendimentos com esta etiqueta (e as mensagens deles); só o painel de analytics.
    tag_id: Option<i32>,
    /// Outro tenant (operadores).
    tenant_name: Option<String>,
}

impl DashboardParams {
    fn period(&self) -> AppResult<Period> {
        Ok(Period::parse(self.from.as_deref(), self.to.as_deref(), ("from", "to"), 30)?)
    }

    fn filters(&self) -> Filters {
        Filters { instance_id: self.instance_id, department_id: self.department_id, tag_id: self.tag_id }
    }
}

/// The analytics dashboard: totals, durations, per-day series, heatmap and closing reasons.
#[utoipa::path(
    get, path = "/dashboard/analytics", tag = "dashboards", operation_id = "dashboard_analytics",
    summary = "Painel de analytics de um período",
    params(DashboardParams),
    responses(
        (status = 200, description = "Os indicadores do período e do período anterior.", body = AnalyticsView),
        (status = 403, description = "Sem a rota `dashboard-analytics` ou recurso `analytics` desligado.", body = ErrorBody),
        (status = 422, description = "Período inválido (`invalid_period`).", body = ErrorBody),
    )
)]
async fn analytics(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<DashboardParams>,
) -> AppResult<Json<AnalyticsView>> {
    let period = params.period()?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let filters = params.filters();
    // Only the daily aggregates: the answer holds until the next analytics sync commits.
    let key = format!(
        "analytics|{}|{}|{:?}|{:?}|{:?}",
        period.from, period.to, filters.instance_id, filters.department_id, filters.tag_id
    );
    let caches = state.bus.caches();
    if let Some(view) = caches.dashboard::<AnalyticsView>(&target.name, &key) {
        return Ok(Json(view));
    }
    let ticket = caches.dashboards_ticket();
    let tx = target.read(&state).await?;
    let view = figures::analytics(&tx, period, filters).await?;
    tx.end();
    caches.store_dashboard(ticket, target.name.clone(), key, view.clone());
    Ok(Json(view))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct TenantParam {
    /// Outro tenant (operadores).
    tenant_name: Option<String>,
}

/// Live operations: waiting tickets, agents, transfers, per instance.
#[utoipa::path(
    get, path = "/dashboard/control-panel", tag = "dashboards", operation_id = "dashboard_control_panel",
    summary = "Painel de controle ao vivo",
    params(TenantParam),
    responses(
        (status = 200, description = "A operação agora.", body = ControlPanel),
        (status = 403, description = "Sem a rota `dashboard-control-panel` ou recurso desligado.", body = ErrorBody),
    )
)]
async fn control_panel(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<TenantParam>,
) -> AppResult<Json<ControlPanel>> {
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let with_socket = state.bus.online(&target.name).await;
    let tx = target.read(&state).await?;
    let panel = live::control_panel(&tx, &with_socket).await?;
    tx.end();
    Ok(Json(panel))
}

/// The control panel's waiting threshold, as set and as answered.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ThresholdBody {
    /// Minutos (1 a 1440) a partir dos quais um atendimento aguardando aparece em destaque.
    #[schema(example = 20)]
    threshold_minutes: i64,
}

/// Sets the waiting threshold of the control panel.
#[utoipa::path(
    put, path = "/dashboard/control-panel/settings", tag = "dashboards", operation_id = "dashboard_control_panel_settings",
    summary = "Define o limite de espera do painel de controle",
    request_body = ThresholdBody,
    responses(
        (status = 200, description = "`{thresholdMinutes}`", body = ThresholdBody, example = json!({ "thresholdMinutes": 20 })),
        (status = 422, description = "Fora de 1 a 1440 (`invalid_threshold`).", body = ErrorBody),
    )
)]
async fn control_panel_settings(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<ThresholdBody>,
) -> AppResult<Json<ThresholdBody>> {
    let tx = tenant.begin(&state).await?;
    let minutes = live::set_threshold_minutes(&tx, body.threshold_minutes).await?;
    tx.commit().await?;
    Ok(Json(ThresholdBody { threshold_minutes: minutes }))
}

/// The bot's figures: by day from the analytics aggregates, per option, live today.
#[utoipa::path(
    get, path = "/dashboard/maria", tag = "dashboards", operation_id = "dashboard_maria",
    summary = "Painel da Maria (chatbot)",
    params(DashboardParams),
    responses(
        (status = 200, description = "Indicadores do bot no período.", body = bot::panel::MariaView),
        (status = 422, description = "Período inválido.", body = ErrorBody),
    )
)]
async fn maria(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<DashboardParams>,
) -> AppResult<Json<bot::panel::MariaView>> {
    let period = params.period()?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let chatbot = target.has_feature(Feature::Chatbot.option());
    // The aggregates hold until the next sync; today's live counts are read on every request.
    let key = format!("maria|{}|{}|{chatbot}", period.from, period.to);
    let caches = state.bus.caches();
    let tx = target.read(&state).await?;
    let view = match caches.dashboard::<bot::panel::MariaView>(&target.name, &key) {
        Some(mut view) => {
            view.live = bot::panel::live(&tx, chrono::Utc::now()).await?;
            view
        }
        None => {
            let ticket = caches.dashboards_ticket();
            let view = bot::panel::maria(&tx, period, chatbot).await?;
            caches.store_dashboard(ticket, target.name.clone(), key, view.clone());
            view
        }
    };
    tx.end();
    Ok(Json(view))
}

/// Per agent over a period.
#[utoipa::path(
    get, path = "/dashboard/productivity", tag = "dashboards", operation_id = "dashboard_productivity",
    summary = "Relatório de produtividade por atendente",
    params(DashboardParams),
    responses(
        (status = 200, description = "Uma linha por atendente com atividade no período.", body = ProductivityView),
        (status = 422, description = "Período inválido.", body = ErrorBody),
    )
)]
async fn productivity(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<DashboardParams>,
) -> AppResult<Json<ProductivityView>> {
    let period = params.period()?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let filters = params.filters();
    // The aggregates hold until the next sync; time online and quick replies used are read on
    // every request.
    let key =
        format!("productivity|{}|{}|{:?}|{:?}", period.from, period.to, filters.instance_id, filters.department_id);
    let caches = state.bus.caches();
    let tx = target.read(&state).await?;
    let view = match caches.dashboard::<ProductivityView>(&target.name, &key) {
        Some(view) => productivity::with_live(&tx, view, &filters).await?,
        None => {
            let ticket = caches.dashboards_ticket();
            let view = productivity::productivity(&tx, period, filters).await?;
            caches.store_dashboard(ticket, target.name.clone(), key, view.clone());
            view
        }
    };
    tx.end();
    Ok(Json(view))
}

/// The productivity report as `.xlsx`.
#[utoipa::path(
    get, path = "/dashboard/productivity/sheet", tag = "dashboards", operation_id = "dashboard_productivity_sheet",
    summary = "Relatório de produtividade em planilha",
    params(DashboardParams),
    responses(
        (status = 200, description = "Planilha `.xlsx`.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 422, description = "Período inválido, ou `selectedUsers` com algo que não é id ou com mais de 500 usuários.", body = ErrorBody),
    )
)]
async fn productivity_sheet(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<DashboardParams>,
) -> AppResult<Response> {
    let period = params.period()?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let tx = target.read(&state).await?;
    let view = productivity::productivity(&tx, period, params.filters()).await?;
    tx.end();
    let layout = Layout {
        sheet_name: "Produtividade",
        columns: vec![
            col("Atendente", Kind::Text, 26.0),
            col("Atendimentos", Kind::Int, 14.0),
            col("Encerrados", Kind::Int, 12.0),
            col("Transferências recebidas", Kind::Int, 14.0),
            col("Transferências feitas", Kind::Int, 14.0),
            col("Primeira resposta mediana (min)", Kind::Minutes, 18.0),
            col("Resolução mediana (min)", Kind::Minutes, 16.0),
            col("Mensagens enviadas", Kind::Int, 14.0),
            col("Tempo online (min)", Kind::Minutes, 14.0),
            col("Respostas rápidas usadas", Kind::Int, 14.0),
            col("Com meta de 1ª resposta", Kind::Int, 14.0),
            col("1ª resposta no prazo", Kind::Int, 14.0),
            col("Com meta de resolução", Kind::Int, 14.0),
            col("Resolução no prazo", Kind::Int, 14.0),
        ],
    };
    let rows = view
        .agents
        .iter()
        .map(|a| {
            vec![
                Cell::Text(a.name.clone()),
                Cell::Int(a.tickets_attended),
                Cell::Int(a.tickets_closed),
                Cell::Int(a.transfers_in),
                Cell::Int(a.transfers_out),
                a.first_response_median_secs.into(),
                a.resolution_median_secs.into(),
                Cell::Int(a.messages_sent),
                Cell::Int(a.online_secs),
                Cell::Int(a.quick_replies_used),
                Cell::Int(a.sla_response_tickets),
                Cell::Int(a.sla_response_met),
                Cell::Int(a.sla_resolution_tickets),
                Cell::Int(a.sla_resolution_met),
            ]
        })
        .collect();
    let about = about(&target, &user, "Produtividade por atendente", period, definitions_productivity());
    let file = format!("produtividade_{}.xlsx", period.slug());
    Ok(stream_xlsx(file, move |out| async move { sheets::export_rows(layout, about, rows, out).await.map(|_| ()) }))
}

/// The satisfaction survey's answers over a period (CSAT), per agent, department, closing reason,
/// tag and quick reply.
#[utoipa::path(
    get, path = "/dashboard/satisfaction", tag = "dashboards", operation_id = "dashboard_satisfaction",
    summary = "Satisfação dos clientes (CSAT) no período",
    params(DashboardParams),
    responses(
        (status = 200, description = "As pesquisas enviadas e respondidas, a nota média e o CSAT, com n.", body = SatisfactionView),
        (status = 422, description = "Período inválido.", body = ErrorBody),
    )
)]
async fn satisfaction_report(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<DashboardParams>,
) -> AppResult<Json<SatisfactionView>> {
    let period = params.period()?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let tx = target.read(&state).await?;
    let view = satisfaction::report(&tx, period, params.filters()).await?;
    tx.end();
    Ok(Json(view))
}

/// The satisfaction report as `.xlsx`: one row per group of each dimension.
#[utoipa::path(
    get, path = "/dashboard/satisfaction/sheet", tag = "dashboards", operation_id = "dashboard_satisfaction_sheet",
    summary = "Planilha de satisfação (CSAT)",
    params(DashboardParams),
    responses(
        (status = 200, description = "A planilha (`.xlsx`).", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 422, description = "Período inválido.", body = ErrorBody),
    )
)]
async fn satisfaction_sheet(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<DashboardParams>,
) -> AppResult<Response> {
    let period = params.period()?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let tx = target.read(&state).await?;
    let view = satisfaction::report(&tx, period, params.filters()).await?;
    tx.end();
    let layout = Layout {
        sheet_name: "Satisfação",
        columns: vec![
            col("Dimensão", Kind::Text, 16.0),
            col("Nome", Kind::Text, 28.0),
            col("Pesquisas enviadas", Kind::Int, 14.0),
            col("Respondidas", Kind::Int, 12.0),
            col("Taxa de resposta (%)", Kind::Hundredths, 14.0),
            col("Nota média (1 a 5)", Kind::Hundredths, 14.0),
            col("CSAT (% de notas 4 e 5)", Kind::Hundredths, 16.0),
        ],
    };
    let row = |dimension: &str, name: &str, f: &Satisfaction| {
        let hundredths = |v: Option<f64>| Cell::from(v.map(|v| (v * 100.0).round() as i64));
        vec![
            Cell::Text(dimension.to_owned()),
            Cell::Text(name.to_owned()),
            Cell::Int(f.sent),
            Cell::Int(f.answered),
            hundredths(f.response_rate_percent),
            hundredths(f.average),
            hundredths(f.csat_percent),
        ]
    };
    let mut rows = vec![row("Total", "Todas as pesquisas", &view.overall)];
    for (dimension, groups) in [
        ("Atendente", &view.by_agent),
        ("Departamento", &view.by_department),
        ("Motivo", &view.by_reason),
        ("Etiqueta", &view.by_tag),
        ("Resposta rápida", &view.by_quick_reply),
    ] {
        rows.extend(groups.iter().map(|g| row(dimension, &g.name, &g.figures)));
    }
    let definitions = [
        (
            "Pesquisas enviadas",
            "Atendimentos encerrados por uma pessoa para os quais a pesquisa foi enviada, no dia do envio.",
        ),
        ("Nota média", "Média das notas de 1 a 5 das pesquisas respondidas."),
        ("CSAT", "Parte das respostas com nota 4 ou 5."),
        ("Taxa de resposta", "Respondidas sobre enviadas."),
    ]
    .iter()
    .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
    .collect();
    let about = about(&target, &user, "Satisfação dos clientes (CSAT)", period, definitions);
    let file = format!("satisfacao_{}.xlsx", period.slug());
    Ok(stream_xlsx(file, move |out| async move { sheets::export_rows(layout, about, rows, out).await.map(|_| ()) }))
}

fn definitions_productivity() -> Vec<(String, String)> {
    [
        ("Atendimentos", "Atendimentos do atendente com primeira resposta, contados no dia da abertura."),
        ("Primeira resposta", "Primeira resposta humana menos a abertura; mediana por atendimento."),
        ("Resolução", "Encerramento menos abertura; mediana por atendimento."),
        ("Tempo online", "Soma das sessões conectadas (tempo real aberto), até 12 h por sessão."),
        ("Respostas rápidas usadas", "Cada resposta rápida usada numa mensagem enviada conta uma vez."),
        (
            "Metas de SLA",
            "Atendimentos encerrados pelo atendente que tinham meta de primeira resposta ou de resolução, e quantos \
             a cumpriram (em horas úteis do calendário da empresa), contados no dia do encerramento.",
        ),
    ]
    .iter()
    .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
    .collect()
}

fn about(
    target: &CurrentTenant,
    user: &CurrentUser,
    title: &str,
    period: Period,
    definitions: Vec<(String, String)>,
) -> About {
    About {
        title: title.to_owned(),
        tenant: target.name.to_string(),
        period: format!("{} a {}", period.from.format("%d/%m/%Y"), period.to.format("%d/%m/%Y")),
        filters: Vec::new(),
        definitions,
        generated_by: format!("{} <{}>", user.user.name, user.user.email),
        generated_at: chrono::Utc::now(),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct DrillParams {
    /// `opened`, `closed`, `transferred` ou `firstResponse`.
    metric: String,
    from: Option<String>,
    to: Option<String>,
    instance_id: Option<i32>,
    department_id: Option<i32>,
    /// Só os atendimentos com esta etiqueta.
    tag_id: Option<i32>,
    user_id: Option<i32>,
    cursor: Option<String>,
    tenant_name: Option<String>,
}

/// The tickets behind a dashboard figure, of the instances the caller may see.
#[utoipa::path(
    get, path = "/dashboard/tickets", tag = "dashboards", operation_id = "dashboard_tickets",
    summary = "Atendimentos por trás de um indicador",
    params(DrillParams),
    responses(
        (status = 200, description = "Uma página (50) e o cursor da próxima.", body = DrillPage),
        (status = 422, description = "Indicador, período ou cursor inválidos.", body = ErrorBody),
    )
)]
async fn tickets(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<DrillParams>,
) -> AppResult<Json<DrillPage>> {
    let figure = Figure::parse(&params.metric)?;
    let period = Period::parse(params.from.as_deref(), params.to.as_deref(), ("from", "to"), 30)?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let filters =
        Filters { instance_id: params.instance_id, department_id: params.department_id, tag_id: params.tag_id };
    // In one's own tenant, the inbox's rule: the tickets of the instances one may see. An operator
    // reading another tenant has no links there and reads all of it.
    let visible = if target.record.id == tenant.record.id { Visible::of(&user.viewer) } else { Visible::All };
    let tx = target.read(&state).await?;
    let page = drill::tickets(&tx, figure, period, filters, &visible, params.user_id, params.cursor.as_deref()).await?;
    tx.end();
    Ok(Json(page))
}

/// Instances, departments and people the dashboards filter by.
#[utoipa::path(
    get, path = "/dashboard/filters", tag = "dashboards", operation_id = "dashboard_filters",
    summary = "Opções de filtro dos painéis",
    params(TenantParam),
    responses(
        (status = 200, description = "`{instances, departments, agents}`", body = FilterOptions),
        (status = 403, description = "Recurso `analytics` desligado.", body = ErrorBody),
    )
)]
async fn filter_options(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<TenantParam>,
) -> AppResult<Json<FilterOptions>> {
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let tx = target.read(&state).await?;
    let options = filters::options(&tx).await?;
    tx.end();
    Ok(Json(options))
}

/// The people the login failures report can be filtered by.
#[utoipa::path(
    get, path = "/dashboard-report/users", tag = "relatorios", operation_id = "dashboard_report_users",
    summary = "Usuários para filtrar o relatório de falhas de login",
    responses((status = 200, description = "`[{id, name, email}]`, excluídos inclusive.", body = Vec<ReportUser>))
)]
async fn report_users(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<ReportUser>>> {
    let tx = tenant.read(&state).await?;
    let users = filters::report_users(&tx).await?;
    tx.end();
    Ok(Json(users))
}

/// The login failures report's parameters, from a JSON body or the query string (docs/contracts.md#api-calls says
/// "params"): `selectedUsers` as a list, `1,2` or repeated.
#[derive(Debug, Default, Deserialize, ToSchema)]
struct ReportParams {
    #[schema(example = "2026-11-01")]
    start_at: Option<String>,
    #[schema(example = "2026-11-30")]
    finish_at: Option<String>,
    #[serde(default, rename = "selectedUsers", deserialize_with = "user_ids")]
    #[schema(value_type = Vec<i32>)]
    selected_users: Vec<i32>,
}

fn user_ids<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<i32>, D::Error> {
    use serde::de::Error as _;
    let value = Value::deserialize(d)?;
    let mut ids = Vec::new();
    let mut push = |v: &Value| -> Result<(), D::Error> {
        match v {
            Value::Number(n) => {
                ids.push(n.as_i64().and_then(|n| i32::try_from(n).ok()).ok_or_else(|| D::Error::custom("id"))?)
            }
            Value::String(s) => {
                for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    ids.push(part.parse().map_err(|_| D::Error::custom("selectedUsers: ids numéricos"))?);
                }
            }
            Value::Object(o) => match o.get("id").or_else(|| o.get("value")) {
                Some(id) => return push_one(id, &mut ids),
                None => return Err(D::Error::custom("selectedUsers: ids numéricos")),
            },
            Value::Null => {}
            _ => return Err(D::Error::custom("selectedUsers: ids numéricos")),
        }
        Ok(())
    };
    fn push_one<E: serde::de::Error>(v: &Value, ids: &mut Vec<i32>) -> Result<(), E> {
        let id = match v {
            Value::Number(n) => n.as_i64().and_then(|n| i32::try_from(n).ok()),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        ids.push(id.ok_or_else(|| E::custom("selectedUsers: ids numéricos"))?);
        Ok(())
    }
    match &value {
        Value::Array(items) => {
            for item in items {
                push(item)?;
            }
        }
        other => push(other)?,
    }
    Ok(ids)
}

impl ReportParams {
    /// From the query string (repeated `selectedUsers`, `selectedUsers[]` or `1,2`).
    fn from_query(query: &str) -> AppResult<Self> {
        let mut params = Self::default();
        for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
            match key.as_ref() {
                "start_at" => params.start_at = Some(value.into_owned()),
                "finish_at" => params.finish_at = Some(value.into_owned()),
                "selectedUsers" | "selectedUsers[]" => {
                    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                        // `0` stands for anything that is not an id: refused with the others.
                        params.selected_users.push(part.parse::<i32>().unwrap_or(0));
                    }
                }
                _ => {}
            }
        }
        params.checked()
    }

    /// The JSON body when there is one, else the query string.
    fn read(query: Option<&str>, body: &[u8]) -> AppResult<Self> {
        if body.iter().any(|b| !b.is_ascii_whitespace()) {
            let params: Self = serde_json::from_slice(body).map_err(|err| {
                AppError::Domain(domain::Error::invalid(
                    "invalid_body",
                    format!("Corpo inválido: envie start_at, finish_at e selectedUsers ({err})."),
                ))
            })?;
            return params.checked();
        }
        Self::from_query(query.unwrap_or_default())
    }

    /// `selectedUsers` within its limit, ids only (`login_failures::selected_users`).
    fn checked(mut self) -> AppResult<Self> {
        self.selected_users = login_failures::selected_users(std::mem::take(&mut self.selected_users))?;
        Ok(self)
    }

    fn period(&self) -> AppResult<Period> {
        Ok(Period::parse(self.start_at.as_deref(), self.finish_at.as_deref(), ("start_at", "finish_at"), 30)?)
    }
}

/// The login failures report (docs/contracts.md#api-calls: `POST /api/dashboard-report`).
#[utoipa::path(
    post, path = "/dashboard-report", tag = "relatorios", operation_id = "dashboard_report",
    summary = "Relatório de falhas de login",
    request_body(content = ReportParams, description = "Ou os mesmos campos na query string."),
    responses(
        (status = 200, description = "Totais por dia, usuário, endereço e motivo, e as últimas falhas.", body = LoginFailuresReport),
        (status = 403, description = "Sem a rota `dashboard-report` ou recurso `reports` desligado.", body = ErrorBody),
        (status = 422, description = "Período inválido, ou `selectedUsers` com algo que não é id ou com mais de 500 usuários.", body = ErrorBody),
    )
)]
async fn login_failures_report(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> AppResult<Json<LoginFailuresReport>> {
    let params = ReportParams::read(query.as_deref(), &body)?;
    let period = params.period()?;
    let tx = tenant.read(&state).await?;
    let report = login_failures::report(&tx, period, &params.selected_users).await?;
    tx.end();
    Ok(Json(report))
}

/// Every login failure of the period as `.xlsx`.
#[utoipa::path(
    get, path = "/dashboard-report/sheet", tag = "relatorios", operation_id = "dashboard_report_sheet",
    summary = "Falhas de login em planilha",
    params(
        ("start_at" = Option<String>, Query, description = "Primeiro dia (AAAA-MM-DD)"),
        ("finish_at" = Option<String>, Query, description = "Último dia (AAAA-MM-DD)"),
        ("selectedUsers" = Option<String>, Query, description = "Ids separados por vírgula"),
    ),
    responses(
        (status = 200, description = "Planilha `.xlsx`.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 422, description = "Período inválido.", body = ErrorBody),
    )
)]
async fn login_failures_sheet(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    RawQuery(query): RawQuery,
) -> AppResult<Response> {
    let params = ReportParams::from_query(query.as_deref().unwrap_or_default())?;
    let period = params.period()?;
    let (layout, statement) = login_failures::sheet(tenant.db(&state).await?.backend(), period, &params.selected_users);
    let mut about = about(&tenant, &user, "Falhas de login", period, Vec::new());
    if !params.selected_users.is_empty() {
        let ids: Vec<String> = params.selected_users.iter().map(i32::to_string).collect();
        about.filters.push(("usuários (ids)".into(), ids.join(", ")));
    }
    let sheet = Sheet { layout, statement, about };
    let file = format!("falhas_de_login_{}.xlsx", period.slug());
    Ok(stream_sheet(state, tenant, sheet, file))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct SheetParams {
    /// Primeiro dia (AAAA-MM-DD, São Paulo).
    start_at: Option<String>,
    /// Último dia (AAAA-MM-DD).
    finish_at: Option<String>,
    /// Atendimentos: só desta instância (canal).
    website_id: Option<String>,
    /// Atendimentos: estimar a resolução dos ainda abertos (`true`/`false`).
    estimation: Option<String>,
    /// O tenant (id no banco de controle), para operadores.
    tenancy_id: Option<String>,
    /// Motivos: só este motivo de encerramento.
    reason_id: Option<String>,
    /// Atendimentos: só os com esta etiqueta.
    tag_id: Option<String>,
    /// O tenant pelo nome, para operadores.
    tenant_name: Option<String>,
}

fn optional_id(value: Option<&str>, field: &str) -> AppResult<Option<i32>> {
    match value.map(str::trim).filter(|v| !v.is_empty() && *v != "null" && *v != "undefined") {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| {
            AppError::Domain(domain::Error::invalid_field(
                "invalid_filter",
                field,
                format!("{field} deve ser um número."),
            ))
        }),
    }
}

/// One of the four sheets, streamed as `.xlsx`.
#[utoipa::path(
    get, path = "/tenant/sheets/{kind}", tag = "relatorios", operation_id = "tenant_sheets",
    summary = "Planilhas: pedidos, atendimentos, logs de instâncias, motivos",
    params(("kind" = String, Path, description = "`orders`, `attendances`, `instance_logs` ou `reasons`"), SheetParams),
    responses(
        (status = 200, description = "Planilha `.xlsx`, enviada enquanto é escrita.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 403, description = "Sem a rota `dashboard-report` ou recurso `reports` desligado.", body = ErrorBody),
        (status = 404, description = "Planilha ou tenant desconhecidos.", body = ErrorBody),
        (status = 422, description = "Período invertido, longo demais ou mal escrito (`invalid_period`).", body = ErrorBody),
    )
)]
async fn sheet(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    Path(kind): Path<String>,
    ApiQuery(params): ApiQuery<SheetParams>,
) -> AppResult<Response> {
    let kind = SheetKind::parse(&kind)
        .ok_or_else(|| AppError::Domain(domain::Error::not_found("sheet_not_found", "Planilha desconhecida.")))?;
    let period = Period::parse(params.start_at.as_deref(), params.finish_at.as_deref(), ("startAt", "finishAt"), 30)?;
    let filters = SheetFilters {
        period,
        instance_id: optional_id(params.website_id.as_deref(), "websiteId")?,
        estimation: matches!(params.estimation.as_deref().map(str::trim), Some("true" | "1" | "sim")),
        reason_id: optional_id(params.reason_id.as_deref(), "reasonId")?,
        tag_id: optional_id(params.tag_id.as_deref(), "tagId")?,
    };
    let tenancy_id = optional_id(params.tenancy_id.as_deref(), "tenancyId")?;
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), tenancy_id, Feature::Reports).await?;
    let backend = target.db(&state).await?.backend();
    let who = format!("{} <{}>", user.user.name, user.user.email);
    let sheet = sheets::build(backend, kind, filters, target.name.as_str(), &who);
    let file = Sheet::file_name(kind.file_stem(), period);
    Ok(stream_sheet(state, target, sheet, file))
}

/// Answers at once with the headers; a snapshot of the tenant (one moment throughout) feeds the
/// writer from a cursor, and ends before the file is sent (docs/analytics.md#sheets).
pub(super) fn stream_sheet(state: AppState, tenant: CurrentTenant, sheet: Sheet, file: String) -> Response {
    stream_xlsx(file, move |out| async move {
        let unavailable = |err: String| domain::Error::Unavailable(err);
        let db = tenant.db(&state).await.map_err(|err| unavailable(err.to_string()))?;
        let tx = db.snapshot().await.map_err(|err| unavailable(err.to_string()))?;
        let written = sheets::export(&tx, sheet, out).await;
        // Nothing to commit; the dropped transaction rolls back.
        drop(tx);
        written.map(|_| ())
    })
}

/// A `.xlsx` download produced by `write` into a spooled file (`http::spooled`).
fn stream_xlsx<F, Fut>(file: String, write: F) -> Response
where
    F: FnOnce(Spool) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<(), domain::Error>> + Send,
{
    spooled::download(file, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", write)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct SyncParams {
    /// `true`: recalcula todos os dias do intervalo; senão só os que mudaram.
    force_update: Option<String>,
    /// O tenant (operadores); omitido = o próprio.
    tenant_name: Option<String>,
    /// Primeiro dia (AAAA-MM-DD); omitido = desde o primeiro dado.
    from_date: Option<String>,
    /// Último dia (AAAA-MM-DD); omitido = hoje.
    to_date: Option<String>,
}

/// Rebuilds the daily aggregates (docs/contracts.md#api-calls `syncAnalytics`).
#[utoipa::path(
    get, path = "/tenant/syncAnalytics", tag = "tenants", operation_id = "tenants_sync_analytics",
    summary = "Sincroniza os agregados de analytics de um tenant",
    params(SyncParams),
    responses(
        (status = 200, description = "O que foi recalculado, e o tenant.", body = TenantSyncReport),
        (status = 404, description = "Tenant não encontrado.", body = ErrorBody),
        (status = 422, description = "Período inválido.", body = ErrorBody),
    )
)]
async fn sync_analytics(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<SyncParams>,
) -> AppResult<Json<TenantSyncReport>> {
    let period = match (params.from_date.as_deref(), params.to_date.as_deref()) {
        (None, None) => None,
        (from, to) => Some(Period::parse(from, to, ("fromDate", "toDate"), 30)?),
    };
    let force = matches!(params.force_update.as_deref().map(str::trim), Some("true" | "1" | "sim"));
    let target = target(&state, &tenant, &user, params.tenant_name.as_deref(), None, Feature::Analytics).await?;
    let unit = target.unit(&state).await?;
    let report = sync::sync(&unit, SyncOptions { period, force }).await?;
    unit.raise(Raised::AnalyticsChanged);
    unit.commit().await?;
    Ok(Json(TenantSyncReport { report, tenant_name: target.name.as_str().to_owned() }))
}

/// What `syncAnalytics` answers: the run's report and the tenant it was about.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TenantSyncReport {
    #[serde(flatten)]
    report: SyncReport,
    #[schema(example = "acme")]
    tenant_name: String,
}
