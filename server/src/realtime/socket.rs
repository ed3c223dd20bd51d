//! `GET /ws?tenantName=..&userId=..` (spec §7, DESIGN §7): the realtime socket.
//!
//! Refused before the upgrade when the access token (query `token`, or the `Sec-WebSocket-Protocol`
//! value `bearer.<token>`) is missing or invalid (401 contract), is another user's or the query names
//! another tenant (403), or a browser `Origin` is not the tenant's own host (403, cross-site
//! WebSocket hijacking). After it: the client's ping gets `base64({"event":"pong"})`; malformed frames
//! are ignored; the tenant's events are forwarded to users entitled to them (administrators, and
//! users linked to the event's instance); a socket that falls behind the bus is closed, as is one
//! whose user's sessions end or that stays silent past the ping interval.

use std::{collections::HashSet, time::Duration};

use axum::{
    extract::{
        Query, State, WebSocketUpgrade,
        ws::{CloseFrame, Message, WebSocket},
    },
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
};
use base64::Engine;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Deserialize;
use tokio::time::{Instant, sleep, timeout};

use crate::{
    domain::{self, templates::ADMIN_ROLE},
    entities::tenant::user_instance,
    error::{AppError, Unauthorized},
    http::{access, tenant::CurrentTenant},
    realtime::{
        Event,
        hub::{CloseReason, Registration, Subscriber},
    },
    state::AppState,
};

/// The client pings every 300 000 ms (spec §9); silence beyond this closes the socket.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(330);
/// A client that does not take a frame within this long is treated as gone.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Client frames are pings of a few dozen bytes; anything far larger is refused by the protocol layer.
const MAX_CLIENT_MESSAGE: usize = 16 * 1024;
/// Bytes read from the network per socket at a time; small, so idle sockets stay cheap.
const READ_BUFFER: usize = 4 * 1024;

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
    mut headers: HeaderMap,
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
    if let Ok(value) = HeaderValue::from_str(&format!("Bearer {token}")) {
        headers.insert(header::AUTHORIZATION, value);
    }
    let current = match access::authenticate(&state, &tenant, &headers).await {
        Ok(current) => current,
        Err(err) => return err.into_response(),
    };
    if query.user_id.is_some_and(|id| id != current.user.id) {
        return forbidden("O token não é deste usuário.");
    }
    let instances = match linked_instances(&state, &tenant, current.user.id).await {
        Ok(ids) => ids,
        Err(err) => return err.into_response(),
    };
    let subscriber = Subscriber {
        tenant: tenant.name.clone(),
        user_id: current.user.id,
        admin: current.role.as_ref().is_some_and(|r| r.name == ADMIN_ROLE),
        instances,
    };
    let ws = ws
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE);
    let ws = if protocol_token.is_some() { ws.protocols([format!("bearer.{token}")]) } else { ws };
    ws.on_upgrade(move |socket| serve(socket, state, subscriber))
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

async fn linked_instances(state: &AppState, tenant: &CurrentTenant, user_id: i32) -> Result<HashSet<i32>, AppError> {
    let tx = tenant.begin(state).await?;
    let ids: Vec<i32> = user_instance::Entity::find()
        .select_only()
        .column(user_instance::Column::InstanceId)
        .filter(user_instance::Column::UserId.eq(user_id))
        .into_tuple()
        .all(&tx)
        .await?;
    tx.commit().await?;
    Ok(ids.into_iter().collect())
}

/// A client frame: `{"action":"sendmessage","data":"<base64 of {event, tenantName, userId}>"}`.
fn is_ping(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Envelope {
        action: String,
        data: String,
    }
    #[derive(Deserialize)]
    struct Payload {
        event: String,
    }
    let Ok(envelope) = serde_json::from_str::<Envelope>(text) else { return false };
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(envelope.data.trim()) else { return false };
    envelope.action == "sendmessage" && serde_json::from_slice::<Payload>(&bytes).is_ok_and(|p| p.event == "ping")
}

async fn serve(mut socket: WebSocket, state: AppState, subscriber: Subscriber) {
    let Registration { id, mut frames, mut close } = state.bus.register(subscriber.clone());
    // One timer per socket, pushed back whenever the client speaks (not re-created per frame).
    let idle = sleep(IDLE_TIMEOUT);
    tokio::pin!(idle);
    let reason = loop {
        tokio::select! {
            biased;
            reason = &mut close => break reason.ok(),
            () = &mut idle => break Some(CloseReason::Idle),
            incoming = socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break None,
                Some(Ok(message)) => {
                    idle.as_mut().reset(Instant::now() + IDLE_TIMEOUT);
                    if let Message::Text(text) = message {
                        if is_ping(text.as_str()) {
                            if !send(&mut socket, Event::Pong.to_frame().into()).await {
                                break None;
                            }
                        } else {
                            tracing::debug!("ignored a malformed socket frame");
                        }
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
    state.bus.unregister(&subscriber, id);
}

/// Sends one text frame; false when the client is gone or does not take it in time.
async fn send(socket: &mut WebSocket, frame: axum::extract::ws::Utf8Bytes) -> bool {
    matches!(timeout(SEND_TIMEOUT, socket.send(Message::Text(frame))).await, Ok(Ok(())))
}
