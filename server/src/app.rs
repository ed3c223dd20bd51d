//! The whole application: the REST API, GraphQL and the socket behind tenant resolution, the
//! health checks, and the web app. `app(state)` is what the binary serves and what the integration
//! tests drive.

use axum::{Router, middleware};
use tower_http::{
    compression::{
        CompressionLayer, CompressionLevel,
        predicate::{DefaultPredicate, NotForContentType, Predicate, SizeAbove},
    },
    trace::TraceLayer,
};

use crate::{context::tenant, edge, error::AppError, graphql, http, realtime, state::AppState};

/// Runs a request on its own task, so a client that disconnects does not cancel it half-way:
/// a handler dropped inside a database transaction would leave that transaction to the pool's
/// clean-up instead of finishing (commit or rollback) where the code says.
async fn run_to_completion(request: axum::extract::Request, next: middleware::Next) -> axum::response::Response {
    match tokio::spawn(next.run(request)).await {
        Ok(response) => response,
        Err(err) => {
            tracing::error!(error = %err, "request task failed");
            axum::response::IntoResponse::into_response(AppError::Internal("request task failed".into()))
        }
    }
}

/// API answers above 1 KiB go out compressed (brotli or gzip, as the client accepts) at the
/// fastest level: a page of JSON shrinks 5-10x for a few microseconds. Spreadsheets are zip files
/// already.
fn compression() -> CompressionLayer<impl Predicate> {
    let predicate = DefaultPredicate::new()
        .and(SizeAbove::new(1024))
        .and(NotForContentType::const_new("application/vnd.openxmlformats"));
    CompressionLayer::new().quality(CompressionLevel::Fastest).compress_when(predicate)
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    let resolve = || middleware::from_fn_with_state(state.clone(), tenant::resolve);
    // Layers run outside-in: finish on its own task, resolve the tenant, then (REST) the route's rule.
    let api = http::api_router(&state)
        .route_layer(resolve())
        .route_layer(middleware::from_fn(run_to_completion))
        .layer(compression());
    let graphql = graphql::router()
        .route_layer(resolve())
        .route_layer(middleware::from_fn(run_to_completion))
        .layer(compression());
    let socket = realtime::router().route_layer(resolve());
    Router::new()
        .merge(http::health::router())
        .nest("/api", api)
        .merge(graphql)
        .merge(socket)
        .merge(http::web::router(&state.config.web_dist))
        // Extractors refuse larger bodies with the API's JSON 413 (see `http::extract::ApiJson`).
        .layer(axum::extract::DefaultBodyLimit::max(http::BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state.clone(), edge::guard))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            // Only the path: query strings may carry tokens (the WebSocket's) and must not be logged.
            tracing::info_span!("http", method = %request.method(), path = %request.uri().path())
        }))
        .with_state(state)
}
