//! The HTTP surface: one router per area, merged here. `app(state)` is what the binary serves
//! and what the integration tests drive. Every API route is registered with its access rule
//! (`access::ApiRoutes`) and runs behind tenant resolution, then access enforcement.

pub mod access;
mod auth;
mod departments;
pub mod extract;
mod health;
mod instances;
pub mod openapi;
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

/// The largest page number a list accepts: far past any real list, and small enough that
/// `(page - 1) * limit` fits the databases' signed 64-bit `OFFSET` (a larger one overflowed).
pub const MAX_PAGE: u64 = 1_000_000_000;

/// A list's requested page: absent or 0 is the first; past [`MAX_PAGE`] is refused (422).
fn page_number(requested: Option<u64>, field: &'static str) -> Result<u64, AppError> {
    match requested.unwrap_or(1) {
        page if page > MAX_PAGE => Err(crate::domain::Error::invalid_field(
            "invalid_page",
            field,
            format!("A página deve ser um número de 1 a {MAX_PAGE}."),
        )
        .into()),
        page => Ok(page.max(1)),
    }
}

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
        .merge(openapi::routes())
}

/// Runs a request on its own task, so a client that disconnects does not cancel it half-way:
/// a handler dropped inside a database transaction would leave that transaction to the pool's
/// clean-up instead of finishing (commit or rollback) where the code says.
async fn run_to_completion(request: axum::extract::Request, next: middleware::Next) -> axum::response::Response {
    match tokio::spawn(next.run(request)).await {
        Ok(response) => response,
        Err(err) => {
            tracing::error!(error = %err, "request task failed");
            axum::response::IntoResponse::into_response(AppError::Domain(crate::domain::Error::Db(
                sea_orm::DbErr::Custom("request task failed".into()),
            )))
        }
    }
}

/// The whole application.
pub fn app(mut state: AppState) -> Router {
    let (api, rules) = api_routes().into_parts();
    state.rules = Arc::new(rules);
    let api = api
        .fallback(|| async { AppError::NotFound })
        // Layers run outside-in: resolve the tenant first, then enforce the route's rule.
        .route_layer(middleware::from_fn_with_state(state.clone(), access::enforce))
        .route_layer(middleware::from_fn_with_state(state.clone(), tenant::resolve))
        .route_layer(middleware::from_fn(run_to_completion));
    let socket = Router::new()
        .route("/ws", axum::routing::get(crate::realtime::socket::upgrade))
        .route_layer(middleware::from_fn_with_state(state.clone(), tenant::resolve));
    let graphql = crate::graphql::router()
        .route_layer(middleware::from_fn_with_state(state.clone(), tenant::resolve))
        .route_layer(middleware::from_fn(run_to_completion));
    Router::new()
        .merge(health::router())
        .nest("/api", api)
        .merge(graphql)
        .merge(socket)
        .merge(web::router(&state.config.web_dist))
        // Extractors refuse larger bodies with the API's JSON 413 (see `extract::ApiJson`).
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            // Only the path: query strings may carry tokens (the WebSocket's) and must not be logged.
            tracing::info_span!("http", method = %request.method(), path = %request.uri().path())
        }))
        .with_state(state)
}
