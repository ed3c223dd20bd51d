//! The HTTP surface: one router per area, merged here. `app(state)` is what the binary serves
//! and what the integration tests drive. Every API route is registered with its access rule
//! (`access::ApiRoutes`) and runs behind tenant resolution, then access enforcement.

pub mod access;
mod auth;
mod departments;
pub mod extract;
mod health;
mod instances;
mod permissions;
pub mod tenant;
mod tenants;
mod user_settings;
mod users;
mod web;

use std::sync::Arc;

use axum::{Router, middleware};
use tower_http::trace::TraceLayer;

use crate::{error::AppError, state::AppState};

pub use auth::{REFRESH_COOKIE, refresh_cookie};

/// Largest request body accepted (spreadsheet imports have their own limit).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Every API route with its rule, relative to `/api`.
pub fn api_routes() -> access::ApiRoutes {
    access::ApiRoutes::default()
        .merge(auth::routes())
        .merge(permissions::routes())
        .merge(tenants::routes())
        .merge(user_settings::routes())
        .merge(users::routes())
        .merge(departments::routes())
        .merge(instances::routes())
}

/// The whole application.
pub fn app(mut state: AppState) -> Router {
    let (api, rules) = api_routes().into_parts();
    state.rules = Arc::new(rules);
    let api = api
        .fallback(|| async { AppError::NotFound })
        // Layers run outside-in: resolve the tenant first, then enforce the route's rule.
        .route_layer(middleware::from_fn_with_state(state.clone(), access::enforce))
        .route_layer(middleware::from_fn_with_state(state.clone(), tenant::resolve));
    let graphql = crate::graphql::router()
        .route_layer(middleware::from_fn_with_state(state.clone(), tenant::resolve));
    Router::new()
        .merge(health::router())
        .nest("/api", api)
        .merge(graphql)
        .merge(web::router(&state.config.web_dist))
        // Extractors refuse larger bodies with the API's JSON 413 (see `extract::ApiJson`).
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            // Only the path: query strings may carry tokens (the WebSocket's) and must not be logged.
            tracing::info_span!("http", method = %request.method(), path = %request.uri().path())
        }))
        .with_state(state)
}
