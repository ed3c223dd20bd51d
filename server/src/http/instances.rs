//! `/api/instance*` (docs/contracts.md#api-calls): list, create, update and sync messages of a tenant's instances.
//! `tenantName` lets back-office operators act on any tenant; a tenant's users only on their own.

use std::sync::Arc;

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser, access},
    domain::{
        inbox::{
            inbound::{self, ProviderEvent, Received},
            intake::Arrival,
        },
        instances::{
            self, Connection, ConnectionInput, InstanceChanges, InstanceSummary, Kind, NewInstance,
            cloud::CloudInput,
            connector::{Connector, PhoneHealth},
            evolution::EvolutionInput,
            provider::ProviderConfig,
            sync::{self, SyncRequest},
        },
        standard_webhooks,
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
    tenancy::TenantDb,
};

const RULE: Access = Access::Route("instances");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(RULE, routes!(list))
        .route(RULE, routes!(create))
        .route(RULE, routes!(update))
        .route(RULE, routes!(sync_messages))
        .route(RULE, routes!(latest_sync))
        .route(RULE, routes!(sync_status))
        .route(RULE, routes!(connect))
        .route(RULE, routes!(disconnect))
        .route(RULE, routes!(test_connection))
        // Called by the instance's provider, authenticated by its signature.
        .route(Access::Public, routes!(provider_events))
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
async fn list(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiQuery(param): ApiQuery<TenantParam>,
) -> AppResult<Json<Vec<InstanceSummary>>> {
    let target = access::target(&state, &caller, &user, param.tenant_name.as_deref()).await?;
    let tx = target.read(&state).await?;
    let all = instances::list(&tx, &[]).await?;
    tx.end();
    Ok(Json(all))
}

/// The connection a create or update body describes: `providerKind` names it (`cloud` with its
/// `cloud` object); without it, a `cloud` object means an official number and a base URL or secret
/// the generic contract, as before kinds existed.
fn connection(
    state: &AppState,
    kind: Option<&str>,
    url: Option<String>,
    secret: Option<String>,
    cloud: Option<CloudInput>,
    evolution: Option<EvolutionInput>,
) -> AppResult<Option<ConnectionInput>> {
    let kind = match kind {
        Some(kind) => Some(Kind::parse(kind)?),
        None if cloud.is_some() => Some(Kind::Cloud),
        None if evolution.is_some() => Some(Kind::Evolution),
        None if url.is_some() || secret.is_some() => Some(Kind::Generic),
        None => None,
    };
    Ok(match kind {
        None => None,
        Some(Kind::Generic) => Some(ConnectionInput::Generic(ProviderConfig::parse(
            url.as_deref().unwrap_or_default(),
            secret.as_deref().unwrap_or_default(),
            state.config.allow_private_providers,
        )?)),
        Some(Kind::Cloud) => Some(ConnectionInput::Cloud(cloud.unwrap_or_default())),
        Some(Kind::Evolution) => Some(ConnectionInput::Evolution {
            input: evolution.unwrap_or_default(),
            allow_private: state.config.allow_private_providers,
        }),
    })
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
    /// `generic` (padrão) ou `cloud` (API oficial do WhatsApp, com `cloud`).
    #[serde(default)]
    provider_kind: Option<String>,
    /// Número oficial: `{phoneNumberId, wabaId, accessToken, appSecret, verifyToken}`.
    #[serde(default)]
    cloud: Option<CloudInput>,
    /// Gateway Evolution API: `{baseUrl, instanceName, apiKey}`.
    #[serde(default)]
    evolution: Option<EvolutionInput>,
}

/// Creates an instance, optionally with its provider connector.
#[utoipa::path(
    post, path = "/instance", tag = "instâncias", operation_id = "instances_create",
    summary = "Cria uma instância",
    request_body = CreateBody,
    responses(
        (status = 201, description = "A instância criada.", body = InstanceSummary),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 422, description = "Nome inválido ou já usado, ou provedor inválido.", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiJson(body): ApiJson<CreateBody>,
) -> AppResult<(StatusCode, Json<InstanceSummary>)> {
    let target = access::target(&state, &caller, &user, body.tenant_name.as_deref()).await?;
    let new = NewInstance {
        name: body.name,
        is_official: body.is_official,
        is_unlimited: body.is_unlimited,
        provider: connection(
            &state,
            body.provider_kind.as_deref(),
            body.provider_base_url,
            body.provider_secret,
            body.cloud,
            body.evolution,
        )?,
    };
    let unit = target.unit(&state).await?;
    let summary = instances::create(&unit, &state.secrets, new).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(summary)))
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
    /// `generic` ou `cloud`.
    #[serde(default)]
    provider_kind: Option<String>,
    /// Número oficial; segredos ausentes mantêm os guardados.
    #[serde(default)]
    cloud: Option<CloudInput>,
    /// Gateway Evolution API; `apiKey` ausente mantém a guardada.
    #[serde(default)]
    evolution: Option<EvolutionInput>,
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
        (status = 422, description = "Campos inválidos, nome já usado, ou provedor inválido.", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiJson(body): ApiJson<UpdateBody>,
) -> AppResult<Json<InstanceSummary>> {
    let target = access::target(&state, &caller, &user, body.tenant_name.as_deref()).await?;
    let changes = InstanceChanges {
        name: body.name,
        activated: body.activated,
        is_official: body.is_official,
        is_unlimited: body.is_unlimited,
        status: body.status,
        provider: connection(
            &state,
            body.provider_kind.as_deref(),
            body.provider_base_url,
            body.provider_secret,
            body.cloud,
            body.evolution,
        )?,
    };
    let unit = target.unit(&state).await?;
    let summary = instances::update(&unit, &state.secrets, body.id, changes).await?;
    unit.commit().await?;
    Ok(Json(summary))
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
        (status = 202, description = "Sincronização iniciada: o trabalho a acompanhar.", body = SyncJob),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
        (status = 409, description = "Já há uma sincronização em andamento (`sync_running`).", body = ErrorBody),
        (status = 422, description = "Dias inválidos ou provedor não configurado.", body = ErrorBody),
    )
)]
async fn sync_messages(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiJson(body): ApiJson<SyncBody>,
) -> AppResult<(StatusCode, Json<SyncJob>)> {
    let target = access::target(&state, &caller, &user, body.tenant_name.as_deref()).await?;
    let request =
        SyncRequest { instance_id: body.id, days_ago: body.days_ago.unwrap_or(0), unlimited: body.unlimited_sync };
    let unit = target.unit(&state).await?;
    let job = sync::start(&unit, &state.secrets, &target.name, request).await?;
    unit.commit().await?;
    Ok((StatusCode::ACCEPTED, Json(SyncJob::from(&job))))
}

/// A message-history synchronisation of an instance and its progress, as the sync routes answer it.
#[derive(Serialize, ToSchema)]
struct SyncJob {
    /// Id do trabalho (para `GET /api/instance/syncMessages/{id}`).
    id: i32,
    instance_id: i32,
    /// `running`, `done` ou `failed`.
    #[schema(example = "running")]
    status: String,
    days_ago: i32,
    unlimited: bool,
    /// Mensagens lidas do provedor.
    fetched: i64,
    /// Mensagens novas gravadas.
    inserted: i64,
    /// O motivo, quando `failed`.
    error: Option<String>,
    started_at: chrono::DateTime<chrono::Utc>,
    finished_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl From<&crate::entities::tenant::sync_job::Model> for SyncJob {
    fn from(job: &crate::entities::tenant::sync_job::Model) -> Self {
        Self {
            id: job.id,
            instance_id: job.instance_id,
            status: job.status.clone(),
            days_ago: job.days_ago,
            unlimited: job.unlimited,
            fetched: job.fetched,
            inserted: job.inserted,
            error: job.error.clone(),
            started_at: job.started_at,
            finished_at: job.finished_at,
        }
    }
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
        (status = 200, description = "`{id, status: running|done|failed, fetched, inserted, error, ...}`", body = SyncJob),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
        (status = 404, description = "Sincronização não encontrada (`sync_not_found`).", body = ErrorBody),
    )
)]
async fn sync_status(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<StatusQuery>,
) -> AppResult<Json<SyncJob>> {
    let tenant_name = query.tenant_name;
    let target = access::target(&state, &caller, &user, tenant_name.as_deref()).await?;
    let tx = target.read(&state).await?;
    let job = sync::status(&tx, id).await?;
    tx.end();
    Ok(Json(SyncJob::from(&job)))
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
        (status = 200, description = "`{id, status: running|done|failed, fetched, inserted, error, ...}`, ou `null` se nunca sincronizada", body = Option<SyncJob>),
        (status = 403, description = "Sem a rota `instances`, ou outra empresa sem ser operador (`other_tenant`).", body = ErrorBody),
    )
)]
async fn latest_sync(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<LatestSyncQuery>,
) -> AppResult<Json<Option<SyncJob>>> {
    let target = access::target(&state, &caller, &user, query.tenant_name.as_deref()).await?;
    let tx = target.read(&state).await?;
    let job = sync::latest_of_instance(&tx, query.instance_id).await?;
    tx.end();
    Ok(Json(job.as_ref().map(SyncJob::from)))
}

/// The instance a provider's request names, with its opened provider secret: the process's copy
/// (dropped whenever an instance of the tenant changes, `Raised::InstancesChanged`), else read
/// beside the writer and kept. Every failure is the same 401: an unknown instance is no more
/// informative than a bad signature.
pub(super) async fn provider_instance(
    state: &AppState,
    tenant: &CurrentTenant,
    db: &TenantDb,
    id: i32,
) -> AppResult<Arc<crate::cache::InstanceEntry>> {
    let caches = state.bus.caches();
    if let Some(known) = caches.instance(&tenant.name, id) {
        return Ok(known);
    }
    let ticket = caches.instances_ticket();
    let refused = || crate::error::AppError::ProviderSignature;
    let read = db.read().await?;
    let found = instances::find(&read, id).await;
    read.end();
    let instance = match found {
        Ok(found) => found,
        Err(crate::domain::error::Error::NotFound { .. }) => return Err(refused()),
        Err(other) => return Err(other.into()),
    };
    let connection = instances::connection_of(&instance, &state.secrets, &tenant.name)
        .map_err(|_| refused())?
        .ok_or_else(refused)?;
    let entry = Arc::new(crate::cache::InstanceEntry { instance, connection });
    caches.store_instance(ticket, tenant.name.clone(), entry.clone());
    Ok(entry)
}

/// What an instance's provider pushes: customer messages, acks, connection status
/// (docs/providers.md#inbound-events), signed as Standard Webhooks with the provider secret.
#[utoipa::path(
    post, path = "/instance/{id}/events", tag = "instâncias", operation_id = "instances_events",
    summary = "Eventos do provedor da instância (mensagens, confirmações, status)",
    description = "Chamado pelo provedor, não por pessoas. Autenticado pela assinatura Standard Webhooks \
        (`webhook-id`, `webhook-timestamp`, `webhook-signature`) com o segredo do provedor. Corpo: \
        `{\"type\":\"message\",\"data\":{id, phone, name, direction, body, sentAt}}`, \
        `{\"type\":\"ack\",\"data\":{id, ack}}` ou `{\"type\":\"status\",\"data\":{status}}`. Um `webhook-id` \
        já recebido, ou uma mensagem já guardada, responde 200 sem repetir nada.",
    params(("id" = i32, Path, description = "Id da instância")),
    request_body(content = Object, description = "O evento."),
    responses(
        (status = 200, description = "`{\"status\":\"ok\"}` ou `{\"status\":\"duplicate\"}`.", body = EventReceived),
        (status = 401, description = "Assinatura ausente, errada ou com mais de 5 minutos, ou instância desconhecida (`invalid_signature`).", body = ErrorBody),
        (status = 422, description = "Evento inválido.", body = ErrorBody),
    )
)]
async fn provider_events(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    request: axum::extract::Request,
) -> AppResult<Json<EventReceived>> {
    let headers = request.headers().clone();
    if !crate::edge::is_json(&headers) {
        return Err(crate::error::AppError::UnsupportedMediaType);
    }
    // A signature header no genuine provider sends is refused before its body is read.
    let header = |name: &str| headers.get(name).map(|v| v.to_str().unwrap_or_default());
    if !standard_webhooks::header_fits(header("webhook-id"), header("webhook-signature")) {
        tracing::info!(instance = id, "provider event refused: oversized signature headers");
        return Err(crate::error::AppError::ProviderSignature);
    }
    let body = crate::edge::read_body(request, &state).await?;
    let db = tenant.db(&state).await?;
    let publisher: Arc<dyn crate::domain::events::Publisher> = Arc::new(state.bus.clone());
    let arrival = authenticate(&state, &tenant, &db, id, &headers, &body).await?;
    let received = state.intake.take(db, publisher, arrival).await?;
    let status = if received == Received::Duplicate { "duplicate" } else { "ok" };
    Ok(Json(EventReceived { status }))
}

/// What a provider's event answers.
#[derive(Serialize, ToSchema)]
struct EventReceived {
    /// `ok`, ou `duplicate` para um evento já recebido.
    #[schema(example = "ok")]
    status: &'static str,
}

/// A provider event whose signature holds, parsed, with what of the tenant decides its handling.
async fn authenticate(
    state: &AppState,
    tenant: &CurrentTenant,
    db: &TenantDb,
    id: i32,
    headers: &axum::http::HeaderMap,
    body: &bytes::Bytes,
) -> AppResult<Arrival> {
    let known = provider_instance(state, tenant, db, id).await?;
    // Only the generic contract signs as Standard Webhooks: an official number's events come to
    // its own endpoint (`http::cloud_webhook`).
    let Connection::Generic(provider) = &known.connection else {
        tracing::info!(instance = id, "provider event refused: the instance is not of the generic kind");
        return Err(crate::error::AppError::ProviderSignature);
    };
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let event_id = header("webhook-id");
    let verified = {
        let header = |name: &str| header(name).map(str::to_owned);
        let (secret, id, timestamp, signature) = (
            provider.secret.clone(),
            event_id.map(str::to_owned),
            header("webhook-timestamp"),
            header("webhook-signature"),
        );
        let large = body.len() > 64 * 1024;
        let body = body.clone();
        let check = move || {
            standard_webhooks::verify(
                &secret,
                id.as_deref(),
                timestamp.as_deref(),
                signature.as_deref(),
                &body,
                chrono::Utc::now(),
            )
        };
        // One MAC over a body of up to the body cap: small, but not for a runtime worker when
        // the body is large (a 2 MB body is ~5 ms of SHA-256).
        if large {
            tokio::task::spawn_blocking(check).await.map_err(|err| crate::error::AppError::Internal(err.to_string()))?
        } else {
            check()
        }
    };
    verified.map_err(|err| {
        tracing::info!(instance = id, error = %err, "provider event refused");
        crate::error::AppError::ProviderSignature
    })?;
    let event: ProviderEvent = serde_json::from_slice(body)
        .map_err(|err| crate::error::AppError::BadRequest(format!("Evento do provedor inválido: {err}")))?;
    let plan = plan_for(state, tenant, db, &event).await?;
    let instance = known.instance.clone();
    Ok(Arrival { instance, event_id: event_id.unwrap_or_default().to_owned(), event, plan })
}

/// How many events of a provider's post were written, were seen before, or were left out.
#[derive(Debug, Default, Serialize, ToSchema)]
pub(super) struct EventsTaken {
    /// Eventos gravados agora.
    pub received: usize,
    /// Eventos já recebidos antes (o provedor reenvia; nada muda).
    pub duplicates: usize,
    /// Eventos deixados de lado (outro número, tipo sem conteúdo, dados inválidos).
    pub skipped: usize,
}

/// Writes the events a provider's post (Meta's delivery, a gateway's post) was read into, in
/// their order, each once. An event that could never be written is left out and logged, not
/// refused: a non-2xx would make the provider post all of them again.
pub(super) async fn take_events(
    state: &AppState,
    tenant: &CurrentTenant,
    db: &TenantDb,
    instance: &crate::entities::tenant::instance::Model,
    events: Vec<crate::domain::inbox::cloud_webhook::Translated>,
    skipped: usize,
) -> AppResult<EventsTaken> {
    let publisher: Arc<dyn crate::domain::events::Publisher> = Arc::new(state.bus.clone());
    let mut taken = EventsTaken { skipped, ..Default::default() };
    for translated in events {
        if let Err(err) = inbound::validate(&translated.event) {
            tracing::warn!(instance = instance.id, event = %translated.event_id, error = %err, "provider event left out");
            taken.skipped += 1;
            continue;
        }
        let plan = plan_for(state, tenant, db, &translated.event).await?;
        let arrival =
            Arrival { instance: instance.clone(), event_id: translated.event_id, event: translated.event, plan };
        match state.intake.take(db.clone(), publisher.clone(), arrival).await? {
            Received::Duplicate => taken.duplicates += 1,
            Received::Done => taken.received += 1,
        }
    }
    Ok(taken)
}

/// What of the tenant decides how `event` is handled (its ticket limit, its bots).
pub(super) async fn plan_for(
    state: &AppState,
    tenant: &CurrentTenant,
    db: &TenantDb,
    event: &ProviderEvent,
) -> AppResult<inbound::Plan> {
    let chatbot = tenant.has_feature(crate::domain::features::Feature::Chatbot.option());
    // Only a customer's message may meet the bot: acks and status changes never read its bots.
    let bots = match event {
        ProviderEvent::Message(_) if chatbot => state.bus.caches().bots_of(&tenant.name, db).await?,
        _ => Default::default(),
    };
    Ok(inbound::Plan { ticket_limit: tenant.record.ticket_limit, chatbot, bots })
}

/// Asks the provider for a pairing code; the status arrives later as a `status` event.
#[utoipa::path(
    post, path = "/instance/{id}/connect", tag = "instâncias", operation_id = "instances_connect",
    summary = "Conecta o número: pede o código de pareamento (QR) ao provedor",
    params(("id" = i32, Path, description = "Id da instância"), TenantParam),
    responses(
        (status = 200, description = "`{\"qrcode\": \"...\"}` para mostrar como QR code até o provedor informar `connected`.", body = PairingCode),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
        (status = 422, description = "Sem provedor configurado, ou erro do provedor (`provider_error`).", body = ErrorBody),
    )
)]
async fn connect(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(param): ApiQuery<TenantParam>,
) -> AppResult<Json<PairingCode>> {
    let target = access::target(&state, &caller, &user, param.tenant_name.as_deref()).await?;
    let client = session_client(&state, &target, id).await?;
    let qrcode = client.start_session().await?;
    Ok(Json(PairingCode { qrcode }))
}

/// The provider's pairing code, to show as a QR code.
#[derive(Serialize, ToSchema)]
struct PairingCode {
    qrcode: String,
}

/// Ends the number's session at the provider; the status arrives as a `status` event.
#[utoipa::path(
    post, path = "/instance/{id}/disconnect", tag = "instâncias", operation_id = "instances_disconnect",
    summary = "Desconecta o número no provedor",
    params(("id" = i32, Path, description = "Id da instância"), TenantParam),
    responses(
        (status = 204, description = "Pedido aceito pelo provedor."),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
        (status = 422, description = "Sem provedor configurado, ou erro do provedor (`provider_error`).", body = ErrorBody),
    )
)]
async fn disconnect(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(param): ApiQuery<TenantParam>,
) -> AppResult<StatusCode> {
    let target = access::target(&state, &caller, &user, param.tenant_name.as_deref()).await?;
    session_client(&state, &target, id).await?.end_session().await?;
    Ok(StatusCode::NO_CONTENT)
}

pub(super) async fn session_client(state: &AppState, target: &CurrentTenant, id: i32) -> AppResult<Box<dyn Connector>> {
    let tx = target.read(state).await?;
    let found = instances::find(&tx, id).await;
    tx.end();
    let config = instances::connection_of(&found?, &state.secrets, &target.name)?.ok_or_else(|| {
        crate::domain::Error::invalid(
            "provider_missing",
            "Configure o provedor da instância antes de conectar o número.",
        )
    })?;
    let config = match config {
        // The gateway is told where to post this instance's events when it pairs.
        Connection::Evolution(mut gateway) => {
            let origin = state.config.public_origin(target.name.as_str());
            gateway.webhook_url =
                Some(format!("{origin}/api/instance/{id}/evolution/{}", gateway.secrets.webhook_token));
            Connection::Evolution(gateway)
        }
        other => other,
    };
    Ok(instances::open(config, &state.config.reach())?)
}

/// Reads the number's state at its provider: for an official number, its display number, verified
/// name, quality rating and messaging limit (the token, the ids and Meta's answer, all at once).
#[utoipa::path(
    post, path = "/instance/{id}/test", tag = "instâncias", operation_id = "instances_test",
    summary = "Testa a conexão do número com o provedor",
    params(("id" = i32, Path, description = "Id da instância"), TenantParam),
    responses(
        (status = 200, description = "O número como a Meta o vê.", body = PhoneHealth),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
        (status = 422, description = "Sem provedor (`provider_missing`), provedor genérico (`check_unsupported`), ou a Meta recusou (`provider_error`, com o motivo).", body = ErrorBody),
    )
)]
async fn test_connection(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(param): ApiQuery<TenantParam>,
) -> AppResult<Json<PhoneHealth>> {
    let target = access::target(&state, &caller, &user, param.tenant_name.as_deref()).await?;
    let health = session_client(&state, &target, id).await?.check().await?;
    // Meta answered for the number with its token: the connection works, and the list shows it.
    let unit = target.unit(&state).await?;
    inbound::connection_status(&unit, id, "connected").await?;
    unit.commit().await?;
    Ok(Json(health))
}
