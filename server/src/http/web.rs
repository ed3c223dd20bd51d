//! The built React app (`WEB_DIST`), with history-mode fallback: any path that is not a file
//! answers `index.html`, and the client router takes it from there.
//!
//! Caching (docs/operations.md#web-app-files): hashed files under `/assets` never change under
//! their name, so browsers keep them a year without asking (`immutable`); `index.html` (and every
//! fallback) is `no-cache` with an ETag, so a deploy is picked up on the next load with a 304 when
//! nothing changed. The build writes `.br` and `.gz` next to each file (`web/scripts/compress.mjs`)
//! and they are sent as they are to browsers that accept them; nothing is compressed per request.

use std::{path::Path, sync::Arc};

use axum::{
    Router,
    body::Body,
    extract::Request,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
};
use sha2::{Digest, Sha256};
use tower_http::services::ServeDir;

use crate::state::AppState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

pub fn router(dist: &Path) -> Router<AppState> {
    let Ok(html) = std::fs::read(dist.join("index.html")) else {
        tracing::warn!(dist = %dist.display(), "web app not built; run `npm run build` in web/");
        return Router::new().fallback(|| async {
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Html("<h1>Aplicação web não compilada</h1><p>Execute <code>npm run build</code> em <code>web/</code>.</p>"),
            )
        });
    };
    let index = Arc::new(Index::new(html));
    // Hashed build assets are files or nothing: a missing one is a 404, not the app's HTML.
    let assets = Router::new()
        .fallback_service(ServeDir::new(dist.join("assets")).precompressed_br().precompressed_gzip())
        .layer(middleware::from_fn(cache_forever));
    let fallback = {
        let index = index.clone();
        move |request: Request| {
            let index = index.clone();
            async move { index.answer(request.headers()) }
        }
    };
    let root = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        // `/` and the client router's paths: the in-memory index, with its ETag.
        .fallback(tower::service_fn(move |request: Request| {
            let fallback = fallback.clone();
            async move { Ok::<_, std::convert::Infallible>(fallback(request).await) }
        }));
    Router::new().nest("/assets", assets).fallback_service(root).layer(middleware::from_fn(
        move |request: Request, next: Next| {
            let index = index.clone();
            async move {
                // `/index.html` itself goes through the same answer as the fallback.
                if request.uri().path() == "/index.html" || request.uri().path() == "/" {
                    return index.answer(request.headers());
                }
                revalidate(next.run(request).await)
            }
        },
    ))
}

/// `index.html`, read once at start, and its ETag.
struct Index {
    html: axum::body::Bytes,
    etag: HeaderValue,
}

impl Index {
    fn new(html: Vec<u8>) -> Self {
        let digest = Sha256::digest(&html);
        let tag = format!("\"{}\"", digest.iter().take(12).map(|b| format!("{b:02x}")).collect::<String>());
        Self { html: html.into(), etag: HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"index\"")) }
    }

    fn answer(&self, request: &HeaderMap) -> Response {
        let fresh = request
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == self.etag.to_str().unwrap_or_default()));
        let mut response = if fresh {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut response = Response::new(Body::from(self.html.clone()));
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            response
        };
        response.headers_mut().insert(header::ETAG, self.etag.clone());
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        response
    }
}

/// Hashed assets: a year, never revalidated; anything else they answer (a 404) is not cached.
async fn cache_forever(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let value = if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        IMMUTABLE
    } else {
        "no-store"
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// Other files of the build (favicon, robots.txt, ...): revalidated on each use.
fn revalidate(mut response: Response) -> Response {
    response.headers_mut().entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static(REVALIDATE));
    response
}
