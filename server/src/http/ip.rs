//! `GET /api/ip`: the caller's address as the server sees it (DESIGN §6), so the web app needs no
//! third-party IP service.

use std::net::SocketAddr;

use axum::{Json, Router, extract::ConnectInfo, routing::get};
use serde_json::{Value, json};

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/ip", get(ip))
}

async fn ip(ConnectInfo(peer): ConnectInfo<SocketAddr>) -> Json<Value> {
    Json(json!({ "ip": peer.ip().to_string() }))
}
