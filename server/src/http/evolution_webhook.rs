//! `/api/instance/{id}/evolution/{token}`: where an Evolution API gateway posts a number's events
//! (docs/providers.md#evolution). The token in the path is the instance's own, generated here and
//! handed to the gateway when pairing; a wrong one answers like an unknown instance.

use std::sync::Arc;

use axum::{Json, extract::State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::{
        inbox::{
            evolution_webhook,
            inbound::{self, Received},
            intake::Arrival,
        },
        instances::{Connection, cloud::signature},
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::ApiPath,
        instances::{plan_for, provider_instance},
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    // Called by the gateway: the token in the path is the authentication.
    ApiRoutes::default().route(Access::Public, routes!(events))
}

/// What a post answers.
#[derive(Serialize, ToSchema)]
struct EventsReceived {
    received: usize,
    duplicates: usize,
    skipped: usize,
}

/// The gateway's events for the number: messages, acks, deletions, connection and QR changes.
#[utoipa::path(
    post, path = "/instance/{id}/evolution/{token}", tag = "instâncias", operation_id = "instances_evolution_events",
    summary = "Eventos do gateway Evolution API (número não oficial)",
    params(("id" = i32, Path, description = "Id da instância"), ("token" = String, Path, description = "O token do webhook da instância")),
    responses(
        (status = 200, description = "Eventos processados.", body = EventsReceived),
        (status = 400, description = "Não é um evento do gateway (`bad_request`).", body = ErrorBody),
        (status = 401, description = "Token errado, ou instância que não é do gateway (`invalid_signature`).", body = ErrorBody),
    )
)]
async fn events(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath((id, token)): ApiPath<(i32, String)>,
    request: axum::extract::Request,
) -> AppResult<Json<EventsReceived>> {
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
    let read = evolution_webhook::translate(&body, &config.account.instance_name)
        .map_err(|unreadable| AppError::BadRequest(unreadable.0))?;
    let publisher: Arc<dyn crate::domain::events::Publisher> = Arc::new(state.bus.clone());
    let mut answer = EventsReceived { received: 0, duplicates: 0, skipped: read.skipped };
    for translated in read.events {
        if let Err(err) = inbound::validate(&translated.event) {
            tracing::warn!(instance = id, event = %translated.event_id, error = %err, "gateway event left out");
            answer.skipped += 1;
            continue;
        }
        let plan = plan_for(&state, &tenant, &db, &translated.event).await?;
        let arrival =
            Arrival { instance: known.instance.clone(), event_id: translated.event_id, event: translated.event, plan };
        match state.intake.take(db.clone(), publisher.clone(), arrival).await? {
            Received::Duplicate => answer.duplicates += 1,
            Received::Done => answer.received += 1,
        }
    }
    Ok(Json(answer))
}
