//! `GET /ws?tenantName=..&userId=..` (docs/contracts.md#api-calls and docs/realtime.md): the realtime socket.
//!
//! Refused before the upgrade when the access token (query `token`, or the `Sec-WebSocket-Protocol`
//! value `bearer.<token>`) is missing or invalid (401 contract), is another user's or the query names
//! another tenant (403), or a browser `Origin` is not the tenant's own host (403, cross-site
//! WebSocket hijacking). After it: the client's ping gets `base64({"event":"pong"})`; malformed frames
//! are ignored; the tenant's events are forwarded to users entitled to them (administrators, and
//! users linked to the event's instance); a socket that falls behind the bus is closed, as is one
//! whose user's sessions end or that stays silent past the ping interval.

use std::time::Duration;

use axum::{
    extract::{
        Query, State, WebSocketUpgrade,
        ws::{CloseFrame, Message, WebSocket},
    },
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use tokio::time::{Instant, sleep, timeout};

use crate::{
    bus::{
        hub::{CloseReason, Registration, Subscriber},
        wire,
    },
    context::{Access, CurrentTenant, access::decide, caller::authenticate_token},
    domain::{self, analytics::presence},
    error::{AppError, Unauthorized},
    state::AppState,
};

/// The client pings every 300 000 ms (docs/contracts.md#constants); silence beyond this closes the socket.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(330);
/// A client that does not take a frame within this long is treated as gone.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Client frames are pings of a few dozen bytes; anything far larger is refused by the protocol layer.
const MAX_CLIENT_MESSAGE: usize = 16 * 1024;
/// Bytes read from the network per socket at a time; small, so idle sockets stay cheap.
const READ_BUFFER: usize = 4 * 1024;
/// Bytes the server may hold for a client that does not read (pongs to its pings, events): beyond
/// this the socket is broken off instead of growing (a client pinging without reading grew the
/// server by hundreds of MB a second before).
const MAX_WRITE_BUFFER: usize = 64 * 1024;
/// Frames of any kind (protocol pings included) a client may send in a burst, and the steady rate
/// after it. A well-behaved client sends one ping every five minutes.
const FRAME_BURST: f64 = 20.0;
const FRAMES_PER_SECOND: f64 = 2.0;
/// Frames that are not the spec's ping tolerated before the socket is closed.
const MALFORMED_LIMIT: u32 = 5;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocketQuery {
    tenant_name: Option<String>,
    user_id: Option<i32>,
    token: Option<String>,
}

pub async fn upgrade(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    query: Result<Query<SocketQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let Ok(Query(query)) = query else {
        return AppError::BadRequest("Parâmetros inválidos: tenantName, userId e token.".into()).into_response();
    };
    if query.tenant_name.as_deref().is_some_and(|name| name != tenant.name.as_str()) {
        return forbidden("O socket pertence a outro tenant.");
    }
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok())
        && !origin_is_tenant_host(origin, &tenant, &state)
    {
        return forbidden("Origem não permitida para este tenant.");
    }
    // The browser cannot set headers on a WebSocket: the token comes in the query or as a subprotocol.
    let protocol_token = headers
        .get(header::SEC_WEBSOCKET_PROTOCOL)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').map(str::trim).find_map(|p| p.strip_prefix("bearer.")).map(str::to_owned));
    let Some(token) = query.token.clone().or(protocol_token.clone()) else {
        return AppError::Unauthorized(Unauthorized::NoToken).into_response();
    };
    let current = match authenticate_token(&state, &tenant, &token).await {
        Ok(current) => current,
        Err(err) => return err.into_response(),
    };
    if let Err(err) = decide(&state, &tenant, Some(&current), Access::Authenticated.into()).await {
        return err.into_response();
    }
    if query.user_id.is_some_and(|id| id != current.user.id) {
        return forbidden("O token não é deste usuário.");
    }
    let (of_user, of_tenant) = state.bus.socket_counts(&tenant.name, current.user.id);
    if of_user >= state.config.max_sockets_per_user as usize
        || of_tenant >= state.config.max_sockets_per_tenant as usize
    {
        let err = domain::Error::Forbidden {
            code: "too_many_sockets",
            message: "Conexões em tempo real demais abertas: feche outras abas ou aparelhos.".into(),
        };
        let mut response = AppError::Domain(err).into_response();
        *response.status_mut() = axum::http::StatusCode::TOO_MANY_REQUESTS;
        return response;
    }
    // What the user may see, as of now: when it changes, the bus closes the socket with 1012 and
    // the client reconnects with the new entitlement (docs/realtime.md#delivery).
    let subscriber = Subscriber {
        tenant: tenant.name.clone(),
        user_id: current.user.id,
        session: current.session.clone(),
        viewer: current.viewer.clone(),
    };
    let ws = ws
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE);
    let ws = if protocol_token.is_some() { ws.protocols([format!("bearer.{token}")]) } else { ws };
    ws.on_upgrade(move |socket| serve(socket, state, tenant, subscriber))
}

fn forbidden(message: &str) -> Response {
    AppError::Domain(domain::Error::forbidden("socket_forbidden", message)).into_response()
}

/// `http(s)://{tenant}.{BASE_DOMAIN}[:port]` only.
fn origin_is_tenant_host(origin: &str, tenant: &CurrentTenant, state: &AppState) -> bool {
    let Ok(url) = url::Url::parse(origin) else { return false };
    let expected = format!("{}.{}", tenant.name, state.config.base_domain.0);
    matches!(url.scheme(), "http" | "https") && url.host_str().is_some_and(|h| h.eq_ignore_ascii_case(&expected))
}

async fn serve(mut socket: WebSocket, state: AppState, tenant: CurrentTenant, subscriber: Subscriber) {
    let (Registration { id, mut frames, mut close }, arrived) = state.bus.register(subscriber.clone());
    if arrived {
        record_presence(&state, &tenant, subscriber.user_id, true);
    }
    // One timer per socket, pushed back whenever the client speaks (not re-created per frame).
    let idle = sleep(IDLE_TIMEOUT);
    tokio::pin!(idle);
    let mut budget = FrameBudget::new();
    let mut malformed = 0;
    let reason = loop {
        tokio::select! {
            biased;
            reason = &mut close => break reason.ok(),
            () = &mut idle => break Some(CloseReason::Idle),
            incoming = socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break None,
                Some(Ok(message)) => {
                    idle.as_mut().reset(Instant::now() + IDLE_TIMEOUT);
                    // Every frame counts, protocol pings too: answering them costs the server.
                    if !budget.take() {
                        break Some(CloseReason::Flooding);
                    }
                    match message {
                        Message::Text(text) if wire::is_ping(text.as_str()) => {
                            if !send(&mut socket, wire::pong().into()).await {
                                break None;
                            }
                        }
                        Message::Text(_) | Message::Binary(_) => {
                            malformed += 1;
                            if malformed > MALFORMED_LIMIT {
                                break Some(CloseReason::Flooding);
                            }
                        }
                        Message::Ping(_) | Message::Pong(_) | Message::Close(_) => {}
                    }
                }
            },
            Some(frame) = frames.recv() => {
                if !send(&mut socket, frame).await {
                    break None;
                }
            }
        }
    };
    if let Some(reason) = reason {
        let frame = CloseFrame { code: reason.code(), reason: reason.text().into() };
        let _ = timeout(Duration::from_secs(1), socket.send(Message::Close(Some(frame)))).await;
    }
    if state.bus.unregister(&subscriber, id) {
        record_presence(&state, &tenant, subscriber.user_id, false);
    }
}

/// Writes the start or end of the user's presence session (time online in the productivity
/// report), in the background: a slow database never holds a socket up.
fn record_presence(state: &AppState, tenant: &CurrentTenant, user_id: i32, online: bool) {
    let (state, tenant, at) = (state.clone(), tenant.clone(), chrono::Utc::now());
    tokio::spawn(async move {
        let result = async {
            let unit = tenant.unit(&state).await?;
            if online {
                presence::started(&unit, user_id, at).await?;
                // Someone came online: waiting tickets may be theirs.
                domain::distribution::kick(&unit).await?;
            } else {
                presence::ended(&unit, user_id, at).await?;
            }
            unit.commit().await.map_err(domain::Error::from)?;
            Ok::<_, AppError>(())
        }
        .await;
        if let Err(err) = result {
            tracing::warn!(error = %err, user_id, online, "presence session not recorded");
        }
    });
}

/// Sends one text frame; false when the client is gone or does not take it in time.
async fn send(socket: &mut WebSocket, frame: axum::extract::ws::Utf8Bytes) -> bool {
    matches!(timeout(SEND_TIMEOUT, socket.send(Message::Text(frame))).await, Ok(Ok(())))
}

/// A token bucket over the frames a client sends.
struct FrameBudget {
    tokens: f64,
    refilled: Instant,
}

impl FrameBudget {
    fn new() -> Self {
        Self { tokens: FRAME_BURST, refilled: Instant::now() }
    }

    /// Spends one frame; false when the client is over its rate.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.refilled).as_secs_f64() * FRAMES_PER_SECOND;
        self.tokens = (self.tokens + earned).min(FRAME_BURST);
        self.refilled = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}
