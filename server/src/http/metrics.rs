//! `GET /metrics` (docs/operations.md#what-to-watch-in-metrics): the Prometheus text of
//! [`crate::metrics`], for `Authorization: Bearer METRICS_TOKEN` only; without the setting the
//! route does not exist (404). Mounted outside tenant resolution, on any host.

use axum::{
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use secrecy::ExposeSecret;

use crate::{
    metrics::{self as recorder, names},
    state::AppState,
};

/// `GET /metrics`: the Prometheus text for `Authorization: Bearer METRICS_TOKEN`.
pub async fn scrape(State(state): State<AppState>, request: Request) -> Response {
    let Some(token) = &state.config.metrics_token else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let presented = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !constant_time_eq(presented.as_bytes(), token.expose_secret().as_bytes()) {
        let mut response = StatusCode::UNAUTHORIZED.into_response();
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return response;
    }
    recorder::text_response(render(&state))
}

/// The text a scrape gets, with the state gauges read now.
pub fn render(state: &AppState) -> String {
    for pool in state.dbs.pool_stats() {
        let in_use = pool.size.saturating_sub(pool.idle);
        ::metrics::gauge!(names::DB_POOL_CONNECTIONS, "cluster" => pool.cluster.clone(), "state" => "in_use")
            .set(in_use as f64);
        ::metrics::gauge!(names::DB_POOL_CONNECTIONS, "cluster" => pool.cluster, "state" => "idle")
            .set(pool.idle as f64);
    }
    if let Some(files) = state.dbs.open_tenant_files() {
        ::metrics::gauge!(names::TENANT_FILES_OPEN).set(files as f64);
    }
    ::metrics::gauge!(names::SOCKETS_OPEN).set(state.bus.socket_count() as f64);
    recorder::render_text()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_comparison_needs_every_byte() {
        assert!(constant_time_eq(b"secret-token", b"secret-token"));
        assert!(!constant_time_eq(b"secret-token", b"secret-tokeN"));
        assert!(!constant_time_eq(b"secret", b"secret-token"));
    }
}
