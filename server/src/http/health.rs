//! `GET /healthz` (the process answers) and `GET /readyz` (it can serve: the control database
//! answers within the backend timeout). Redis being away makes the server degraded, not unready:
//! it keeps serving from this replica's own view (docs/operations.md#when-redis-or-postgresql-go-away).

use std::time::Duration;

use axum::{Json, Router, extract::State, http::StatusCode, routing::get};
use serde::Serialize;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz))
}

/// What `/healthz` and `/readyz` answer: the overall status, and for `/readyz` each dependency's.
#[derive(Serialize)]
struct Health {
    /// `ok`, `degraded` or `unavailable`.
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    checks: Option<Checks>,
}

/// Each dependency's status: `ok`, `unavailable` (Redis also `not_configured`).
#[derive(Serialize)]
struct Checks {
    control: &'static str,
    redis: &'static str,
}

async fn healthz() -> Json<Health> {
    Json(Health { status: "ok", checks: None })
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let limit = Duration::from_millis(state.config.backend_timeout_ms);
    let control = match tokio::time::timeout(limit, state.dbs.control().ping()).await {
        Ok(Ok(())) => "ok",
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "control database unreachable");
            "unavailable"
        }
        Err(_) => {
            tracing::warn!("control database did not answer in time");
            "unavailable"
        }
    };
    let redis = match state.bus.redis_up().await {
        None => "not_configured",
        Some(true) => "ok",
        Some(false) => "unavailable",
    };
    let (status, overall) = match (control, redis) {
        ("ok", "unavailable") => (StatusCode::OK, "degraded"),
        ("ok", _) => (StatusCode::OK, "ok"),
        _ => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
    };
    (status, Json(Health { status: overall, checks: Some(Checks { control, redis }) }))
}
