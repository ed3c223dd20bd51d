//! `/api/webhooks*` (docs/campaigns.md#webhook-api): the tenant's webhook endpoints, their
//! deliveries, tests, retries and secret rotation. Route `webhooks`, feature `webhooks`.

use std::time::Duration;

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::{
        Error,
        webhooks::{
            self, CreatedEndpoint, DeliveryView, EndpointChange, EndpointView, NewEndpoint, Replay, Replayed, Rotated,
        },
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    ratelimit::Limit,
    state::AppState,
};

const RULE: Access = Access::Route("webhooks");

/// Manual sends — tests and retries — a tenant may queue a minute, all its endpoints together
/// (docs/jobs.md#fairness, decision 146): plenty to try an endpoint by hand, too few to fill the
/// worker's queue with deliveries to a receiver that does not answer.
const MANUAL_SENDS: Limit = Limit { max: 10, window: Duration::from_secs(60) };

/// Counts a manual send of the tenant's: 429 `rate_limited` with `Retry-After` past
/// [`MANUAL_SENDS`].
async fn count_manual_send(state: &AppState, tenant: &CurrentTenant) -> AppResult<()> {
    state.limiter.hit(&format!("webhook-send:{}", tenant.name), MANUAL_SENDS).await.map_err(AppError::RateLimited)
}

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(RULE, routes!(list))
        .route(RULE, routes!(create))
        .route(RULE, routes!(update))
        .route(RULE, routes!(remove))
        .route(RULE, routes!(deliveries))
        .route(RULE, routes!(test))
        .route(RULE, routes!(rotate))
        .route(RULE, routes!(retry))
        .route(RULE, routes!(replay))
}

/// The endpoints.
#[derive(Debug, Serialize, ToSchema)]
struct Endpoints {
    data: Vec<EndpointView>,
}

/// Every endpoint (never the secret).
#[utoipa::path(
    get, path = "/webhooks", tag = "webhooks", operation_id = "webhooks_list",
    summary = "Endpoints de webhook da empresa (sem os segredos)",
    responses(
        (status = 200, description = "Os endpoints.", body = Endpoints),
        (status = 403, description = "Sem a rota `webhooks` ou recurso `webhooks` desligado.", body = ErrorBody),
    )
)]
async fn list(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Endpoints>> {
    let tx = tenant.read(&state).await?;
    let data = webhooks::list(&tx).await?;
    tx.end();
    Ok(Json(Endpoints { data }))
}

/// Creates an endpoint.
#[utoipa::path(
    post, path = "/webhooks", tag = "webhooks", operation_id = "webhooks_create",
    summary = "Cria um endpoint; o segredo de assinatura volta só nesta resposta",
    description = "A URL precisa ser https:// e resolver para endereços públicos (nada de loopback, rede \
        privada, link-local ou metadados), salvo com `ALLOW_PRIVATE_WEBHOOKS`.",
    request_body = NewEndpoint,
    responses(
        (status = 201, description = "O endpoint, com `secret` (`whsec_…`).", body = CreatedEndpoint),
        (status = 422, description = "URL recusada ou evento desconhecido (`invalid_webhook`).", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<NewEndpoint>,
) -> AppResult<(StatusCode, Json<CreatedEndpoint>)> {
    // Checked (the URL resolved) before the transaction opens: DNS must not hold the writer.
    let checked = webhooks::check_new(body, state.config.allow_private_webhooks).await?;
    let unit = tenant.unit(&state).await?;
    let created = webhooks::create(&unit, &state.secrets, &tenant.name, checked).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Changes an endpoint.
#[utoipa::path(
    put, path = "/webhooks/{id}", tag = "webhooks", operation_id = "webhooks_update",
    summary = "Altera um endpoint (reativar zera as falhas)",
    params(("id" = i32, Path, description = "Id do endpoint")),
    request_body = EndpointChange,
    responses(
        (status = 200, description = "O endpoint.", body = EndpointView),
        (status = 404, description = "Não encontrado (`webhook_not_found`).", body = ErrorBody),
        (status = 422, description = "URL recusada ou evento desconhecido.", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<EndpointChange>,
) -> AppResult<Json<EndpointView>> {
    let checked = webhooks::check_change(body, state.config.allow_private_webhooks).await?;
    let unit = tenant.unit(&state).await?;
    let updated = webhooks::update(&unit, id, checked).await?;
    unit.commit().await?;
    Ok(Json(updated))
}

/// Deletes an endpoint.
#[utoipa::path(
    delete, path = "/webhooks/{id}", tag = "webhooks", operation_id = "webhooks_delete",
    summary = "Remove um endpoint e suas entregas",
    params(("id" = i32, Path, description = "Id do endpoint")),
    responses(
        (status = 204, description = "Removido."),
        (status = 404, description = "Não encontrado.", body = ErrorBody),
    )
)]
async fn remove(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<StatusCode> {
    let unit = tenant.unit(&state).await?;
    webhooks::delete(&unit, id).await?;
    unit.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
struct PageQuery {
    /// O `nextCursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// 1 a 100 (padrão 20).
    #[serde(default)]
    limit: Option<u64>,
    /// Só as entregas deste evento (`ticket.closed`, `webhook.test`, ...).
    #[serde(default)]
    event_type: Option<String>,
}

/// A page of deliveries.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Deliveries {
    data: Vec<DeliveryView>,
    next_cursor: Option<String>,
}

/// An endpoint's deliveries, with their attempts.
#[utoipa::path(
    get, path = "/webhooks/{id}/deliveries", tag = "webhooks", operation_id = "webhooks_deliveries",
    summary = "Entregas de um endpoint, das mais novas às mais antigas, com as tentativas",
    params(("id" = i32, Path, description = "Id do endpoint"), PageQuery),
    responses(
        (status = 200, description = "Uma página.", body = Deliveries),
        (status = 404, description = "Endpoint não encontrado.", body = ErrorBody),
    )
)]
async fn deliveries(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<Deliveries>> {
    let limit = match query.limit {
        None => 20,
        Some(n @ 1..=100) => n,
        Some(_) => return Err(Error::invalid_field("invalid_limit", "limit", "O limite vai de 1 a 100.").into()),
    };
    let tx = tenant.read(&state).await?;
    let (data, next_cursor) =
        webhooks::deliveries(&tx, id, query.event_type.as_deref(), query.cursor.as_deref(), limit).await?;
    tx.end();
    Ok(Json(Deliveries { data, next_cursor }))
}

/// Sends a signed test event.
#[utoipa::path(
    post, path = "/webhooks/{id}/test", tag = "webhooks", operation_id = "webhooks_test",
    summary = "Envia um evento de teste assinado (`webhook.test`)",
    params(("id" = i32, Path, description = "Id do endpoint")),
    responses(
        (status = 202, description = "A entrega, na fila.", body = DeliveryView),
        (status = 404, description = "Endpoint não encontrado.", body = ErrorBody),
        (status = 429, description = "Mais de 10 testes e reenvios no último minuto (`rate_limited`, com `Retry-After`).", body = ErrorBody),
    )
)]
async fn test(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<(StatusCode, Json<DeliveryView>)> {
    count_manual_send(&state, &tenant).await?;
    let unit = tenant.unit(&state).await?;
    let queued = webhooks::test(&unit, id).await?;
    unit.commit().await?;
    Ok((StatusCode::ACCEPTED, Json(queued)))
}

/// Rotates the signing secret.
#[utoipa::path(
    post, path = "/webhooks/{id}/rotate-secret", tag = "webhooks", operation_id = "webhooks_rotate_secret",
    summary = "Troca o segredo; o anterior ainda assina por 24 h (as entregas levam as duas assinaturas)",
    params(("id" = i32, Path, description = "Id do endpoint")),
    responses(
        (status = 200, description = "O novo segredo (mostrado só agora).", body = Rotated),
        (status = 404, description = "Endpoint não encontrado.", body = ErrorBody),
    )
)]
async fn rotate(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<Rotated>> {
    let tx = tenant.begin(&state).await?;
    let rotated = webhooks::rotate(&tx, &state.secrets, &tenant.name, id).await?;
    tx.commit().await?;
    Ok(Json(rotated))
}

/// Sends a delivery again.
#[utoipa::path(
    post, path = "/webhooks/deliveries/{id}/retry", tag = "webhooks", operation_id = "webhooks_retry",
    summary = "Reenvia uma entrega (mesmo `webhook-id`)",
    params(("id" = i32, Path, description = "Id da entrega")),
    responses(
        (status = 202, description = "A entrega, na fila de novo.", body = DeliveryView),
        (status = 404, description = "Entrega não encontrada (`delivery_not_found`).", body = ErrorBody),
        (status = 409, description = "Já está na fila (`delivery_pending`).", body = ErrorBody),
        (status = 429, description = "Mais de 10 testes e reenvios no último minuto (`rate_limited`, com `Retry-After`).", body = ErrorBody),
    )
)]
async fn retry(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<(StatusCode, Json<DeliveryView>)> {
    count_manual_send(&state, &tenant).await?;
    let unit = tenant.unit(&state).await?;
    let queued = webhooks::retry(&unit, id).await?;
    unit.commit().await?;
    Ok((StatusCode::ACCEPTED, Json(queued)))
}

/// Sends again an endpoint's deliveries of a period.
#[utoipa::path(
    post, path = "/webhooks/{id}/replay", tag = "webhooks", operation_id = "webhooks_replay",
    summary = "Reenvia as entregas de um período (por evento; por padrão só as que falharam)",
    description = "Cada entrega volta à fila com o mesmo `webhook-id`: o receptor reconhece o que já \
        processou. Período de até 31 dias; entregas na fila não entram (já estão a caminho).",
    params(("id" = i32, Path, description = "Id do endpoint")),
    request_body = Replay,
    responses(
        (status = 200, description = "Quantas entregas voltaram à fila.", body = Replayed),
        (status = 404, description = "Endpoint não encontrado.", body = ErrorBody),
        (status = 422, description = "Período ou evento inválido (`invalid_replay`).", body = ErrorBody),
    )
)]
async fn replay(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<Replay>,
) -> AppResult<Json<Replayed>> {
    let unit = tenant.unit(&state).await?;
    let replayed = webhooks::replay(&unit, id, body).await?;
    unit.commit().await?;
    Ok(Json(replayed))
}
