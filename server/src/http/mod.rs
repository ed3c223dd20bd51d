//! The HTTP surface: one router per area, merged here. `app(state)` is what the binary serves
//! and what the integration tests drive.

mod health;
mod ip;
pub mod tenant;
mod web;

use axum::{Router, middleware};
use tower_http::{limit::RequestBodyLimitLayer, trace::TraceLayer};

use crate::{error::AppError, state::AppState};

/// Largest request body accepted (spreadsheet imports have their own limit).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The whole application.
pub fn app(state: AppState) -> Router {
    let api = Router::new()
        .merge(ip::router())
        .fallback(|| async { AppError::NotFound })
        .route_layer(middleware::from_fn_with_state(state.clone(), tenant::resolve));
    Router::new()
        .merge(health::router())
        .nest("/api", api)
        .merge(web::router(&state.config.web_dist))
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            // Only the path: query strings may carry tokens (the WebSocket's) and must not be logged.
            tracing::info_span!("http", method = %request.method(), path = %request.uri().path())
        }))
        .with_state(state)
}
