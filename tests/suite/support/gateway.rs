//! A fake Evolution API gateway (v2) speaking its documented REST format (`apikey` header;
//! `/instance/create`, `/instance/connectionState/{name}`, `/instance/connect/{name}`,
//! `/instance/logout/{name}`, `/webhook/set/{name}`, `/message/send*/{name}`,
//! `/chat/getBase64FromMediaMessage/{name}`), and builders of the webhook posts it makes
//! (`{"event", "instance", "data", "date_time", "sender", "server_url", "apikey"}`).

use std::{
    collections::HashMap,
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{delete, get, post},
};
use base64::Engine;
use serde_json::{Value, json};

pub const API_KEY: &str = "chave-global-do-gateway";
pub const INSTANCE: &str = "loja-centro";

#[derive(Default)]
struct Inner {
    created: AtomicBool,
    /// (path, body) of every call that changed something.
    calls: Mutex<Vec<(String, Value)>>,
    next: AtomicU64,
    media: Mutex<HashMap<String, (Vec<u8>, String)>>,
}

#[derive(Clone)]
pub struct FakeGateway {
    pub address: SocketAddr,
    inner: Arc<Inner>,
}

fn unauthorized() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({ "status": 401, "error": "Unauthorized", "response": { "message": "Unauthorized" } })),
    )
        .into_response()
}

fn authorized(headers: &HeaderMap) -> bool {
    headers.get("apikey").and_then(|v| v.to_str().ok()) == Some(API_KEY)
}

async fn state(State(inner): State<Arc<Inner>>, Path(name): Path<String>, headers: HeaderMap) -> Response {
    if !authorized(&headers) {
        return unauthorized();
    }
    if !inner.created.load(Ordering::SeqCst) || name != INSTANCE {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "status": 404, "error": "Not Found",
            "response": { "message": [format!("The \"{name}\" instance does not exist")] } })),
        )
            .into_response();
    }
    Json(json!({ "instance": { "instanceName": name, "state": "connecting" } })).into_response()
}

async fn create(State(inner): State<Arc<Inner>>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    if !authorized(&headers) {
        return unauthorized();
    }
    inner.created.store(true, Ordering::SeqCst);
    inner.calls.lock().unwrap().push(("instance/create".into(), body.clone()));
    (StatusCode::CREATED, Json(json!({ "instance": { "instanceName": body["instanceName"], "instanceId": "af6c5b7c-ee27-4f94-9ea8-192393246f5f", "status": "created" },
        "hash": "instance-token", "qrcode": { "code": "2@primeiro", "base64": "" } }))).into_response()
}

async fn connect(State(inner): State<Arc<Inner>>, Path(_name): Path<String>, headers: HeaderMap) -> Response {
    if !authorized(&headers) {
        return unauthorized();
    }
    let count = inner.next.fetch_add(1, Ordering::SeqCst) + 1;
    Json(json!({ "pairingCode": "WZYEH1YY", "code": format!("2@pareamento-{count}"), "base64": "data:image/png;base64,", "count": count }))
        .into_response()
}

async fn record(
    State(inner): State<Arc<Inner>>,
    Path((action, _name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> Response {
    if !authorized(&headers) {
        return unauthorized();
    }
    let mut body = body.map(|Json(b)| b).unwrap_or(Value::Null);
    if action.starts_with("send") {
        let id = format!("BAE5{:012}", inner.next.fetch_add(1, Ordering::SeqCst) + 1);
        // What was answered, beside what was asked (tests find a message's id by its text).
        body["__id"] = json!(id);
        inner.calls.lock().unwrap().push((action.clone(), body.clone()));
        let jid = format!("{}@s.whatsapp.net", body["number"].as_str().unwrap_or_default());
        return (
            StatusCode::CREATED,
            Json(json!({ "key": { "remoteJid": jid, "fromMe": true, "id": id },
            "message": {}, "messageTimestamp": chrono::Utc::now().timestamp().to_string(), "status": "PENDING" })),
        )
            .into_response();
    }
    inner.calls.lock().unwrap().push((action, body));
    Json(json!({ "status": "SUCCESS", "error": false, "response": { "message": "ok" } })).into_response()
}

async fn media(State(inner): State<Arc<Inner>>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    if !authorized(&headers) {
        return unauthorized();
    }
    let id = body["message"]["key"]["id"].as_str().unwrap_or_default().to_owned();
    match inner.media.lock().unwrap().get(&id).cloned() {
        Some((bytes, mime)) => Json(json!({ "mediaType": "imageMessage", "fileName": null, "mimetype": mime,
            "base64": base64::engine::general_purpose::STANDARD.encode(bytes) }))
        .into_response(),
        None => (
            StatusCode::BAD_REQUEST,
            Json(json!({ "status": 400, "error": "Bad Request",
            "response": { "message": ["Message not found"] } })),
        )
            .into_response(),
    }
}

impl FakeGateway {
    pub async fn start() -> Self {
        let inner = Arc::new(Inner::default());
        let router = Router::new()
            .route("/instance/create", post(create))
            .route("/instance/connectionState/{name}", get(state))
            .route("/instance/connect/{name}", get(connect))
            .route(
                "/instance/logout/{name}",
                delete(|s: State<Arc<Inner>>, h: HeaderMap| async move {
                    record(s, Path(("logout".into(), INSTANCE.into())), h, None).await
                }),
            )
            .route(
                "/webhook/set/{name}",
                post(
                    |s: State<Arc<Inner>>, Path(name): Path<String>, h: HeaderMap, b: Option<Json<Value>>| async move {
                        record(s, Path(("webhook/set".into(), name)), h, b).await
                    },
                ),
            )
            .route("/message/{action}/{name}", post(record))
            .route("/chat/getBase64FromMediaMessage/{name}", post(media))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        Self { address, inner }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.address)
    }

    pub fn keep_media(&self, message_id: &str, bytes: Vec<u8>, mime: &str) {
        self.inner.media.lock().unwrap().insert(message_id.to_owned(), (bytes, mime.to_owned()));
    }

    pub fn calls(&self) -> Vec<(String, Value)> {
        self.inner.calls.lock().unwrap().clone()
    }

    /// Waits for `count` calls to `/message/{action}`.
    pub async fn wait_sent(&self, count: usize) -> Vec<(String, Value)> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let sent: Vec<_> = self.calls().into_iter().filter(|(path, _)| path.starts_with("send")).collect();
            if sent.len() >= count {
                return sent;
            }
            assert!(Instant::now() < deadline, "the gateway got {} of {count} sends", sent.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A post of the gateway's webhook.
pub fn post_of(event: &str, data: Value) -> Value {
    json!({ "event": event, "instance": INSTANCE, "data": data, "destination": "http://back-office",
            "date_time": chrono::Utc::now().to_rfc3339(), "sender": "5511400028922@s.whatsapp.net",
            "server_url": "http://gateway", "apikey": "instance-token" })
}

/// `messages.upsert` of a customer's message (`message` is the Baileys message object).
pub fn customer_message(id: &str, phone: &str, name: &str, message_type: &str, message: Value) -> Value {
    post_of(
        "messages.upsert",
        json!({ "key": { "remoteJid": format!("{phone}@s.whatsapp.net"), "fromMe": false, "id": id },
        "pushName": name, "message": message, "messageType": message_type,
        "messageTimestamp": chrono::Utc::now().timestamp(), "instanceId": "af6c5b7c", "source": "android" }),
    )
}
