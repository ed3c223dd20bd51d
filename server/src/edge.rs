//! What every request and answer goes through at the edge, whatever the route
//! (docs/operations.md#what-every-answer-carries):
//!
//! * requests that no route should see are answered here: a repeated `Host` (400, the first one
//!   must not silently win), a path too long (414) or with a segment longer than any file name
//!   (404; the web app's file server would otherwise fail with an I/O error), `TRACE` (405), a
//!   bearer token longer than any this server issues (the JSON 401 of the token contract);
//! * every answer gets the browser security headers: a Content-Security-Policy the web app
//!   satisfies (no inline script; the socket allowed on the tenant's own host), `frame-ancestors
//!   'none'`, `nosniff`, a referrer policy, a permissions policy, and HSTS when the base domain is
//!   not `localhost`;
//! * API and GraphQL answers are `Cache-Control: no-store` (they carry tokens and personal data).

use axum::{
    Json,
    body::Bytes,
    extract::{FromRequest, Request, State},
    http::{
        HeaderMap, HeaderName, HeaderValue, Method, StatusCode,
        header::{
            ALLOW, AUTHORIZATION, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HOST, REFERRER_POLICY,
            STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
        },
    },
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde_json::json;

use crate::{
    error::{AppError, Unauthorized},
    state::AppState,
};

/// Longest path accepted (bytes, before decoding).
pub const MAX_PATH: usize = 2048;
/// Longest path segment: no file name and no route parameter is longer.
pub const MAX_SEGMENT: usize = 255;
/// Longest `Authorization` header: the tokens this server issues are a few hundred bytes.
pub const MAX_AUTHORIZATION: usize = 4096;

/// When the request's body must have arrived (set here, honoured by the body extractors).
#[derive(Debug, Clone, Copy)]
pub struct BodyDeadline(pub tokio::time::Instant);

/// Middleware: refuses what no route should see, then adds the headers every answer carries.
pub async fn guard(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let api = is_api(request.uri().path());
    let allowed = std::time::Duration::from_secs(state.config.body_read_timeout_seconds);
    let deadline = tokio::time::Instant::now() + body_allowance(&request).map_or(allowed, |upload| upload.max(allowed));
    request.extensions_mut().insert(BodyDeadline(deadline));
    let request = with_body_deadline(request, deadline);
    let mut response = match refuse(&request) {
        Some(refusal) => refusal,
        None => next.run(request).await,
    };
    add_headers(response.headers_mut(), &state, api);
    response
}

/// The slowest an upload's body may arrive: 64 KiB a second (a poor mobile link), at most 30
/// minutes. Only for the routes that take files (`POST /api/tickets/{id}/media` and the other
/// `POST /api/…/media` uploads, docs/media.md#sending); every other body must arrive within
/// `BODY_READ_TIMEOUT_SECONDS`.
pub const UPLOAD_BYTES_PER_SECOND: u64 = 64 * 1024;

/// The time an upload's body is given, from its declared length; `None` for any other request.
pub fn body_allowance(request: &Request) -> Option<std::time::Duration> {
    let path = request.uri().path();
    let upload = request.method() == Method::POST && path.starts_with("/api/") && path.ends_with("/media");
    if !upload {
        return None;
    }
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(crate::domain::media::MAX_BYTES);
    Some(std::time::Duration::from_secs((declared / UPLOAD_BYTES_PER_SECOND).clamp(30, 1800)))
}

/// The request with a body that fails once `deadline` has passed: every extractor honours the
/// deadline, also those that do not go through [`read_body`] (which answers the 408 itself).
fn with_body_deadline(request: Request, deadline: tokio::time::Instant) -> Request {
    use futures::StreamExt;
    let (parts, body) = request.into_parts();
    // A body known to be empty needs no watch (most GETs).
    if axum::body::HttpBody::is_end_stream(&body) {
        return Request::from_parts(parts, body);
    }
    let chunks = body.into_data_stream();
    let watched = futures::stream::unfold(Some(chunks), move |chunks| async move {
        let mut chunks = chunks?;
        match tokio::time::timeout_at(deadline, chunks.next()).await {
            Ok(Some(chunk)) => Some((chunk, Some(chunks))),
            Ok(None) => None,
            Err(_) => Some((Err(axum::Error::new(AppError::BodyTimeout)), None)),
        }
    });
    Request::from_parts(parts, axum::body::Body::from_stream(watched))
}

/// The answer for a request that must not reach a route, if this is one.
fn refuse(request: &Request) -> Option<Response> {
    let headers = request.headers();
    if headers.get_all(HOST).iter().count() > 1 {
        return Some(AppError::BadRequest("Cabeçalho Host repetido.".into()).into_response());
    }
    if request.method() == Method::TRACE || request.method() == Method::CONNECT {
        let body = json!({ "code": "method_not_allowed", "message": "Método não permitido.", "errors": [] });
        let mut response = (StatusCode::METHOD_NOT_ALLOWED, Json(body)).into_response();
        response.headers_mut().insert(ALLOW, HeaderValue::from_static("GET, POST, PUT, PATCH, DELETE, OPTIONS"));
        return Some(response);
    }
    let path = request.uri().path();
    if path.len() > MAX_PATH {
        let body = json!({ "code": "uri_too_long", "message": "O endereço é longo demais.", "errors": [] });
        return Some((StatusCode::URI_TOO_LONG, Json(body)).into_response());
    }
    if path.split('/').any(|segment| segment.len() > MAX_SEGMENT) {
        return Some(AppError::NotFound.into_response());
    }
    if headers.get(AUTHORIZATION).is_some_and(|value| value.len() > MAX_AUTHORIZATION) {
        return Some(AppError::Unauthorized(Unauthorized::Invalid).into_response());
    }
    None
}

fn is_api(path: &str) -> bool {
    path.starts_with("/api/") || path == "/api" || path.ends_with("/graphql") || path == "/ws"
}

const PERMISSIONS_POLICY: HeaderName = HeaderName::from_static("permissions-policy");
const CROSS_ORIGIN_OPENER_POLICY: HeaderName = HeaderName::from_static("cross-origin-opener-policy");

fn add_headers(headers: &mut HeaderMap, state: &AppState, api: bool) {
    // A media download sets its own, stricter policy (`sandbox`: docs/media.md#downloads).
    if !headers.contains_key(CONTENT_SECURITY_POLICY)
        && let Ok(policy) = HeaderValue::from_str(&content_security_policy(&state.config.base_domain.0))
    {
        headers.insert(CONTENT_SECURITY_POLICY, policy);
    }
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(CROSS_ORIGIN_OPENER_POLICY, HeaderValue::from_static("same-origin"));
    headers.insert(
        PERMISSIONS_POLICY,
        // The microphone records voice notes in the inbox (docs/media.md#sending), on this origin only.
        HeaderValue::from_static("camera=(), microphone=(self), geolocation=(), payment=(), usb=()"),
    );
    if state.config.secure_cookies() {
        headers.insert(STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000; includeSubDomains"));
    }
    // Private media says how long a browser may keep it (`private`, never a shared cache).
    if api && !headers.contains_key(CACHE_CONTROL) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

/// The policy: only this origin's scripts (no inline script, no `eval`), styles inline too
/// (Mantine writes style attributes and its CSS variables), images from here, `data:` and any
/// HTTPS host (user photos are URLs), sound and video from here and from `blob:` (a voice note heard
/// before it is sent), the API and the socket only on the tenant hosts of this
/// deployment, and no framing at all.
pub fn content_security_policy(base_domain: &str) -> String {
    let sockets = format!("ws://*.{base_domain}:* wss://*.{base_domain}:* ws://{base_domain}:* wss://{base_domain}:*");
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
         media-src 'self' blob:; font-src 'self' data:; connect-src 'self' {sockets}; object-src 'none'; base-uri 'self'; \
         form-action 'self'; frame-ancestors 'none'"
    )
}

/// `application/json` or `application/*+json`, as `axum::Json` accepts.
pub fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else { return false };
    let mime = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let Some(("application", subtype)) = mime.split_once('/') else { return false };
    subtype == "json" || subtype.ends_with("+json")
}

/// The whole body, within the request's body deadline (`edge::BodyDeadline`) and the size limit.
pub async fn read_body<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, AppError> {
    let deadline = request.extensions().get::<BodyDeadline>().map(|d| d.0);
    let read = Bytes::from_request(request, state);
    let result = match deadline {
        Some(deadline) => tokio::time::timeout_at(deadline, read).await.map_err(|_| AppError::BodyTimeout)?,
        None => read.await,
    };
    result.map_err(|rejection| {
        // The body itself fails at the deadline too (`with_body_deadline`), whichever comes first.
        let timed_out = deadline.is_some_and(|deadline| tokio::time::Instant::now() >= deadline);
        if timed_out {
            AppError::BodyTimeout
        } else if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge
        } else {
            AppError::BadRequest("Não foi possível ler o corpo da requisição.".into())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_the_tenant_sockets_and_forbids_framing_and_inline_scripts() {
        let policy = content_security_policy("example.com");
        assert!(policy.contains("connect-src 'self' ws://*.example.com:* wss://*.example.com:*"));
        assert!(policy.contains("frame-ancestors 'none'"));
        assert!(policy.contains("script-src 'self';"), "no 'unsafe-inline' for scripts");
    }
}
