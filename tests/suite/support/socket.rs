//! A real WebSocket client for `/ws` (tokio-tungstenite), as the browser and the CLI use it.

use std::{net::SocketAddr, time::Duration};

use backoffice::bus::wire;
use futures::StreamExt;
use serde_json::Value;
use tokio_tungstenite::{
    connect_async,
    tungstenite::{Message, client::IntoClientRequest, http::HeaderValue, protocol::CloseFrame},
};

use crate::support::{TestApp, TestUser};

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens `/ws` on `app` as `user` with `token` (query form); `Err(status)` when refused.
pub async fn open(app: &TestApp, user: &TestUser, token: &str, origin: Option<&str>) -> Result<Socket, u16> {
    open_at(app.address, user, token, origin).await
}

/// Same, on a server at `address` (another replica).
pub async fn open_at(address: SocketAddr, user: &TestUser, token: &str, origin: Option<&str>) -> Result<Socket, u16> {
    let url = format!("ws://{address}/ws?tenantName={}&userId={}&token={token}", user.tenant, user.id);
    let mut request = url.into_client_request().unwrap();
    request.headers_mut().insert("host", HeaderValue::from_str(&user.host()).unwrap());
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", HeaderValue::from_str(origin).unwrap());
    }
    match connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(other) => panic!("{other}"),
    }
}

/// The spec's ping frame for `user`.
pub fn ping(user: &TestUser) -> Message {
    Message::Text(wire::ping(&user.tenant, user.id).into())
}

/// What came next on a socket.
#[derive(Debug)]
pub enum Next {
    Event(Value),
    Closed(Option<CloseFrame>),
    Silent,
}

/// The next event (decoded from base64 JSON), the close, or silence within `wait`.
pub async fn next(socket: &mut Socket, wait: Duration) -> Next {
    loop {
        match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                return Next::Event(
                    wire::decode_frame(text.as_str()).expect("a server frame is base64 of a JSON object"),
                );
            }
            Ok(Some(Ok(Message::Close(frame)))) => return Next::Closed(frame),
            Ok(None) | Ok(Some(Err(_))) => return Next::Closed(None),
            Err(_) => return Next::Silent,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

/// The next event's JSON, or None (closed or silent) within `wait`.
pub async fn next_event(socket: &mut Socket, wait: Duration) -> Option<Value> {
    match next(socket, wait).await {
        Next::Event(event) => Some(event),
        Next::Closed(_) | Next::Silent => None,
    }
}

/// The close code the server sent, failing on an event or silence.
pub async fn close_code(socket: &mut Socket, wait: Duration) -> Option<u16> {
    match next(socket, wait).await {
        Next::Closed(frame) => frame.map(|f| u16::from(f.code)),
        other => panic!("expected the socket to close, got {other:?}"),
    }
}
