//! `/api/instance*` (spec §7): list, create, update and sync messages of a tenant's instances.
//! `tenantName` lets back-office operators act on any tenant; a tenant's users only on their own.

use axum::{
    Json,
    extract::State,
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use crate::{
    domain::instances::{
        self, InstanceChanges, InstanceSummary, NewInstance,
        provider::ProviderConfig,
        sync::{self, SyncRequest},
    },
    error::AppResult,
    http::{
        access::{Access, ApiRoutes},
        extract::{ApiJson, ApiPath, ApiQuery},
        openapi::ErrorBody,
        tenant::{self, CurrentTenant},
    },
    realtime::Event,
    state::AppState,
};

const RULE: Access = Access::Route("instances");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .get("/instance", RULE, list)
        .post("/instance", RULE, create)
        .post("/instance/update", RULE, update)
        .post("/instance/syncMessages", RULE, sync_messages)
        .get("/instance/syncMessages", RULE, latest_sync)
        .get("/instance/syncMessages/{id}", RULE, sync_status)
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct TenantParam {
    /// Outro tenant (só operadores do back-office); o próprio quando ausente.
    #[serde(default)]
    tenant_name: Option<String>,
}

/// Every instance of the tenant, by name.
#[utoipa::path(
    get, path = "/instance", tag = "instâncias", operation_id = "instances_list",
    summary = "Lista as instâncias",
    params(TenantParam),
    responses(
        (status = 200, description = "As instâncias, por nome.", body = Vec<InstanceSummary>),
        (status = 403, description = "Sem a rota `instances`, ou `tenantName` de outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
    )
)]
async fn list(State(state): State<AppState>, caller: CurrentTenant, ApiQuery(param): ApiQuery<TenantParam>) -> AppResult<Json<Value>> {
    let target = tenant::target(&state, &caller, param.tenant_name.as_deref()).await?;
    let tx = target.begin(&state).await?;
    let all = instances::list(&tx, &[]).await?;
    tx.commit().await?;
    Ok(Json(json!(all)))
}

fn provider(state: &AppState, url: Option<String>, secret: Option<String>) -> AppResult<Option<ProviderConfig>> {
    match (url, secret) {
        (None, None) => Ok(None),
        (url, secret) => Ok(Some(ProviderConfig::parse(
            url.as_deref().unwrap_or_default(),
            secret.as_deref().unwrap_or_default(),
            state.config.allow_private_providers,
        )?)),
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CreateInstanceBody)]
struct CreateBody {
    #[schema(example = "WhatsApp Vendas")]
    name: String,
    /// Outro tenant (só operadores do back-office).
    #[serde(default)]
    tenant_name: Option<String>,
    #[serde(default)]
    is_official: bool,
    #[serde(default)]
    is_unlimited: bool,
    /// URL HTTPS do provedor (redes privadas só com `ALLOW_PRIVATE_PROVIDERS`).
    #[serde(default)]
    provider_base_url: Option<String>,
    /// Segredo do provedor (nunca é mostrado).
    #[serde(default)]
    provider_secret: Option<String>,
}

/// Creates an instance, optionally with its provider connector.
#[utoipa::path(
    post, path = "/instance", tag = "instâncias", operation_id = "instances_create",
    summary = "Cria uma instância",
    request_body = CreateBody,
    responses(
        (status = 201, description = "A instância criada.", body = InstanceSummary),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 409, description = "Gravação simultânea dos mesmos dados (`already_exists`).", body = ErrorBody),
        (status = 422, description = "Nome inválido ou já usado, ou provedor inválido.", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: CurrentTenant,
    ApiJson(body): ApiJson<CreateBody>,
) -> AppResult<(StatusCode, Json<Value>)> {
    let target = tenant::target(&state, &caller, body.tenant_name.as_deref()).await?;
    let new = NewInstance {
        name: body.name,
        is_official: body.is_official,
        is_unlimited: body.is_unlimited,
        provider: provider(&state, body.provider_base_url, body.provider_secret)?,
    };
    let tx = target.begin(&state).await?;
    let created = instances::create(&tx, new).await?;
    tx.commit().await?;
    let summary = instances::InstanceSummary::from(created);
    state.bus.publish(&target.name, Event::InstanceUpdated { instance: summary.clone() });
    Ok((StatusCode::CREATED, Json(json!(summary))))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UpdateInstanceBody)]
struct UpdateBody {
    /// Id da instância.
    id: i32,
    /// Outro tenant (só operadores do back-office).
    #[serde(default)]
    tenant_name: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    activated: Option<bool>,
    #[serde(default)]
    is_official: Option<bool>,
    #[serde(default)]
    is_unlimited: Option<bool>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    provider_base_url: Option<String>,
    #[serde(default)]
    provider_secret: Option<String>,
}

/// Changes what the body carries.
#[utoipa::path(
    post, path = "/instance/update", tag = "instâncias", operation_id = "instances_update",
    summary = "Altera uma instância",
    description = "Altera só os campos presentes no corpo.",
    request_body = UpdateBody,
    responses(
        (status = 200, description = "A instância alterada.", body = InstanceSummary),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
        (status = 409, description = "Gravação simultânea dos mesmos dados (`already_exists`).", body = ErrorBody),
        (status = 422, description = "Campos inválidos, nome já usado, ou provedor inválido.", body = ErrorBody),
    )
)]
async fn update(State(state): State<AppState>, caller: CurrentTenant, ApiJson(body): ApiJson<UpdateBody>) -> AppResult<Json<Value>> {
    let target = tenant::target(&state, &caller, body.tenant_name.as_deref()).await?;
    let changes = InstanceChanges {
        name: body.name,
        activated: body.activated,
        is_official: body.is_official,
        is_unlimited: body.is_unlimited,
        status: body.status,
        provider: provider(&state, body.provider_base_url, body.provider_secret)?,
    };
    let tx = target.begin(&state).await?;
    let updated = instances::update(&tx, body.id, changes).await?;
    tx.commit().await?;
    let summary = instances::InstanceSummary::from(updated);
    state.bus.publish(&target.name, Event::InstanceUpdated { instance: summary.clone() });
    Ok(Json(json!(summary)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SyncBody {
    /// Id da instância.
    id: i32,
    /// Histórico dos últimos N dias (1 a 3650), a menos que `unlimitedSync`.
    #[serde(default)]
    days_ago: Option<i32>,
    /// Outro tenant (só operadores do back-office).
    #[serde(default)]
    tenant_name: Option<String>,
    #[serde(default)]
    unlimited_sync: bool,
}

/// Starts the synchronisation in the background: 202 with the job to poll.
#[utoipa::path(
    post, path = "/instance/syncMessages", tag = "instâncias", operation_id = "instances_sync_messages",
    summary = "Sincroniza o histórico de mensagens de uma instância",
    description = "Começa em segundo plano e responde 202 com o trabalho `{id, instance_id, status, fetched, \
        inserted, error, ...}`; acompanhe em `GET /api/instance/syncMessages/{id}`.",
    request_body = SyncBody,
    responses(
        (status = 202, description = "Sincronização iniciada: o trabalho a acompanhar.", body = Object),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
        (status = 409, description = "Já há uma sincronização em andamento (`sync_running`).", body = ErrorBody),
        (status = 422, description = "Dias inválidos ou provedor não configurado.", body = ErrorBody),
    )
)]
async fn sync_messages(
    State(state): State<AppState>,
    caller: CurrentTenant,
    ApiJson(body): ApiJson<SyncBody>,
) -> AppResult<(StatusCode, Json<Value>)> {
    let target = tenant::target(&state, &caller, body.tenant_name.as_deref()).await?;
    let request = SyncRequest { instance_id: body.id, days_ago: body.days_ago.unwrap_or(0), unlimited: body.unlimited_sync };
    let db = target.db(&state).await?;
    let tx = db.begin().await?;
    let (job, config) = sync::start(&tx, request).await?;
    tx.commit().await?;
    tokio::spawn(sync::run(db, job.clone(), config, state.config.allow_private_providers));
    Ok((StatusCode::ACCEPTED, Json(json!(job))))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct StatusQuery {
    /// Outro tenant (só operadores do back-office).
    #[serde(default)]
    tenant_name: Option<String>,
}

/// A synchronisation's progress: `status` running|done|failed, `fetched`, `inserted`, `error`.
#[utoipa::path(
    get, path = "/instance/syncMessages/{id}", tag = "instâncias", operation_id = "instances_sync_status",
    summary = "Andamento de uma sincronização de mensagens",
    params(("id" = i32, Path, description = "Id do trabalho de sincronização"), StatusQuery),
    responses(
        (status = 200, description = "`{id, status: running|done|failed, fetched, inserted, error, ...}`", body = Object),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 404, description = "Sincronização não encontrada (`sync_not_found`).", body = ErrorBody),
    )
)]
async fn sync_status(
    State(state): State<AppState>,
    caller: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<StatusQuery>,
) -> AppResult<Json<Value>> {
    let tenant_name = query.tenant_name;
    let target = tenant::target(&state, &caller, tenant_name.as_deref()).await?;
    let tx = target.begin(&state).await?;
    let job = sync::status(&tx, id).await?;
    tx.commit().await?;
    Ok(Json(json!(job)))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct LatestSyncQuery {
    /// Id da instância.
    instance_id: i32,
    /// Outro tenant (só operadores do back-office).
    #[serde(default)]
    tenant_name: Option<String>,
}

/// An instance's latest synchronisation (e.g. one still running when the screen was left).
#[utoipa::path(
    get, path = "/instance/syncMessages", tag = "instâncias", operation_id = "instances_sync_latest",
    summary = "Última sincronização de uma instância",
    params(LatestSyncQuery),
    responses(
        (status = 200, description = "`{id, status: running|done|failed, fetched, inserted, error, ...}`", body = Object),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 404, description = "Nunca sincronizada (`sync_not_found`).", body = ErrorBody),
    )
)]
async fn latest_sync(
    State(state): State<AppState>,
    caller: CurrentTenant,
    ApiQuery(query): ApiQuery<LatestSyncQuery>,
) -> AppResult<Json<Value>> {
    let target = tenant::target(&state, &caller, query.tenant_name.as_deref()).await?;
    let tx = target.begin(&state).await?;
    let job = sync::latest_of_instance(&tx, query.instance_id).await?;
    tx.commit().await?;
    Ok(Json(json!(job)))
}
