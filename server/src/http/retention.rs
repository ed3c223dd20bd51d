//! `/api/retention`: the company's retention policy (docs/operations.md#retention-policy), kept by
//! whoever keeps the users (route `users`); applied by the nightly `prune`.

use axum::{Json, extract::State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::retention::policy::{self, LastRun, Policy},
    error::AppResult,
    http::{access::ApiRoutes, error_bodies::ErrorBody, extract::ApiJson},
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default().route(RULE, routes!(show)).route(RULE, routes!(save))
}

/// A kind of record the policy sets a period for.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Kind {
    /// O campo da política (`auditLogDays`).
    field: &'static str,
    /// Como os relatórios da limpeza o chamam.
    label: &'static str,
    /// O menor período aceito, em dias.
    min_days: u32,
}

/// The policy, its bounds and the last run.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RetentionView {
    policy: Policy,
    kinds: Vec<Kind>,
    max_days: u32,
    /// O que a última limpeza removeu (`null`: nenhuma rodou ainda).
    last_run: Option<LastRun>,
}

async fn view(db: &impl sea_orm::ConnectionTrait, policy: Policy) -> AppResult<RetentionView> {
    let kinds = policy::KINDS.iter().map(|(field, label, min_days)| Kind { field, label, min_days: *min_days });
    Ok(RetentionView {
        policy,
        kinds: kinds.collect(),
        max_days: policy::MAX_DAYS,
        last_run: policy::last_run(db).await?,
    })
}

/// The company's retention policy and what the last prune removed.
#[utoipa::path(
    get, path = "/retention", tag = "configurações", operation_id = "retention_get",
    summary = "Política de retenção",
    responses((status = 200, description = "A política (`null`: guardar para sempre), os limites e a última limpeza.", body = RetentionView))
)]
async fn show(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<RetentionView>> {
    let tx = tenant.read(&state).await?;
    let policy = policy::policy(&tx).await?;
    let view = view(&tx, policy).await?;
    tx.end();
    Ok(Json(view))
}

/// Sets how long each kind of record is kept.
#[utoipa::path(
    put, path = "/retention", tag = "configurações", operation_id = "retention_save",
    summary = "Altera a política de retenção",
    request_body = Policy,
    responses(
        (status = 200, description = "A política gravada.", body = RetentionView),
        (status = 422, description = "Um período fora dos limites (`invalid_retention`, por campo).", body = ErrorBody),
    )
)]
async fn save(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<Policy>,
) -> AppResult<Json<RetentionView>> {
    let tx = tenant.begin(&state).await?;
    let saved = policy::save(&tx, body).await?;
    let view = view(&tx, saved).await?;
    tx.commit().await?;
    Ok(Json(view))
}
