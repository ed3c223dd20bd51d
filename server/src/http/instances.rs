//! `/api/instance*` (spec §7): list, create, update and sync messages of a tenant's instances.
//! `tenantName` lets back-office operators act on any tenant; a tenant's users only on their own.

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{
    domain::instances::{
        self, InstanceChanges, NewInstance,
        provider::ProviderConfig,
        sync::{self, SyncRequest},
    },
    error::{AppError, AppResult},
    http::{
        access::{Access, ApiRoutes},
        extract::ApiJson,
        tenant::{self, CurrentTenant},
    },
    state::AppState,
};

const RULE: Access = Access::Route("instances");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .get("/instance", RULE, list)
        .post("/instance", RULE, create)
        .post("/instance/update", RULE, update)
        .post("/instance/syncMessages", RULE, sync_messages)
        .get("/instance/syncMessages/{id}", RULE, sync_status)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TenantParam {
    #[serde(default)]
    tenant_name: Option<String>,
}

async fn list(State(state): State<AppState>, caller: CurrentTenant, Query(param): Query<TenantParam>) -> AppResult<Json<Value>> {
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateBody {
    name: String,
    #[serde(default)]
    tenant_name: Option<String>,
    #[serde(default)]
    is_official: bool,
    #[serde(default)]
    is_unlimited: bool,
    #[serde(default)]
    provider_base_url: Option<String>,
    #[serde(default)]
    provider_secret: Option<String>,
}

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
    Ok((StatusCode::CREATED, Json(json!(instances::InstanceSummary::from(created)))))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateBody {
    id: i32,
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
    Ok(Json(json!(instances::InstanceSummary::from(updated))))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SyncBody {
    id: i32,
    #[serde(default)]
    days_ago: Option<i32>,
    #[serde(default)]
    tenant_name: Option<String>,
    #[serde(default)]
    unlimited_sync: bool,
}

/// Starts the synchronisation in the background: 202 with the job to poll.
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StatusQuery {
    #[serde(default)]
    tenant_name: Option<String>,
}

/// A synchronisation's progress: `status` running|done|failed, `fetched`, `inserted`, `error`.
async fn sync_status(
    State(state): State<AppState>,
    caller: CurrentTenant,
    Path(id): Path<i32>,
    query: Result<Query<StatusQuery>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<Value>> {
    let tenant_name = query.map_err(|_| AppError::BadRequest("Parâmetros inválidos.".into()))?.0.tenant_name;
    let target = tenant::target(&state, &caller, tenant_name.as_deref()).await?;
    let tx = target.begin(&state).await?;
    let job = sync::status(&tx, id).await?;
    tx.commit().await?;
    Ok(Json(json!(job)))
}
