//! `/api/distribution*`: how waiting tickets find their person (docs/service-levels.md#distribution)
//! — each department's strategy and capacity, and each person's own capacity. Kept by whoever keeps
//! the users (route `users`).

use axum::{Json, extract::State};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::distribution::{self, AgentCapacity, NewPolicy, Overview, PolicyView, Strategy},
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath},
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(RULE, routes!(overview))
        .route(RULE, routes!(set_policy))
        .route(RULE, routes!(set_capacity))
}

/// Every policy and every person, with what each holds now.
#[utoipa::path(
    get, path = "/distribution", tag = "distribuição", operation_id = "distribution_overview",
    summary = "Políticas de distribuição e capacidade das pessoas",
    responses((status = 200, description = "As políticas (sem departamento primeiro) e as pessoas.", body = Overview))
)]
async fn overview(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Overview>> {
    let with_socket = state.bus.online(&tenant.name).await;
    let tx = tenant.read(&state).await?;
    let overview = distribution::overview(&tx, &with_socket).await?;
    tx.end();
    Ok(Json(overview))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PolicyBody {
    /// O departamento; `null`: os atendimentos sem departamento.
    #[serde(default)]
    department_id: Option<i32>,
    /// `manual` (a fila), `round_robin` (rodízio) ou `balanced` (menos atendimentos).
    #[schema(example = "balanced")]
    strategy: String,
    /// Atendimentos que cada pessoa do departamento pode ter ao mesmo tempo (1 a 50).
    #[schema(example = 5)]
    capacity: i32,
    /// Oferta por pedido: segundos (5 a 600) que a pessoa escolhida tem para aceitar antes de o
    /// atendimento ir para a próxima; `null` ou ausente: atribui direto.
    #[serde(default)]
    #[schema(example = 60)]
    offer_seconds: Option<i32>,
}

/// Sets how a department's waiting tickets are given out; switching to an automatic strategy
/// offers the waiting ones at once.
#[utoipa::path(
    put, path = "/distribution/policies", tag = "distribuição", operation_id = "distribution_set_policy",
    summary = "Define a distribuição de um departamento",
    request_body = PolicyBody,
    responses(
        (status = 200, description = "A política gravada.", body = PolicyView),
        (status = 404, description = "Departamento não encontrado (`department_not_found`).", body = ErrorBody),
        (status = 422, description = "Estratégia (`invalid_strategy`), capacidade (`invalid_capacity`) ou tempo da oferta (`invalid_offer_seconds`) inválido.", body = ErrorBody),
    )
)]
async fn set_policy(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<PolicyBody>,
) -> AppResult<Json<PolicyView>> {
    let strategy = Strategy::parse(&body.strategy)?;
    let unit = tenant.unit(&state).await?;
    let new = NewPolicy {
        department_id: body.department_id,
        strategy,
        capacity: body.capacity,
        offer_seconds: body.offer_seconds,
    };
    let policy = distribution::set_policy(&unit, new).await?;
    unit.commit().await?;
    Ok(Json(policy))
}

#[derive(Deserialize, ToSchema)]
struct CapacityBody {
    /// A capacidade da pessoa (1 a 50); `null`: a do departamento.
    #[schema(example = 3)]
    capacity: Option<i32>,
}

/// Gives a person their own capacity, or back their department's.
#[utoipa::path(
    put, path = "/distribution/agents/{id}", tag = "distribuição", operation_id = "distribution_set_capacity",
    summary = "Define a capacidade de uma pessoa",
    params(("id" = i32, Path, description = "Id do usuário")),
    request_body = CapacityBody,
    responses(
        (status = 200, description = "A pessoa, com a capacidade que vale agora.", body = AgentCapacity),
        (status = 404, description = "Usuário não encontrado (`user_not_found`).", body = ErrorBody),
        (status = 422, description = "Capacidade fora de 1 a 50 (`invalid_capacity`).", body = ErrorBody),
    )
)]
async fn set_capacity(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<CapacityBody>,
) -> AppResult<Json<AgentCapacity>> {
    let with_socket = state.bus.online(&tenant.name).await;
    let unit = tenant.unit(&state).await?;
    let agent = distribution::set_capacity(&unit, id, body.capacity, &with_socket).await?;
    unit.commit().await?;
    Ok(Json(agent))
}
