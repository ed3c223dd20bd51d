//! The simulator as an Evolution API gateway (v2) for a number paired by QR code, in the gateway's
//! documented REST format (docs/providers.md#evolution): `apikey` header; `/instance/create`,
//! `/instance/connectionState/{name}`, `/instance/connect/{name}` (a new QR code each time),
//! `/instance/logout/{name}`, `/webhook/set/{name}`, `/message/send*/{name}`,
//! `/chat/getBase64FromMediaMessage/{name}`. It posts what the gateway posts to the instance's
//! webhook (`{"event", "instance", "data", "date_time", …}`): the QR code, the connection opening a
//! few seconds after each pairing, customers' messages (one in five named by a LID alone) and the
//! acks of our sends.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{delete, get, post},
};
use backoffice::random::random_token;
use base64::{Engine, engine::general_purpose::STANDARD};
use serde_json::{Value, json};

use super::{Said, Shown, Simulator};

/// Where the simulated gateway lives under the simulator's address.
pub const PREFIX: &str = "/evolution";

/// One gateway instance the simulator runs.
#[derive(Clone)]
pub struct Paired {
    pub instance: i32,
    pub name: String,
    pub api_key: String,
}

/// The gateway side's state: its instances, where each posts, and media customers sent.
#[derive(Default)]
pub struct Gateway {
    pub paired: Mutex<Vec<Paired>>,
    /// Gateway instance name → the webhook URL the back-office gave it.
    hooks: Mutex<HashMap<String, String>>,
    /// Message id → (bytes, mime type).
    media: Mutex<HashMap<String, (Vec<u8>, String)>>,
}

impl Gateway {
    fn by_name(&self, name: &str) -> Option<Paired> {
        self.paired.lock().ok()?.iter().find(|p| p.name == name).cloned()
    }

    fn hook(&self, name: &str) -> Option<String> {
        self.hooks.lock().ok()?.get(name).cloned()
    }
}

fn refused(status: StatusCode, message: &str) -> Response {
    (
        status,
        Json(json!({ "status": status.as_u16(), "error": status.canonical_reason(),
        "response": { "message": [message] } })),
    )
        .into_response()
}

/// The caller's key matches the instance's (the gateway's global key).
fn authorized(sim: &Simulator, headers: &HeaderMap, name: &str) -> bool {
    let key = headers.get("apikey").and_then(|v| v.to_str().ok()).unwrap_or_default();
    sim.gateway.by_name(name).is_some_and(|p| p.api_key == key)
}

/// The gateway's routes, nested under [`PREFIX`].
pub fn routes(simulator: Arc<Simulator>) -> Router {
    Router::new()
        .route("/instance/create", post(create))
        .route("/instance/connectionState/{name}", get(state))
        .route("/instance/connect/{name}", get(connect))
        .route("/instance/logout/{name}", delete(logout))
        .route("/webhook/set/{name}", post(set_webhook))
        .route("/message/{action}/{name}", post(send))
        .route("/chat/getBase64FromMediaMessage/{name}", post(media))
        .with_state(simulator)
}

async fn create(State(sim): State<Arc<Simulator>>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    let name = body["instanceName"].as_str().unwrap_or_default().to_owned();
    if !authorized(&sim, &headers, &name) {
        return refused(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    remember_hook(&sim, &name, &body["webhook"]);
    pairing(sim.clone(), name.clone());
    (
        StatusCode::CREATED,
        Json(json!({ "instance": { "instanceName": name, "status": "created" },
        "hash": random_token(16), "qrcode": { "code": qr_code(), "base64": "" } })),
    )
        .into_response()
}

async fn state(State(sim): State<Arc<Simulator>>, Path(name): Path<String>, headers: HeaderMap) -> Response {
    if !authorized(&sim, &headers, &name) {
        return refused(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    if sim.gateway.hook(&name).is_none() {
        return refused(StatusCode::NOT_FOUND, &format!("The \"{name}\" instance does not exist"));
    }
    Json(json!({ "instance": { "instanceName": name, "state": "open" } })).into_response()
}

async fn connect(State(sim): State<Arc<Simulator>>, Path(name): Path<String>, headers: HeaderMap) -> Response {
    if !authorized(&sim, &headers, &name) {
        return refused(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    pairing(sim.clone(), name);
    Json(json!({ "pairingCode": "SIMU1234", "code": qr_code(), "base64": "", "count": 1 })).into_response()
}

async fn logout(State(sim): State<Arc<Simulator>>, Path(name): Path<String>, headers: HeaderMap) -> Response {
    if !authorized(&sim, &headers, &name) {
        return refused(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    let _ = post_event(&sim, &name, "connection.update", json!({ "instance": name, "state": "close" })).await;
    Json(json!({ "status": "SUCCESS", "error": false, "response": { "message": "Instance logged out" } }))
        .into_response()
}

async fn set_webhook(
    State(sim): State<Arc<Simulator>>,
    Path(name): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if !authorized(&sim, &headers, &name) {
        return refused(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    remember_hook(&sim, &name, &body["webhook"]);
    Json(json!({ "webhook": { "instanceName": name, "webhook": body["webhook"] } })).into_response()
}

fn remember_hook(sim: &Simulator, name: &str, hook: &Value) {
    if let (Some(url), Ok(mut hooks)) = (hook["url"].as_str(), sim.gateway.hooks.lock()) {
        hooks.insert(name.to_owned(), url.to_owned());
    }
}

fn qr_code() -> String {
    format!("2@simulador-evolution-{}", random_token(24))
}

/// A person scans the QR code a few seconds after it is shown: the connection opens.
fn pairing(sim: Arc<Simulator>, name: String) {
    tokio::spawn(async move {
        let _ =
            post_event(&sim, &name, "qrcode.updated", json!({ "qrcode": { "code": qr_code(), "base64": "" } })).await;
        tokio::time::sleep(Duration::from_secs(4)).await;
        let open = json!({ "instance": name, "state": "open", "statusReason": 200 });
        if let Err(err) = post_event(&sim, &name, "connection.update", open).await {
            eprintln!("conexão do gateway simulado não informada: {err}");
        }
    });
}

async fn send(
    State(sim): State<Arc<Simulator>>,
    Path((action, name)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if !authorized(&sim, &headers, &name) {
        return refused(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    if !action.starts_with("send") {
        return refused(StatusCode::NOT_FOUND, "Cannot POST");
    }
    let id = format!("BAE5{}", random_token(12).to_uppercase());
    sim.count_sent();
    let number = body["number"].as_str().unwrap_or_default().to_owned();
    let jid = if number.contains('@') { number } else { format!("{number}@s.whatsapp.net") };
    let (ack_id, ack_jid) = (id.clone(), jid.clone());
    tokio::spawn(async move {
        for (delay, status) in [(800u64, "DELIVERY_ACK"), (2_500, "READ")] {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            let update = json!({ "keyId": ack_id, "remoteJid": ack_jid, "fromMe": true, "status": status });
            if let Err(err) = post_event(&sim, &name, "messages.update", update).await {
                eprintln!("confirmação do gateway simulado não entregue: {err}");
            }
        }
    });
    (
        StatusCode::CREATED,
        Json(json!({ "key": { "remoteJid": jid, "fromMe": true, "id": id }, "message": {},
        "messageTimestamp": chrono::Utc::now().timestamp().to_string(), "status": "PENDING" })),
    )
        .into_response()
}

async fn media(
    State(sim): State<Arc<Simulator>>,
    Path(name): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if !authorized(&sim, &headers, &name) {
        return refused(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    let id = body["message"]["key"]["id"].as_str().unwrap_or_default();
    match sim.gateway.media.lock().ok().and_then(|media| media.get(id).cloned()) {
        Some((bytes, mime)) => Json(json!({ "mediaType": "imageMessage", "fileName": null, "mimetype": mime,
            "base64": STANDARD.encode(bytes) }))
        .into_response(),
        None => refused(StatusCode::BAD_REQUEST, "Message not found"),
    }
}

/// A customer's message, as the gateway posts `messages.upsert`.
pub async fn customer_writes(sim: &Simulator, paired: &Paired, said: &Said) -> anyhow::Result<u16> {
    let id = format!("3EB0{}", random_token(16).to_uppercase());
    let phone_jid = format!("{}@s.whatsapp.net", said.phone.trim_start_matches('+'));
    // Someone WhatsApp addresses by LID: the gateway names the phone beside it, unless hidden.
    let key = if said.hides_phone {
        json!({ "remoteJid": said.lid, "fromMe": false, "id": id })
    } else {
        json!({ "remoteJid": said.lid, "remoteJidAlt": phone_jid, "fromMe": false, "id": id })
    };
    let (message_type, message) = match &said.shown {
        Shown::Text => ("conversation", json!({ "conversation": said.body })),
        Shown::Photo(bytes) => {
            if let Ok(mut media) = sim.gateway.media.lock() {
                media.insert(id.clone(), (bytes.clone(), "image/jpeg".into()));
            }
            ("imageMessage", json!({ "imageMessage": { "mimetype": "image/jpeg", "caption": said.body } }))
        }
        Shown::Voice(bytes) => {
            if let Ok(mut media) = sim.gateway.media.lock() {
                media.insert(id.clone(), (bytes.clone(), "audio/ogg; codecs=opus".into()));
            }
            ("audioMessage", json!({ "audioMessage": { "mimetype": "audio/ogg; codecs=opus", "ptt": true } }))
        }
        Shown::Location => (
            "locationMessage",
            json!({ "locationMessage": { "degreesLatitude": -22.9056, "degreesLongitude": -47.0608,
                    "name": "Centro de Campinas", "address": "R. Barão de Jaguara, Campinas - SP" } }),
        ),
    };
    let data = json!({ "key": key, "pushName": said.name, "message": message, "messageType": message_type,
                       "messageTimestamp": chrono::Utc::now().timestamp() });
    post_event(sim, &paired.name, "messages.upsert", data).await
}

/// Posts one event to the webhook the back-office gave the gateway instance `name`.
async fn post_event(sim: &Simulator, name: &str, event: &str, data: Value) -> anyhow::Result<u16> {
    let hook = sim.gateway.hook(name).ok_or_else(|| anyhow::anyhow!("o gateway \"{name}\" ainda não tem webhook"))?;
    // The hook names the tenant's public address; the server is reached where the simulator
    // reaches it, with the tenant's host (a `*.localhost` name need not resolve here).
    let path = reqwest::Url::parse(&hook)?.path().to_owned();
    let url = format!("{}{path}", sim.server);
    let body = json!({ "event": event, "instance": name, "data": data,
        "date_time": chrono::Utc::now().to_rfc3339(), "sender": "551140020000@s.whatsapp.net",
        "server_url": sim.own_url, "apikey": null });
    let response = sim.http.post(url).header("host", &sim.host).json(&body).send().await?;
    Ok(response.status().as_u16())
}
