//! `/api/instance/{id}/evolution/{token}`: where an Evolution API gateway posts a number's events
//! (docs/providers.md#evolution). The token in the path is the instance's own, generated here and
//! handed to the gateway when pairing; a wrong one answers like an unknown instance.

use axum::{Json, extract::State};
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::{
        inbox::evolution_webhook,
        instances::{Connection, cloud::signature},
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::ApiPath,
        instances::{EventsTaken, provider_instance, take_events},
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    // Called by the gateway: the token in the path is the authentication.
    ApiRoutes::default().route(Access::Public, routes!(events))
}

/// The gateway's events for the number: messages, acks, deletions, connection and QR changes.
#[utoipa::path(
    post, path = "/instance/{id}/evolution/{token}", tag = "instâncias", operation_id = "instances_evolution_events",
    summary = "Eventos do gateway Evolution API (número não oficial)",
    params(("id" = i32, Path, description = "Id da instância"), ("token" = String, Path, description = "O token do webhook da instância")),
    responses(
        (status = 200, description = "Eventos processados.", body = EventsTaken),
        (status = 400, description = "Não é um evento do gateway (`bad_request`).", body = ErrorBody),
        (status = 401, description = "Token errado, ou instância que não é do gateway (`invalid_signature`).", body = ErrorBody),
    )
)]
async fn events(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath((id, token)): ApiPath<(i32, String)>,
    request: axum::extract::Request,
) -> AppResult<Json<EventsTaken>> {
    if token.len() > 128 {
        return Err(AppError::ProviderSignature);
    }
    let db = tenant.db(&state).await?;
    let known = provider_instance(&state, &tenant, &db, id).await?;
    let Connection::Evolution(config) = &known.connection else {
        tracing::info!(instance = id, "gateway event refused: the instance is not of the evolution kind");
        return Err(AppError::ProviderSignature);
    };
    if !signature::token_matches(&token, &config.secrets.webhook_token) {
        tracing::info!(instance = id, "gateway event refused: wrong token");
        return Err(AppError::ProviderSignature);
    }
    let body = crate::edge::read_body(request, &state).await?;
    let read = evolution_webhook::translate(&body, &config.account)
        .map_err(|unreadable| AppError::BadRequest(unreadable.0))?;
    let answer = take_events(&state, &tenant, &db, &known.instance, read.events, read.skipped).await?;
    Ok(Json(answer))
}
