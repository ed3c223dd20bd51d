//! The tenant's webhook endpoints and what is delivered to them (docs/campaigns.md#webhooks),
//! following Standard Webhooks: a per-endpoint secret (`whsec_` + base64, shown once, stored
//! sealed), deliveries written to the outbox in the transaction of the change that causes them,
//! each with a `webhook-id` that stays the same across its retries.
//!
//! The worker's handler (`jobs::webhook_deliver`) signs and sends; this module owns the rows:
//! endpoints, deliveries, attempts, and what an attempt's outcome does to them (a 410 disables
//! the endpoint; deliveries given up [`DISABLE_AFTER`] times in a row disable it with a notice).

pub mod ssrf;

use std::collections::HashMap;

use base64::{Engine, engine::general_purpose::STANDARD};
use chrono::{DateTime, Duration, Utc};
use rand::RngCore;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
    sea_query::{Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::events::ChatNotification,
        error::{Error, FieldError, Result},
        events::{Audience, DomainEvent, Raised},
        outbox::{self, WebhookDeliver},
        sealing::Scope,
        unit::Unit,
        webhook_events,
    },
    entities::tenant::{
        campaign, campaign_recipient, customer,
        states::{DeliveryStatus, RecipientStatus},
        webhook_attempt, webhook_delivery, webhook_endpoint,
    },
    secrets::Secrets,
    tenancy::TenantName,
};

pub use crate::domain::webhook_events::{CAMPAIGN_STATUS, EVENT_TYPES};
/// The type of the test event (`POST /api/webhooks/{id}/test`).
pub const TEST_EVENT: &str = "webhook.test";
/// Endpoints a tenant may have.
pub const MAX_ENDPOINTS: u64 = 20;
/// How long the previous secret still signs after a rotation.
pub const ROTATION_OVERLAP: Duration = Duration::hours(24);
/// Deliveries given up in a row that disable an endpoint.
pub const DISABLE_AFTER: i32 = 5;

/// An endpoint as the API shows it (never its secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndpointView {
    pub id: i32,
    pub url: String,
    pub description: String,
    pub events: Vec<String>,
    pub enabled: bool,
    pub disabled_at: Option<DateTime<Utc>>,
    pub disabled_reason: Option<String>,
    /// Entregas desistidas seguidas (zera a cada sucesso).
    pub failure_count: i32,
    pub created_at: DateTime<Utc>,
    pub secret_rotated_at: Option<DateTime<Utc>>,
}

impl From<webhook_endpoint::Model> for EndpointView {
    fn from(e: webhook_endpoint::Model) -> Self {
        let events = serde_json::from_value::<Vec<String>>(e.event_types).unwrap_or_default();
        Self {
            id: e.id,
            url: e.url,
            description: e.description.unwrap_or_default(),
            events,
            enabled: e.enabled,
            disabled_at: e.disabled_at,
            disabled_reason: e.disabled_reason,
            failure_count: e.failure_count,
            created_at: e.created_at,
            secret_rotated_at: e.secret_rotated_at,
        }
    }
}

/// A new endpoint, with its secret — the only time it is shown.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedEndpoint {
    #[serde(flatten)]
    pub endpoint: EndpointView,
    /// `whsec_` + base64: guarde agora, não é mostrado de novo.
    pub secret: String,
}

/// A rotated secret.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rotated {
    pub secret: String,
    /// Até quando o segredo anterior também assina as entregas.
    pub previous_valid_until: DateTime<Utc>,
}

/// An endpoint to create.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewEndpoint {
    pub url: String,
    pub events: Vec<String>,
    #[serde(default)]
    pub description: Option<String>,
}

/// Changes to an endpoint (absent fields stay).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndpointChange {
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub events: Option<Vec<String>>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub enabled: Option<bool>,
}

/// One attempt of a delivery.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttemptView {
    pub at: DateTime<Utc>,
    pub status_code: Option<i32>,
    pub duration_ms: i32,
    pub error: Option<String>,
}

/// A delivery with its attempts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryView {
    pub id: i32,
    pub endpoint_id: i32,
    pub webhook_id: String,
    pub event_type: String,
    pub status: DeliveryStatus,
    pub attempts: i32,
    pub last_status_code: Option<i32>,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// O corpo enviado (JSON).
    pub payload: serde_json::Value,
    pub log: Vec<AttemptView>,
}

fn endpoint_not_found() -> Error {
    Error::not_found("webhook_not_found", "Endpoint de webhook não encontrado.")
}

/// A new signing secret: `whsec_` + base64 of 24 random bytes.
pub fn new_secret() -> String {
    let mut key = [0u8; 24];
    rand::rng().fill_bytes(&mut key);
    format!("whsec_{}", STANDARD.encode(key))
}

fn check_events(events: &[String], problems: &mut Vec<FieldError>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for event in events {
        if !EVENT_TYPES.contains(&event.as_str()) {
            problems.push(FieldError::new(
                "events",
                format!("Evento desconhecido: {event}. Os eventos são: {}.", EVENT_TYPES.join(", ")),
            ));
        } else if !out.contains(event) {
            out.push(event.clone());
        }
    }
    if events.is_empty() {
        problems.push(FieldError::new("events", "Escolha ao menos um evento."));
    }
    out
}

fn check_description(description: Option<&str>, problems: &mut Vec<FieldError>) -> Option<String> {
    let description = description.map(str::trim).filter(|d| !d.is_empty())?;
    if description.chars().count() > 200 {
        problems.push(FieldError::new("description", "A descrição tem no máximo 200 caracteres."));
    }
    Some(description.to_owned())
}

fn invalid(problems: Vec<FieldError>) -> Error {
    Error::Invalid {
        code: "invalid_webhook",
        message: problems.first().map(|p| p.message.clone()).unwrap_or_default(),
        fields: problems,
    }
}

/// Every endpoint, oldest first.
pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<EndpointView>> {
    let found = webhook_endpoint::Entity::find().order_by_asc(webhook_endpoint::Column::Id).all(db).await?;
    Ok(found.into_iter().map(EndpointView::from).collect())
}

async fn find(db: &impl ConnectionTrait, id: i32) -> Result<webhook_endpoint::Model> {
    webhook_endpoint::Entity::find_by_id(id).one(db).await?.ok_or_else(endpoint_not_found)
}

/// A URL checked for saving, or the problem with it among the others.
async fn check_url(raw: &str, allow_private: bool, problems: &mut Vec<FieldError>) -> Result<Option<url::Url>> {
    match ssrf::check(raw, allow_private).await {
        Ok(url) => Ok(Some(url)),
        Err(Error::Invalid { fields, .. }) => {
            problems.extend(fields);
            Ok(None)
        }
        Err(other) => Err(other),
    }
}

/// A new endpoint whose URL was resolved and found public, its events and description valid.
/// Only [`check_new`] makes one, and it runs before any transaction opens: a slow DNS answer
/// must not hold the tenant's writer (on SQLite, every other write of the tenant waits for it).
#[derive(Debug, Clone)]
pub struct CheckedEndpoint {
    url: url::Url,
    events: Vec<String>,
    description: Option<String>,
}

/// Checks a new endpoint (the URL resolved now); every problem at once, by field.
pub async fn check_new(new: NewEndpoint, allow_private: bool) -> Result<CheckedEndpoint> {
    let mut problems = Vec::new();
    let events = check_events(&new.events, &mut problems);
    let description = check_description(new.description.as_deref(), &mut problems);
    let url = check_url(&new.url, allow_private, &mut problems).await?;
    let (Some(url), true) = (url, problems.is_empty()) else { return Err(invalid(problems)) };
    Ok(CheckedEndpoint { url, events, description })
}

/// Creates a checked endpoint; its secret is answered this once and stored sealed.
pub async fn create(
    unit: &Unit,
    secrets: &Secrets,
    tenant: &TenantName,
    checked: CheckedEndpoint,
) -> Result<CreatedEndpoint> {
    let db = unit;
    let CheckedEndpoint { url, events, description } = checked;
    if webhook_endpoint::Entity::find().count(db).await? >= MAX_ENDPOINTS {
        return Err(Error::conflict("too_many_webhooks", format!("Limite de {MAX_ENDPOINTS} endpoints por empresa.")));
    }
    let now = Utc::now();
    let created = webhook_endpoint::ActiveModel {
        url: Set(url.to_string()),
        // Sealed for its id once it has one (below), in the same transaction.
        secret: Set(String::new()),
        event_types: Set(serde_json::json!(events)),
        enabled: Set(true),
        description: Set(description),
        failure_count: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let secret = new_secret();
    let mut active = created.into_active_model();
    active.secret =
        Set(secrets.seal(&Scope::WebhookSecret { endpoint_id: *active.id.as_ref() }.of(tenant.as_str()), &secret));
    let saved = active.update(db).await?;
    unit.raise(Raised::WebhooksChanged);
    Ok(CreatedEndpoint { endpoint: saved.into(), secret })
}

/// Changes to an endpoint, checked (a new URL resolved) before any transaction opens; only
/// [`check_change`] makes one.
#[derive(Debug, Clone)]
pub struct CheckedChange {
    url: Option<url::Url>,
    events: Option<Vec<String>>,
    description: Option<Option<String>>,
    enabled: Option<bool>,
}

/// Checks changes to an endpoint (a new URL resolved now); every problem at once, by field.
pub async fn check_change(change: EndpointChange, allow_private: bool) -> Result<CheckedChange> {
    let mut problems = Vec::new();
    let events = change.events.as_deref().map(|e| check_events(e, &mut problems));
    let description = change.description.as_deref().map(|d| check_description(Some(d), &mut problems));
    let url = match &change.url {
        Some(raw) => check_url(raw, allow_private, &mut problems).await?,
        None => None,
    };
    if !problems.is_empty() {
        return Err(invalid(problems));
    }
    Ok(CheckedChange { url, events, description, enabled: change.enabled })
}

/// Changes an endpoint; enabling it again clears its failures.
pub async fn update(unit: &Unit, id: i32, change: CheckedChange) -> Result<EndpointView> {
    let found = find(unit, id).await?;
    let CheckedChange { url, events, description, enabled } = change;
    let now = Utc::now();
    let mut active = found.into_active_model();
    if let Some(url) = url {
        active.url = Set(url.to_string());
    }
    if let Some(events) = events {
        active.event_types = Set(serde_json::json!(events));
    }
    if let Some(description) = description {
        active.description = Set(description);
    }
    match enabled {
        Some(true) => {
            active.enabled = Set(true);
            active.disabled_at = Set(None);
            active.disabled_reason = Set(None);
            active.failure_count = Set(0);
        }
        Some(false) => {
            active.enabled = Set(false);
            active.disabled_at = Set(Some(now));
            active.disabled_reason = Set(Some("Desativado por um administrador.".into()));
        }
        None => {}
    }
    active.updated_at = Set(now);
    let saved = active.update(unit).await?;
    unit.raise(Raised::WebhooksChanged);
    Ok(saved.into())
}

/// Deletes an endpoint with its deliveries (their pending jobs find nothing and end).
pub async fn delete(unit: &Unit, id: i32) -> Result<()> {
    let db = unit;
    find(db, id).await?;
    let deliveries: Vec<i32> = webhook_delivery::Entity::find()
        .select_only()
        .column(webhook_delivery::Column::Id)
        .filter(webhook_delivery::Column::EndpointId.eq(id))
        .into_tuple()
        .all(db)
        .await?;
    for chunk in deliveries.chunks(500) {
        webhook_attempt::Entity::delete_many()
            .filter(webhook_attempt::Column::DeliveryId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
    }
    webhook_delivery::Entity::delete_many().filter(webhook_delivery::Column::EndpointId.eq(id)).exec(db).await?;
    webhook_endpoint::Entity::delete_by_id(id).exec(db).await?;
    unit.raise(Raised::WebhooksChanged);
    Ok(())
}

/// A new secret; the current one keeps signing (beside it) for [`ROTATION_OVERLAP`].
pub async fn rotate(db: &impl ConnectionTrait, secrets: &Secrets, tenant: &TenantName, id: i32) -> Result<Rotated> {
    let found = find(db, id).await?;
    let now = Utc::now();
    let until = now + ROTATION_OVERLAP;
    let secret = new_secret();
    let scope = Scope::WebhookSecret { endpoint_id: id }.of(tenant.as_str());
    let previous = found.secret.clone();
    let mut active = found.into_active_model();
    active.previous_secret = Set(Some(previous));
    active.previous_secret_until = Set(Some(until));
    active.secret = Set(secrets.seal(&scope, &secret));
    active.secret_rotated_at = Set(Some(now));
    active.updated_at = Set(now);
    active.update(db).await?;
    Ok(Rotated { secret, previous_valid_until: until })
}

/// The secrets that sign a delivery to this endpoint now: the current one, and the previous one
/// during a rotation's overlap.
pub fn signing_secrets(
    secrets: &Secrets,
    tenant: &TenantName,
    endpoint: &webhook_endpoint::Model,
    now: DateTime<Utc>,
) -> Result<Vec<String>> {
    let scope = Scope::WebhookSecret { endpoint_id: endpoint.id }.of(tenant.as_str());
    let open = |stored: &str| {
        secrets.open(&scope, stored).map_err(|err| {
            tracing::error!(endpoint = endpoint.id, error = %err, "webhook secret does not open");
            Error::invalid("webhook_secret_unreadable", "O segredo do endpoint não pôde ser lido: troque-o.")
        })
    };
    let mut out = vec![open(&endpoint.secret)?];
    if let (Some(previous), Some(until)) = (&endpoint.previous_secret, endpoint.previous_secret_until)
        && until > now
    {
        out.push(open(previous)?);
    }
    Ok(out)
}

/// A recipient's status moved (what a `campaign.status` event says).
pub struct CampaignStatus<'a> {
    pub campaign_id: i32,
    pub campaign_name: &'a str,
    pub recipient_id: i32,
    pub phone: &'a str,
    pub status: RecipientStatus,
    pub at: DateTime<Utc>,
}

/// The `data` of a `campaign.status` event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignStatusData {
    pub campaign_id: i32,
    pub campaign_name: String,
    pub recipient_id: i32,
    pub phone: String,
    pub status: RecipientStatus,
    /// Quando o destinatário chegou a esta situação (ISO 8601, milissegundos, UTC).
    pub at: String,
}

fn campaign_payload(event: &CampaignStatus<'_>) -> String {
    let data = CampaignStatusData {
        campaign_id: event.campaign_id,
        campaign_name: event.campaign_name.to_owned(),
        recipient_id: event.recipient_id,
        phone: event.phone.to_owned(),
        status: event.status,
        at: event.at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    };
    webhook_events::payload(CAMPAIGN_STATUS, event.at, &data)
}

/// Queues a `campaign.status` delivery to every subscribed endpoint.
pub async fn campaign_status(unit: &Unit, event: CampaignStatus<'_>) -> Result<()> {
    let endpoints = webhook_events::subscribers(unit).await?.of(CAMPAIGN_STATUS);
    if endpoints.is_empty() {
        return Ok(());
    }
    let payload = campaign_payload(&event);
    for endpoint_id in endpoints {
        webhook_events::queue(unit, endpoint_id, CAMPAIGN_STATUS, payload.clone()).await?;
    }
    Ok(())
}

/// A signed test event to one endpoint (enabled or not: testing is how one checks a fix).
pub async fn test(unit: &Unit, endpoint_id: i32) -> Result<DeliveryView> {
    let endpoint = find(unit, endpoint_id).await?;
    let now = Utc::now();
    let payload = serde_json::json!({
        "type": TEST_EVENT,
        "timestamp": now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "data": { "endpointId": endpoint.id, "message": "Teste de webhook do back-office." }
    })
    .to_string();
    let queued = webhook_events::queue(unit, endpoint.id, TEST_EVENT, payload).await?;
    Ok(delivery_views(unit, vec![queued]).await?.remove(0))
}

/// Sends a delivery again, with the same `webhook-id` (the receiver's idempotency key).
pub async fn retry(unit: &Unit, delivery_id: i32) -> Result<DeliveryView> {
    let found = webhook_delivery::Entity::find_by_id(delivery_id)
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("delivery_not_found", "Entrega não encontrada."))?;
    if found.status == DeliveryStatus::Pending {
        return Err(Error::conflict("delivery_pending", "Esta entrega já está na fila."));
    }
    let now = Utc::now();
    let mut active = found.into_active_model();
    active.status = Set(DeliveryStatus::Pending);
    active.next_attempt_at = Set(Some(now));
    active.updated_at = Set(now);
    let saved = active.update(unit).await?;
    outbox::enqueue(unit, &WebhookDeliver { delivery_id }, now).await?;
    Ok(delivery_views(unit, vec![saved]).await?.remove(0))
}

/// An endpoint's deliveries, newest first, `limit` before `cursor`.
pub async fn deliveries(
    db: &impl ConnectionTrait,
    endpoint_id: i32,
    event_type: Option<&str>,
    cursor: Option<&str>,
    limit: u64,
) -> Result<(Vec<DeliveryView>, Option<String>)> {
    find(db, endpoint_id).await?;
    let mut select = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::EndpointId.eq(endpoint_id))
        .order_by_desc(webhook_delivery::Column::Id)
        .limit(limit + 1);
    if let Some(event_type) = event_type.filter(|t| !t.is_empty()) {
        if event_type != TEST_EVENT && !EVENT_TYPES.contains(&event_type) {
            return Err(Error::invalid_field(
                "invalid_event_type",
                "eventType",
                format!("Evento desconhecido: {event_type}."),
            ));
        }
        select = select.filter(webhook_delivery::Column::EventType.eq(event_type));
    }
    if let Some(cursor) = cursor.filter(|c| !c.is_empty()) {
        let before: i32 =
            cursor.parse().map_err(|_| Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido."))?;
        select = select.filter(webhook_delivery::Column::Id.lt(before));
    }
    let mut found = crate::domain::pages::all(db, select).await?;
    let more = found.len() as u64 > limit;
    found.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next = more.then(|| found.last().map(|d| d.id.to_string())).flatten();
    Ok((delivery_views(db, found).await?, next))
}

async fn delivery_views(db: &impl ConnectionTrait, found: Vec<webhook_delivery::Model>) -> Result<Vec<DeliveryView>> {
    let ids: Vec<i32> = found.iter().map(|d| d.id).collect();
    let mut logs: HashMap<i32, Vec<AttemptView>> = HashMap::new();
    if !ids.is_empty() {
        let attempts = webhook_attempt::Entity::find()
            .filter(webhook_attempt::Column::DeliveryId.is_in(ids))
            .order_by_asc(webhook_attempt::Column::Id)
            .all(db)
            .await?;
        for a in attempts {
            logs.entry(a.delivery_id).or_default().push(AttemptView {
                at: a.at,
                status_code: a.status_code,
                duration_ms: a.duration_ms,
                error: a.error,
            });
        }
    }
    Ok(found
        .into_iter()
        .map(|d| DeliveryView {
            log: logs.remove(&d.id).unwrap_or_default(),
            payload: serde_json::from_str(&d.payload).unwrap_or(serde_json::Value::Null),
            id: d.id,
            endpoint_id: d.endpoint_id,
            webhook_id: d.webhook_id,
            event_type: d.event_type,
            status: d.status,
            attempts: d.attempts,
            last_status_code: d.last_status_code,
            last_error: d.last_error,
            next_attempt_at: d.next_attempt_at,
            delivered_at: d.delivered_at,
            created_at: d.created_at,
        })
        .collect())
}

/// How one attempt ended.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// 2xx.
    Delivered { status_code: i32 },
    /// 410 Gone: the receiver asks never to be called again.
    Gone,
    /// Anything else; `last` when no attempt is left.
    Failed { status_code: Option<i32>, error: String, last: bool, next_attempt_at: Option<DateTime<Utc>> },
    /// The endpoint is gone or disabled: nothing was sent.
    Skipped,
}

/// Records an attempt and what it does to the delivery and its endpoint.
pub async fn record(
    unit: &Unit,
    delivery: &webhook_delivery::Model,
    outcome: &Outcome,
    duration_ms: i32,
) -> Result<()> {
    let now = Utc::now();
    let (status_code, error) = match outcome {
        Outcome::Delivered { status_code } => (Some(*status_code), None),
        Outcome::Gone => (Some(410), Some("410 Gone: o endpoint foi desativado.".to_owned())),
        Outcome::Failed { status_code, error, .. } => (*status_code, Some(error.clone())),
        Outcome::Skipped => (None, Some("Endpoint desativado ou removido: não enviada.".to_owned())),
    };
    if !matches!(outcome, Outcome::Skipped) {
        webhook_attempt::ActiveModel {
            delivery_id: Set(delivery.id),
            at: Set(now),
            status_code: Set(status_code),
            duration_ms: Set(duration_ms),
            error: Set(error.clone()),
            ..Default::default()
        }
        .insert(unit)
        .await?;
    }
    let (status, next_attempt_at, delivered_at) = match outcome {
        Outcome::Delivered { .. } => (DeliveryStatus::Delivered, None, Some(now)),
        Outcome::Gone => (DeliveryStatus::Failed, None, None),
        Outcome::Failed { last: true, .. } => (DeliveryStatus::Failed, None, None),
        Outcome::Failed { next_attempt_at, .. } => (DeliveryStatus::Pending, *next_attempt_at, None),
        Outcome::Skipped => (DeliveryStatus::Disabled, None, None),
    };
    let attempted = i32::from(!matches!(outcome, Outcome::Skipped));
    let mut update = webhook_delivery::Entity::update_many()
        .col_expr(webhook_delivery::Column::Status, Expr::value(status))
        .col_expr(webhook_delivery::Column::Attempts, Expr::col(webhook_delivery::Column::Attempts).add(attempted))
        .col_expr(webhook_delivery::Column::NextAttemptAt, Expr::value(next_attempt_at))
        .col_expr(webhook_delivery::Column::UpdatedAt, Expr::value(now));
    if attempted == 1 {
        update = update
            .col_expr(webhook_delivery::Column::LastStatusCode, Expr::value(status_code))
            .col_expr(webhook_delivery::Column::LastError, Expr::value(error));
    }
    if delivered_at.is_some() {
        update = update.col_expr(webhook_delivery::Column::DeliveredAt, Expr::value(delivered_at));
    }
    update.filter(webhook_delivery::Column::Id.eq(delivery.id)).exec(unit).await?;
    match outcome {
        Outcome::Delivered { .. } => {
            webhook_endpoint::Entity::update_many()
                .col_expr(webhook_endpoint::Column::FailureCount, Expr::value(0))
                .filter(webhook_endpoint::Column::Id.eq(delivery.endpoint_id))
                .filter(webhook_endpoint::Column::FailureCount.gt(0))
                .exec(unit)
                .await?;
        }
        Outcome::Gone => {
            disable(unit, delivery.endpoint_id, "O endpoint respondeu 410 (Gone): desativado a pedido do receptor.")
                .await?;
        }
        Outcome::Failed { last: true, .. } => {
            let Some(endpoint) = webhook_endpoint::Entity::find_by_id(delivery.endpoint_id).one(unit).await? else {
                return Ok(());
            };
            let failures = endpoint.failure_count + 1;
            let mut active = endpoint.into_active_model();
            active.failure_count = Set(failures);
            active.update(unit).await?;
            if failures >= DISABLE_AFTER {
                let reason = format!("{failures} entregas seguidas falharam em todas as tentativas: desativado.");
                disable(unit, delivery.endpoint_id, &reason).await?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Disables an endpoint and tells the tenant's administrators.
async fn disable(unit: &Unit, endpoint_id: i32, reason: &str) -> Result<()> {
    let Some(endpoint) = webhook_endpoint::Entity::find_by_id(endpoint_id).one(unit).await? else { return Ok(()) };
    if !endpoint.enabled {
        return Ok(());
    }
    let url = endpoint.url.clone();
    let now = Utc::now();
    let mut active = endpoint.into_active_model();
    active.enabled = Set(false);
    active.disabled_at = Set(Some(now));
    active.disabled_reason = Set(Some(reason.to_owned()));
    active.updated_at = Set(now);
    active.update(unit).await?;
    unit.raise(Raised::WebhooksChanged);
    let notice = format!("Webhook {url} desativado. {reason}");
    unit.raise(ChatNotification { ticket: None, message: None, notice: Some(notice) }.to(Audience::managers()));
    Ok(())
}

/// What to send again to one endpoint (`POST /api/webhooks/{id}/replay`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Replay {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// Só estes eventos (ausente ou vazio: todos).
    #[serde(default)]
    pub event_types: Vec<String>,
    /// Só as entregas que falharam ou não foram enviadas (padrão); `false`: também as entregues.
    #[serde(default)]
    pub only_failed: Option<bool>,
}

/// How many deliveries a replay queued again.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Replayed {
    pub queued: u64,
}

/// The longest period one replay covers.
pub const MAX_REPLAY_DAYS: i64 = 31;

/// Sends again, with their own `webhook-id`s (the receiver's idempotency key: what it already
/// processed it recognises), an endpoint's deliveries made within `[from, to]` — of some event
/// types, and only the ones that failed or were not sent unless `only_failed` is false. A
/// receiver back from an outage asks for exactly what it missed; pending ones are on their way
/// already. Walked by key, 500 at a time.
pub async fn replay(unit: &Unit, endpoint_id: i32, replay: Replay) -> Result<Replayed> {
    let mut problems = Vec::new();
    if replay.to <= replay.from {
        problems.push(FieldError::new("to", "A data final deve ser depois da inicial."));
    } else if replay.to - replay.from > Duration::days(MAX_REPLAY_DAYS) {
        problems.push(FieldError::new("to", format!("O período tem no máximo {MAX_REPLAY_DAYS} dias.")));
    }
    let types =
        if replay.event_types.is_empty() { Vec::new() } else { check_events(&replay.event_types, &mut problems) };
    if !problems.is_empty() {
        return Err(Error::Invalid { code: "invalid_replay", message: problems[0].message.clone(), fields: problems });
    }
    find(unit, endpoint_id).await?;
    let statuses = if replay.only_failed.unwrap_or(true) {
        vec![DeliveryStatus::Failed, DeliveryStatus::Disabled]
    } else {
        vec![DeliveryStatus::Failed, DeliveryStatus::Disabled, DeliveryStatus::Delivered]
    };
    let now = Utc::now();
    let (mut after, mut queued) = (0, 0u64);
    loop {
        let mut select = webhook_delivery::Entity::find()
            .select_only()
            .column(webhook_delivery::Column::Id)
            .filter(webhook_delivery::Column::EndpointId.eq(endpoint_id))
            .filter(webhook_delivery::Column::Id.gt(after))
            .filter(webhook_delivery::Column::CreatedAt.gte(replay.from))
            .filter(webhook_delivery::Column::CreatedAt.lte(replay.to))
            .filter(webhook_delivery::Column::Status.is_in(statuses.clone()))
            .filter(webhook_delivery::Column::EventType.ne(TEST_EVENT))
            .order_by_asc(webhook_delivery::Column::Id)
            .limit(500);
        if !types.is_empty() {
            select = select.filter(webhook_delivery::Column::EventType.is_in(types.clone()));
        }
        let ids: Vec<i32> = select.into_tuple().all(unit).await?;
        let Some(&last) = ids.last() else { break };
        after = last;
        webhook_delivery::Entity::update_many()
            .col_expr(webhook_delivery::Column::Status, Expr::value(DeliveryStatus::Pending))
            .col_expr(webhook_delivery::Column::NextAttemptAt, Expr::value(Some(now)))
            .col_expr(webhook_delivery::Column::UpdatedAt, Expr::value(now))
            .filter(webhook_delivery::Column::Id.is_in(ids.clone()))
            .exec(unit)
            .await?;
        for delivery_id in &ids {
            outbox::enqueue(unit, &WebhookDeliver { delivery_id: *delivery_id }, now).await?;
        }
        queued += ids.len() as u64;
    }
    Ok(Replayed { queued })
}

/// Queues again, as fresh deliveries to every enabled endpoint subscribed to `campaign.status`,
/// the current status of every recipient whose status is `status` and moved within
/// `[start, finish]` (the operators' replay). The count of recipients queued.
pub async fn replay_campaign_status(
    unit: &Unit,
    status: RecipientStatus,
    start: DateTime<Utc>,
    finish: DateTime<Utc>,
) -> Result<u64> {
    let endpoints = webhook_events::subscribers(unit).await?.of(CAMPAIGN_STATUS);
    if endpoints.is_empty() {
        return Ok(0);
    }
    let mut after = 0;
    let mut count = 0u64;
    loop {
        type Row = (i32, i32, DateTime<Utc>, String, String);
        let rows: Vec<Row> = campaign_recipient::Entity::find()
            .select_only()
            .column(campaign_recipient::Column::Id)
            .column(campaign_recipient::Column::CampaignId)
            .column(campaign_recipient::Column::StatusAt)
            .column(customer::Column::Phone)
            .column(campaign::Column::Name)
            .inner_join(customer::Entity)
            .inner_join(campaign::Entity)
            .filter(campaign_recipient::Column::Status.eq(status))
            .filter(campaign_recipient::Column::StatusAt.gte(start))
            .filter(campaign_recipient::Column::StatusAt.lte(finish))
            .filter(campaign_recipient::Column::Id.gt(after))
            .order_by_asc(campaign_recipient::Column::Id)
            .limit(500)
            .into_tuple()
            .all(unit)
            .await?;
        let Some(last) = rows.last() else { break };
        after = last.0;
        for (recipient_id, campaign_id, at, phone, campaign_name) in rows {
            let payload = campaign_payload(&CampaignStatus {
                campaign_id,
                campaign_name: &campaign_name,
                recipient_id,
                phone: &phone,
                status,
                at,
            });
            for endpoint_id in &endpoints {
                webhook_events::queue(unit, *endpoint_id, CAMPAIGN_STATUS, payload.clone()).await?;
            }
            count += 1;
        }
    }
    Ok(count)
}
