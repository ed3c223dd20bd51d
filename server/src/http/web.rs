//! The built React app (`WEB_DIST`), with history-mode fallback: any path that is not a file
//! answers `index.html`, and the client router takes it from there.

use std::path::Path;

use axum::{Router, http::StatusCode, response::Html};
use tower_http::services::{ServeDir, ServeFile};

use crate::state::AppState;

pub fn router(dist: &Path) -> Router<AppState> {
    let index = dist.join("index.html");
    if !index.exists() {
        tracing::warn!(dist = %dist.display(), "web app not built; run `npm run build` in web/");
        return Router::new().fallback(|| async {
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Html("<h1>Aplicação web não compilada</h1><p>Execute <code>npm run build</code> em <code>web/</code>.</p>"),
            )
        });
    }
    // Hashed build assets are files or nothing: a missing one is a 404, not the app's HTML.
    Router::new()
        .nest_service("/assets", ServeDir::new(dist.join("assets")))
        .fallback_service(ServeDir::new(dist).fallback(ServeFile::new(index)))
}
