//! Logging: `pretty` for people, `json` for collectors. `RUST_LOG` overrides the default filter.
//!
//! Every request runs in one span, `http`, that names its request id (`x-request-id`, taken from
//! the proxy or client when well-formed, made here otherwise, and echoed on the answer), method,
//! path, and — once known — its route template and tenant, so each log line of the request can be
//! found and grouped. Query strings are never logged: the socket's carries a token.

use axum::{
    extract::Request,
    http::{HeaderName, HeaderValue},
    middleware::Next,
    response::Response,
};
use tracing_subscriber::{EnvFilter, fmt};

use crate::config::LogFormat;

/// Default filter: our code at info, chatty dependencies at warn.
pub const DEFAULT_FILTER: &str = "info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn,tower_http=info";

/// Installs the global subscriber once; later calls are ignored (tests build many apps).
pub fn init(format: LogFormat, default_filter: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let builder = fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Pretty => builder.compact().try_init(),
    };
}

/// The request id header (what nginx and most tracing set-ups use).
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Longest request id kept from the client; longer or stranger ones are replaced.
const MAX_REQUEST_ID: usize = 64;

/// Middleware: makes sure the request has a well-formed id and echoes it on the answer.
pub async fn request_id(mut request: Request, next: Next) -> Response {
    let id =
        request.headers().get(&REQUEST_ID).filter(|value| well_formed(value.as_bytes())).cloned().unwrap_or_else(
            || HeaderValue::from_str(&crate::random::random_token(16)).expect("a token is a header value"),
        );
    request.headers_mut().insert(REQUEST_ID, id.clone());
    let mut response = next.run(request).await;
    response.headers_mut().insert(REQUEST_ID, id);
    response
}

/// A request id from outside goes into every log line: letters, digits, `-`, `_`, `.` only.
fn well_formed(id: &[u8]) -> bool {
    !id.is_empty()
        && id.len() <= MAX_REQUEST_ID
        && id.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// The request's span; `route` and `tenant` are recorded when routing and tenant resolution
/// know them.
pub fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    let id = request.headers().get(&REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or_default();
    tracing::info_span!(
        "http",
        request_id = %id,
        method = %request.method(),
        path = %request.uri().path(),
        route = tracing::field::Empty,
        tenant = tracing::field::Empty,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_request_ids_are_kept() {
        assert!(well_formed(b"3f9c2a1e-77b0-4c2e-9d1a-5b6e8f0a1c2d"));
        assert!(well_formed(b"req_01.abc"));
        assert!(!well_formed(b""));
        assert!(!well_formed(b"id with spaces"));
        assert!(!well_formed(b"id\nforged log line"));
        assert!(!well_formed(&[b'a'; 65]));
    }
}
