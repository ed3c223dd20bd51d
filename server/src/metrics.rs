//! Prometheus metrics (docs/operations.md#what-to-watch-in-metrics): what an operator watches to
//! know the server is healthy, in the text format Prometheus scrapes.
//!
//! * The recorder is process-wide (the `metrics` facade): code anywhere counts with
//!   `metrics::counter!(names::…)`, and nothing is exported until something scrapes.
//! * `GET /metrics` on the server (`http::metrics`) requires `Authorization: Bearer METRICS_TOKEN`; without the
//!   setting it does not exist (404), so load figures are never public by default. The worker,
//!   when it runs as its own process, serves the same text on `--metrics-bind` (loopback).
//! * Gauges that describe a state (pool connections, open tenant files, open sockets) are read
//!   when scraped, not kept up to date on every change.
//! * HTTP requests are labelled by route template (`/api/users/{id}`), never by raw path, so the
//!   number of series stays bounded whatever clients send.

use std::{
    collections::HashMap,
    sync::{Mutex, OnceLock},
    time::{Duration, Instant},
};

use axum::{
    extract::{MatchedPath, Request},
    http::{HeaderValue, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Utc};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Metric names, in one place so code and docs agree.
pub mod names {
    pub const HTTP_REQUESTS: &str = "backoffice_http_requests_total";
    pub const HTTP_DURATION: &str = "backoffice_http_request_duration_seconds";
    pub const DB_POOL_CONNECTIONS: &str = "backoffice_db_pool_connections";
    pub const DB_ACQUIRE: &str = "backoffice_db_acquire_seconds";
    pub const DB_WAL_CHECKPOINT: &str = "backoffice_db_wal_checkpoint_seconds";
    pub const TENANT_FILES_OPEN: &str = "backoffice_tenant_files_open";
    pub const SOCKETS_OPEN: &str = "backoffice_sockets_open";
    pub const SOCKET_EVENTS_DELIVERED: &str = "backoffice_socket_events_delivered_total";
    pub const SOCKET_EVENTS_DROPPED: &str = "backoffice_socket_events_dropped_total";
    pub const OUTBOX_PENDING: &str = "backoffice_outbox_jobs_pending";
    pub const OUTBOX_OLDEST_AGE: &str = "backoffice_outbox_oldest_job_age_seconds";
    pub const OUTBOX_JOBS: &str = "backoffice_outbox_jobs_total";
    pub const LOGIN_FAILURES: &str = "backoffice_login_failures_total";
    pub const LOCKOUTS: &str = "backoffice_account_lockouts_total";
}

/// Latency buckets (seconds): a loopback request takes well under a millisecond, a slow report
/// seconds.
const BUCKETS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Whether this process records metrics: only once something may scrape them (the server with
/// `METRICS_TOKEN`, the worker with `--metrics-bind`). Until then the `metrics` macros are no-ops
/// and [`track`] does not even build its labels — nothing a client sends is kept.
pub fn is_recording() -> bool {
    HANDLE.get().is_some()
}

/// The process's recorder, installed on first use (tests build many servers in one process: they
/// share it, as every server of a process would).
pub fn handle() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
            .expect("the bucket list is not empty")
            .build_recorder();
        let handle = recorder.handle();
        // Another recorder may already be installed (a test harness): ours then only renders.
        let _ = metrics::set_global_recorder(recorder);
        let upkeep = handle.clone();
        std::thread::Builder::new()
            .name("metrics-upkeep".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_secs(5));
                    upkeep.run_upkeep();
                }
            })
            .expect("a thread starts");
        handle
    })
}

/// The text of everything recorded (the worker's own endpoint has no server state to read).
pub fn render_text() -> String {
    let (pending, oldest) = {
        let queues = outbox_queues();
        let pending: u64 = queues.values().map(|(pending, _)| pending).sum();
        (pending, queues.values().filter_map(|(_, oldest)| *oldest).min())
    };
    metrics::gauge!(names::OUTBOX_PENDING).set(pending as f64);
    // The age grows between the worker's looks at a queue, so it is computed at scrape time.
    let age = oldest.map(|oldest| (Utc::now() - oldest).num_milliseconds().max(0) as f64 / 1000.0);
    metrics::gauge!(names::OUTBOX_OLDEST_AGE).set(age.unwrap_or(0.0));
    handle().render()
}

/// Each tenant's outbox as the worker of this process last saw it: jobs waiting, oldest one.
type OutboxQueues = HashMap<String, (u64, Option<DateTime<Utc>>)>;

fn outbox_queues() -> std::sync::MutexGuard<'static, OutboxQueues> {
    static QUEUES: OnceLock<Mutex<OutboxQueues>> = OnceLock::new();
    // Plain inserts and reads: a panic elsewhere cannot leave the map half-changed.
    QUEUES.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The worker saw a tenant's outbox (only processes running a worker report these gauges).
pub fn note_outbox(tenant: &str, pending: u64, oldest: Option<DateTime<Utc>>) {
    let mut queues = outbox_queues();
    if pending == 0 {
        queues.remove(tenant);
    } else {
        queues.insert(tenant.to_owned(), (pending, oldest));
    }
}

/// A Prometheus text answer.
pub fn text_response(body: String) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response
}

/// The route template a request matched, carried back on its response (the router only knows it
/// after the outer layers ran).
#[derive(Clone)]
pub struct RouteTemplate(pub String);

/// Route layer: hands the matched template back to [`track`] and names it in the request's log
/// span.
pub async fn note_route(request: Request, next: Next) -> Response {
    let template = request.extensions().get::<MatchedPath>().map(|path| path.as_str().to_owned());
    if let Some(template) = &template {
        tracing::Span::current().record("route", template.as_str());
    }
    let mut response = next.run(request).await;
    if let Some(template) = template {
        response.extensions_mut().insert(RouteTemplate(template));
    }
    response
}

/// Layer: counts every request and its latency by method, route template and status.
pub async fn track(request: Request, next: Next) -> Response {
    if !is_recording() {
        return next.run(request).await;
    }
    let started = Instant::now();
    let method = method_label(request.method());
    let fallback = fallback_label(request.uri().path());
    let response = next.run(request).await;
    let route = response.extensions().get::<RouteTemplate>().map(|route| route.0.clone()).unwrap_or(fallback.into());
    let labels = [("method", method.to_owned()), ("route", route), ("status", response.status().as_u16().to_string())];
    metrics::counter!(names::HTTP_REQUESTS, &labels).increment(1);
    metrics::histogram!(names::HTTP_DURATION, &labels).record(started.elapsed().as_secs_f64());
    response
}

/// A method's label, from a closed set: HTTP lets a client send any token as its method, and a
/// label made from it would be a new series kept for the life of the process (1 500 made-up
/// 50 KB methods grew a server by 144 MB).
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// The label of a request no route template names: the web app's files, or nothing at all.
fn fallback_label(path: &str) -> &'static str {
    if path.starts_with("/api/") || path == "/api" || path.starts_with("/graphql") || path.starts_with("/ws") {
        "unmatched"
    } else {
        "web"
    }
}

/// Times how long a database connection took to get (a pool under pressure shows here first).
pub fn record_acquire(cluster: &'static str, waited: Duration) {
    metrics::histogram!(names::DB_ACQUIRE, "cluster" => cluster).record(waited.as_secs_f64());
}

/// Times a SQLite tenant file's background WAL checkpoint (`tenancy::databases`): what commits
/// would otherwise pay inline.
pub fn record_checkpoint(took: Duration) {
    metrics::histogram!(names::DB_WAL_CHECKPOINT).record(took.as_secs_f64());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_paths_get_a_bounded_label() {
        assert_eq!(fallback_label("/api/whatever/123"), "unmatched");
        assert_eq!(fallback_label("/graphql"), "unmatched");
        assert_eq!(fallback_label("/users/edit/3"), "web");
        assert_eq!(fallback_label("/assets/app-1.js"), "web");
    }

    #[test]
    fn made_up_methods_share_one_label() {
        let odd = axum::http::Method::from_bytes(&[b'X'; 5000]).unwrap();
        assert_eq!(method_label(&odd), "other");
        assert_eq!(method_label(&axum::http::Method::from_bytes(b"PROPFIND").unwrap()), "other");
        assert_eq!(method_label(&axum::http::Method::PATCH), "PATCH");
    }
}
