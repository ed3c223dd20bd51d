//! `/api/instance/{id}/cloud`: the webhook Meta calls for an official number
//! (docs/providers.md#cloud-webhook) — one endpoint per instance, on the tenant's host (decision
//! 178). `GET` is the subscription handshake; `POST` a signed delivery, read into provider events
//! (`domain::inbox::cloud_webhook`) and written by the same intake as the generic contract's.

use axum::{
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::{
        inbox::cloud_webhook,
        instances::{Connection, cloud::signature, message_templates},
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiPath, ApiQuery},
        instances::{EventsTaken, provider_instance, take_events},
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    // Called by Meta: the verify token and the signature are the authentication.
    ApiRoutes::default().route(Access::Public, routes!(handshake, deliveries))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Handshake {
    /// `subscribe`.
    #[serde(rename = "hub.mode", default)]
    mode: String,
    /// O token de verificação da instância.
    #[serde(rename = "hub.verify_token", default)]
    verify_token: String,
    /// O que a Meta espera de volta.
    #[serde(rename = "hub.challenge", default)]
    challenge: String,
}

/// Meta's subscription handshake: answers `hub.challenge` when the token is the instance's.
#[utoipa::path(
    get, path = "/instance/{id}/cloud", tag = "instâncias", operation_id = "instances_cloud_handshake",
    summary = "Verificação do webhook pela Meta (API oficial)",
    params(("id" = i32, Path, description = "Id da instância"), Handshake),
    responses(
        (status = 200, description = "O `hub.challenge`, em texto.", body = String, content_type = "text/plain"),
        (status = 403, description = "Token de verificação errado, ou instância que não é oficial (`invalid_verify_token`).", body = ErrorBody),
    )
)]
async fn handshake(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<Handshake>,
) -> AppResult<Response> {
    let refused = || {
        AppError::from(crate::domain::Error::forbidden(
            "invalid_verify_token",
            "Token de verificação do webhook inválido.",
        ))
    };
    let db = tenant.db(&state).await?;
    let known = match provider_instance(&state, &tenant, &db, id).await {
        Ok(known) => known,
        Err(AppError::ProviderSignature) => return Err(refused()),
        Err(other) => return Err(other),
    };
    let Connection::Cloud(config) = &known.connection else {
        return Err(refused());
    };
    if query.mode != "subscribe"
        || query.challenge.is_empty()
        || query.challenge.len() > 256
        || !signature::token_matches(&query.verify_token, &config.secrets.verify_token)
    {
        tracing::info!(instance = id, "cloud webhook handshake refused");
        return Err(refused());
    }
    tracing::info!(instance = id, "cloud webhook subscribed");
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], query.challenge).into_response())
}

/// A signed delivery: messages and statuses of the number, written as provider events.
#[utoipa::path(
    post, path = "/instance/{id}/cloud", tag = "instâncias", operation_id = "instances_cloud_deliveries",
    summary = "Eventos da Meta (API oficial): mensagens e status",
    params(("id" = i32, Path, description = "Id da instância")),
    responses(
        (status = 200, description = "Entrega processada.", body = EventsTaken),
        (status = 400, description = "Não é uma entrega da Meta (`bad_request`).", body = ErrorBody),
        (status = 401, description = "Assinatura ausente ou errada, ou instância que não é oficial (`invalid_signature`).", body = ErrorBody),
    )
)]
async fn deliveries(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    request: axum::extract::Request,
) -> AppResult<(StatusCode, axum::Json<EventsTaken>)> {
    let headers: HeaderMap = request.headers().clone();
    let given = headers.get("x-hub-signature-256").map(|v| v.to_str().unwrap_or_default().to_owned());
    // A header no genuine delivery carries is refused before the body is read.
    if given.as_ref().is_some_and(|g| g.len() > signature::MAX_HEADER) {
        return Err(AppError::ProviderSignature);
    }
    let body = crate::edge::read_body(request, &state).await?;
    let db = tenant.db(&state).await?;
    let known = provider_instance(&state, &tenant, &db, id).await?;
    let Connection::Cloud(config) = &known.connection else {
        tracing::info!(instance = id, "cloud delivery refused: the instance is not an official number");
        return Err(AppError::ProviderSignature);
    };
    signature::verify(&config.secrets.app_secret, given.as_deref(), &body).map_err(|reason| {
        tracing::info!(instance = id, reason, "cloud delivery refused");
        AppError::ProviderSignature
    })?;
    let cloud_webhook::Read { events, templates, skipped } =
        cloud_webhook::translate(&body, &config.account.phone_number_id)
            .map_err(|unreadable| AppError::BadRequest(unreadable.0))?;
    if !templates.is_empty() {
        let unit = tenant.unit(&state).await?;
        for change in &templates {
            message_templates::set_status(&unit, id, &change.name, &change.language, &change.status).await?;
        }
        unit.commit().await?;
    }
    if skipped != cloud_webhook::Skipped::default() {
        tracing::info!(instance = id, ?skipped, "cloud delivery: changes left out");
    }
    // In Meta's order: a message before the status of a reply to it.
    let skipped = skipped.other_numbers + skipped.other_fields + skipped.messages;
    let answer = take_events(&state, &tenant, &db, &known.instance, events, skipped).await?;
    Ok((StatusCode::OK, axum::Json(answer)))
}
