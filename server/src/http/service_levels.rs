//! `/api/calendar`, `/api/sla*` and `/api/survey`: the company's opening hours and holidays, which
//! the bot's "fora do horário" and the SLA clocks read, the SLA policies and the satisfaction
//! survey's settings (docs/service-levels.md). Kept by
//! whoever keeps the users (route `users`); anyone signed in reads the calendar; the tickets about
//! to breach are the control panel's.

use axum::{Json, extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::{
        calendar::setting::{self as calendar_setting, CalendarSetting},
        conversations::views::{Names, TicketView},
        sla::{self, SlaOverview, SlaPolicyView, Targets},
        surveys::{self, SurveySettings},
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath},
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");
/// The most tickets the control panel's "prestes a estourar" lists.
const AT_RISK_LIMIT: u64 = 50;

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::Authenticated, routes!(calendar))
        .route(RULE, routes!(save_calendar))
        .route(RULE, routes!(overview))
        .route(RULE, routes!(set_policy))
        .route(RULE, routes!(use_default))
        .route(Access::Route("dashboard-control-panel"), routes!(at_risk))
        .route(RULE, routes!(survey))
        .route(RULE, routes!(save_survey))
}

/// The company's opening hours and holidays.
#[utoipa::path(
    get, path = "/calendar", tag = "níveis de serviço", operation_id = "calendar_read",
    summary = "Horário de atendimento e feriados da empresa",
    responses((status = 200, description = "O calendário (sem horários: sempre aberto).", body = CalendarSetting))
)]
async fn calendar(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<CalendarSetting>> {
    let tx = tenant.read(&state).await?;
    let setting = calendar_setting::read(&tx).await?;
    tx.end();
    Ok(Json(setting))
}

/// Replaces the opening hours and holidays: the bots' "fora do horário" and the SLA clocks of
/// tickets starting from now read them.
#[utoipa::path(
    put, path = "/calendar", tag = "níveis de serviço", operation_id = "calendar_save",
    summary = "Define o horário de atendimento e os feriados",
    request_body = CalendarSetting,
    responses(
        (status = 200, description = "O calendário gravado.", body = CalendarSetting),
        (status = 422, description = "Horário ou feriado inválido, por campo (`invalid_calendar`).", body = ErrorBody),
    )
)]
async fn save_calendar(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<CalendarSetting>,
) -> AppResult<Json<CalendarSetting>> {
    let unit = tenant.unit(&state).await?;
    let saved = calendar_setting::save(&unit, body).await?;
    unit.commit().await?;
    super::bot::bots_changed(&state, &tenant);
    Ok(Json(saved))
}

/// The default SLA and each department's.
#[utoipa::path(
    get, path = "/sla", tag = "níveis de serviço", operation_id = "sla_overview",
    summary = "Metas de atendimento (SLA) por departamento",
    responses((status = 200, description = "O padrão primeiro, depois cada departamento.", body = SlaOverview))
)]
async fn overview(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<SlaOverview>> {
    let tx = tenant.read(&state).await?;
    let overview = sla::overview(&tx).await?;
    tx.end();
    Ok(Json(overview))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PolicyBody {
    /// O departamento; `null`: o padrão da empresa (vale para os departamentos sem meta própria e
    /// para os atendimentos sem departamento).
    #[serde(default)]
    department_id: Option<i32>,
    /// Minutos úteis até a primeira resposta (1 a 43200); `null`: sem meta.
    #[serde(default)]
    #[schema(example = 30)]
    first_response_minutes: Option<i32>,
    /// Minutos úteis até a resolução (1 a 43200); `null`: sem meta.
    #[serde(default)]
    #[schema(example = 480)]
    resolution_minutes: Option<i32>,
    /// Pausar o relógio da resolução enquanto se espera a resposta do cliente.
    #[serde(default)]
    pause_on_customer: bool,
}

/// Sets the targets of a department, or the default. Tickets entering the queue from now on are
/// held to them.
#[utoipa::path(
    put, path = "/sla/policies", tag = "níveis de serviço", operation_id = "sla_set_policy",
    summary = "Define as metas de um departamento ou o padrão",
    request_body = PolicyBody,
    responses(
        (status = 200, description = "A política gravada.", body = SlaPolicyView),
        (status = 404, description = "Departamento não encontrado (`department_not_found`).", body = ErrorBody),
        (status = 422, description = "Meta fora de 1 a 43200 minutos (`invalid_sla_minutes`).", body = ErrorBody),
    )
)]
async fn set_policy(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<PolicyBody>,
) -> AppResult<Json<SlaPolicyView>> {
    let targets = Targets {
        first_response_minutes: body.first_response_minutes,
        resolution_minutes: body.resolution_minutes,
        pause_on_customer: body.pause_on_customer,
    };
    let unit = tenant.unit(&state).await?;
    let policy = sla::set_policy(&unit, body.department_id, targets).await?;
    unit.commit().await?;
    Ok(Json(policy))
}

/// A department goes back to the default's targets.
#[utoipa::path(
    delete, path = "/sla/policies/{departmentId}", tag = "níveis de serviço", operation_id = "sla_use_default",
    summary = "Volta um departamento às metas padrão",
    params(("departmentId" = i32, Path, description = "Id do departamento")),
    responses(
        (status = 204, description = "O departamento segue o padrão."),
        (status = 404, description = "Departamento não encontrado (`department_not_found`).", body = ErrorBody),
    )
)]
async fn use_default(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(department_id): ApiPath<i32>,
) -> AppResult<StatusCode> {
    let unit = tenant.unit(&state).await?;
    sla::use_default(&unit, department_id).await?;
    unit.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The open tickets at risk or breached, the nearest due first (at most 50).
#[utoipa::path(
    get, path = "/dashboard/control-panel/at-risk", tag = "níveis de serviço", operation_id = "sla_at_risk",
    summary = "Atendimentos prestes a estourar ou estourados",
    responses((status = 200, description = "Os atendimentos, o vencimento mais próximo primeiro.", body = Vec<TicketView>))
)]
async fn at_risk(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<TicketView>>> {
    let tx = tenant.read(&state).await?;
    let tickets = sla::clock::at_risk(&tx, AT_RISK_LIMIT).await?;
    let names = Names::of_tickets(&tx, &tickets).await?;
    tx.end();
    Ok(Json(tickets.iter().map(|t| names.ticket(t)).collect()))
}

/// The satisfaction survey's settings.
#[utoipa::path(
    get, path = "/survey", tag = "níveis de serviço", operation_id = "survey_read",
    summary = "Pesquisa de satisfação: configuração",
    responses((status = 200, description = "A configuração (desligada até ser salva ligada).", body = SurveySettings))
)]
async fn survey(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<SurveySettings>> {
    let tx = tenant.read(&state).await?;
    let settings = surveys::settings(&tx).await?;
    tx.end();
    Ok(Json(settings))
}

/// Turns the survey on or off and sets its texts, answer window and the departments left out.
#[utoipa::path(
    put, path = "/survey", tag = "níveis de serviço", operation_id = "survey_save",
    summary = "Define a pesquisa de satisfação",
    request_body = SurveySettings,
    responses(
        (status = 200, description = "A configuração gravada.", body = SurveySettings),
        (status = 422, description = "Texto ou prazo inválido, por campo (`invalid_survey`).", body = ErrorBody),
    )
)]
async fn save_survey(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<SurveySettings>,
) -> AppResult<Json<SurveySettings>> {
    let unit = tenant.unit(&state).await?;
    let saved = surveys::save(&unit, body).await?;
    unit.commit().await?;
    Ok(Json(saved))
}
