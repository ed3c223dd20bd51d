//! The whole application: the REST API, GraphQL and the socket behind tenant resolution, the
//! health checks, and the web app. `app(state)` is what the binary serves and what the integration
//! tests drive.

use axum::{Router, extract::State, middleware, routing::get};
use tower_http::{
    compression::{
        CompressionLayer, CompressionLevel,
        predicate::{DefaultPredicate, NotForContentType, Predicate, SizeAbove},
    },
    trace::TraceLayer,
};
use tracing::Instrument;

use crate::{context::tenant, edge, error::AppError, graphql, http, metrics, realtime, state::AppState, telemetry};

/// Runs a request on its own task, so a client that disconnects does not cancel it half-way:
/// a handler dropped inside a database transaction would leave that transaction to the pool's
/// clean-up instead of finishing (commit or rollback) where the code says. A request still
/// running after `REQUEST_TIMEOUT_SECONDS` is stopped all the same (503 `request_timeout`): past
/// that, what it holds (a connection, a transaction, a permit) matters more than where it ends,
/// and the pool rolls back what it left open.
async fn run_to_completion(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    // The task stays in the request's span, so its log lines carry the request id and tenant.
    // An upload gets the time its body may take besides (`edge::body_allowance`).
    let allowance = crate::edge::body_allowance(&request).unwrap_or_default();
    let mut task = tokio::spawn(next.run(request).in_current_span());
    let limit = std::time::Duration::from_secs(state.config.request_timeout_seconds) + allowance;
    let answer = match tokio::time::timeout(limit, &mut task).await {
        Ok(answer) => answer,
        Err(_) => {
            task.abort();
            tracing::warn!(seconds = limit.as_secs(), "request stopped: it outlasted the request timeout");
            return axum::response::IntoResponse::into_response(AppError::RequestTimeout);
        }
    };
    match answer {
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
        .and(NotForContentType::const_new("application/vnd.openxmlformats"))
        // Media (docs/media.md#downloads) is compressed already, and a range must stay a range.
        .and(NotForContentType::const_new("audio/"))
        .and(NotForContentType::const_new("video/"))
        .and(NotForContentType::const_new("application/pdf"))
        .and(NotForContentType::const_new("application/octet-stream"));
    CompressionLayer::new().quality(CompressionLevel::Fastest).compress_when(predicate)
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    let resolve = || middleware::from_fn_with_state(state.clone(), tenant::resolve);
    // Layers run outside-in: finish on its own task, resolve the tenant, then (REST) the route's rule.
    // Outermost of the route layers: the matched template names the request in logs and metrics.
    let note_route = || middleware::from_fn(metrics::note_route);
    let api = http::api_router(&state)
        .route_layer(resolve())
        .route_layer(middleware::from_fn_with_state(state.clone(), run_to_completion))
        .route_layer(note_route())
        .layer(compression());
    let graphql = graphql::router()
        .route_layer(resolve())
        .route_layer(middleware::from_fn_with_state(state.clone(), run_to_completion))
        .route_layer(note_route())
        .layer(compression());
    let socket = realtime::router().route_layer(resolve()).route_layer(note_route());
    Router::new()
        .merge(http::health::router().route_layer(note_route()))
        // Outside the tenant hosts' resolution: any host, but only with METRICS_TOKEN.
        .route("/metrics", get(http::metrics::scrape))
        .nest("/api", api)
        .merge(graphql)
        .merge(socket)
        .merge(http::web::router(&state.config.web_dist))
        // Extractors refuse larger bodies with the API's JSON 413 (see `http::extract::ApiJson`).
        .layer(axum::extract::DefaultBodyLimit::max(http::BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state.clone(), edge::guard))
        .layer(middleware::from_fn(metrics::track))
        .layer(TraceLayer::new_for_http().make_span_with(telemetry::request_span))
        // Outermost: the request id exists before the span that logs it.
        .layer(middleware::from_fn(telemetry::request_id))
        .with_state(state)
}
