//! Realtime: the WebSocket of docs/realtime.md. The sockets register with the event bus
//! (`crate::bus`), which fans the domain's events out to them in the wire form of `bus::wire`.

pub mod socket;

use axum::{Router, routing::get};

use crate::state::AppState;

/// `GET /ws` (behind tenant resolution).
pub fn router() -> Router<AppState> {
    Router::new().route("/ws", get(socket::upgrade))
}
