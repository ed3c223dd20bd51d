//! A fake of Meta's Graph API for official (`cloud`) instances, speaking its documented wire
//! format (Cloud API reference: "Send messages", "Media", "Phone numbers"; webhooks: "messages"):
//!
//! - `POST /v23.0/{phone-number-id}/messages` with `Authorization: Bearer {token}` answers
//!   `{"messaging_product":"whatsapp","contacts":[{"input","wa_id"}],"messages":[{"id":"wamid…"}]}`,
//!   or a planned Graph error `{"error":{"message","type","code","error_data":{"details"},"fbtrace_id"}}`;
//! - `GET /v23.0/{media-id}` answers `{"url","mime_type","sha256","file_size","id"}` and the URL
//!   serves the bytes to the same bearer only;
//! - `GET /v23.0/{phone-number-id}?fields=…` answers the number's state.
//!
//! The deliveries Meta posts to the webhook are built by the functions at the end, from the
//! payload examples of the webhook reference, and signed as Meta signs them.

use std::{
    collections::{HashMap, VecDeque},
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use backoffice::domain::instances::cloud::signature;
use serde_json::{Value, json};

pub const PHONE_NUMBER_ID: &str = "106540352242922";
pub const WABA_ID: &str = "102290129340398";
pub const ACCESS_TOKEN: &str = "EAAJB-token-de-teste";
pub const APP_SECRET: &str = "segredo-do-app-de-teste";
pub const VERIFY_TOKEN: &str = "token-de-verificacao-42";

/// A planned Graph error for the next send.
#[derive(Debug, Clone)]
pub struct PlannedError {
    pub status: u16,
    pub code: i64,
    pub details: String,
}

#[derive(Default)]
struct Inner {
    sent: Mutex<Vec<Value>>,
    next: AtomicU64,
    errors: Mutex<VecDeque<PlannedError>>,
    /// media id → (bytes, mime type)
    media: Mutex<HashMap<String, (Vec<u8>, String)>>,
    /// `Authorization` headers of media downloads.
    downloads: Mutex<Vec<String>>,
}

#[derive(Clone)]
pub struct FakeGraph {
    pub address: SocketAddr,
    inner: Arc<Inner>,
}

fn graph_error(status: u16, code: i64, details: &str) -> Response {
    let body = json!({ "error": {
        "message": format!("(#{code}) {details}"), "type": "OAuthException", "code": code,
        "error_data": { "messaging_product": "whatsapp", "details": details }, "fbtrace_id": "AbCdEf123"
    } });
    (StatusCode::from_u16(status).unwrap(), Json(body)).into_response()
}

fn authorized(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(&format!("Bearer {ACCESS_TOKEN}"))
}

async fn send(
    State(inner): State<Arc<Inner>>,
    Path(phone_number_id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if !authorized(&headers) {
        return graph_error(401, 190, "Error validating access token: Session has expired");
    }
    if phone_number_id != PHONE_NUMBER_ID {
        return graph_error(400, 100, "Unsupported post request. Object with ID does not exist");
    }
    if let Some(planned) = inner.errors.lock().unwrap().pop_front() {
        return graph_error(planned.status, planned.code, &planned.details);
    }
    let id = format!("wamid.FAKE{}", inner.next.fetch_add(1, Ordering::SeqCst) + 1);
    let to = body["to"].as_str().unwrap_or_default().to_owned();
    let mut kept = body;
    // What was answered, beside what was asked (tests find a message's wamid by its text).
    kept["__wamid"] = json!(id);
    inner.sent.lock().unwrap().push(kept);
    Json(json!({ "messaging_product": "whatsapp", "contacts": [{ "input": to, "wa_id": to }],
                 "messages": [{ "id": id }] }))
    .into_response()
}

async fn node(State(inner): State<Arc<Inner>>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let host = headers.get("host").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    if !authorized(&headers) {
        return graph_error(401, 190, "Error validating access token");
    }
    if id == PHONE_NUMBER_ID {
        return Json(json!({ "display_phone_number": "+55 11 4002-8922", "verified_name": "Acme Atendimento",
                            "quality_rating": "GREEN", "messaging_limit_tier": "TIER_1K", "id": PHONE_NUMBER_ID }))
        .into_response();
    }
    match inner.media.lock().unwrap().get(&id) {
        Some((bytes, mime)) => Json(json!({
            "messaging_product": "whatsapp", "url": format!("http://{host}/whatsapp_business/attachments/{id}"),
            "mime_type": mime, "sha256": "ignored-by-the-server", "file_size": bytes.len().to_string(), "id": id
        }))
        .into_response(),
        None => graph_error(400, 100, "Unsupported get request. Object with ID does not exist"),
    }
}

/// Two pages of the WABA's templates (Graph API "Message templates": `data` and `paging.cursors`).
async fn templates(
    Path(waba): Path<String>,
    headers: HeaderMap,
    axum::extract::Query(query): axum::extract::Query<HashMap<String, String>>,
) -> Response {
    if !authorized(&headers) {
        return graph_error(401, 190, "Error validating access token");
    }
    if waba != WABA_ID {
        return graph_error(400, 100, "Unsupported get request");
    }
    let body =
        |text: &str, examples: Value| json!({ "type": "BODY", "text": text, "example": { "body_text": [examples] } });
    if query.get("after").map(String::as_str) == Some("QVFIUmFFR") {
        return Json(json!({ "data": [{
            "name": "promocao_natal", "language": "pt_BR", "category": "MARKETING", "status": "PENDING", "id": "3",
            "components": [body("Oferta de Natal para {{1}}!", json!(["Carla"]))]
        }], "paging": { "cursors": { "before": "QVFIUmFFR", "after": "QVFIUmFFR" } } }))
        .into_response();
    }
    Json(json!({ "data": [
        { "name": "pedido_enviado", "language": "pt_BR", "category": "UTILITY", "status": "APPROVED", "id": "1",
          "components": [
            { "type": "HEADER", "format": "TEXT", "text": "Seu pedido" },
            body("Olá {{1}}, seu pedido {{2}} saiu para entrega.", json!(["Maria", "12345"])),
            { "type": "FOOTER", "text": "Acme Lojas" },
            { "type": "BUTTONS", "buttons": [{ "type": "QUICK_REPLY", "text": "Falar com atendente" }] }
          ] },
        { "name": "retomar_conversa", "language": "pt_BR", "category": "UTILITY", "status": "APPROVED", "id": "2",
          "components": [body("Oi! Podemos continuar seu atendimento?", json!([]))] }
      ],
      "paging": { "cursors": { "before": "MAZDZD", "after": "QVFIUmFFR" },
                  "next": "https://graph.facebook.com/v23.0/102290129340398/message_templates?after=QVFIUmFFR" } }))
    .into_response()
}

async fn download(State(inner): State<Arc<Inner>>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    inner.downloads.lock().unwrap().push(auth);
    if !authorized(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    match inner.media.lock().unwrap().get(&id).cloned() {
        Some((bytes, mime)) => ([("content-type", mime)], bytes).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

impl FakeGraph {
    pub async fn start() -> Self {
        let inner = Arc::new(Inner::default());
        let router = Router::new()
            .route("/v23.0/{id}/messages", post(send))
            .route("/v23.0/{id}/message_templates", get(templates))
            .route("/v23.0/{id}", get(node))
            .route("/whatsapp_business/attachments/{id}", get(download))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        Self { address, inner }
    }

    /// What `GRAPH_API_URL` is set to.
    pub fn url(&self) -> String {
        format!("http://{}/v23.0", self.address)
    }

    /// The next send answers this error.
    pub fn fail_next(&self, status: u16, code: i64, details: &str) {
        self.inner.errors.lock().unwrap().push_back(PlannedError { status, code, details: details.to_owned() });
    }

    /// A customer's medium, as Meta keeps it under `media_id`.
    pub fn keep_media(&self, media_id: &str, bytes: Vec<u8>, mime: &str) {
        self.inner.media.lock().unwrap().insert(media_id.to_owned(), (bytes, mime.to_owned()));
    }

    pub fn downloads(&self) -> Vec<String> {
        self.inner.downloads.lock().unwrap().clone()
    }

    pub fn sent(&self) -> Vec<Value> {
        self.inner.sent.lock().unwrap().clone()
    }

    pub async fn wait_sent(&self, count: usize) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let sent = self.sent();
            if sent.len() >= count {
                return sent;
            }
            assert!(Instant::now() < deadline, "Meta received {} of {count} messages", sent.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A delivery of the `messages` field with `value`'s lists (the webhook reference's envelope).
pub fn delivery(value: Value) -> Value {
    let mut value = value;
    value["messaging_product"] = json!("whatsapp");
    value["metadata"] = json!({ "display_phone_number": "15550783881", "phone_number_id": PHONE_NUMBER_ID });
    json!({ "object": "whatsapp_business_account",
            "entry": [{ "id": WABA_ID, "changes": [{ "value": value, "field": "messages" }] }] })
}

/// A customer's message of `kind` with the type's object (`{"body": …}` for text).
pub fn customer_message(wamid: &str, from: &str, name: &str, kind: &str, object: Value) -> Value {
    let mut message = json!({ "from": from, "id": wamid, "timestamp": chrono::Utc::now().timestamp().to_string(),
                              "type": kind });
    message[kind] = object;
    delivery(json!({ "contacts": [{ "profile": { "name": name }, "wa_id": from }], "messages": [message] }))
}

/// A text from a person who adopted a WhatsApp username, as Meta documents it since the 2026
/// rollout: the business-scoped user id in `from_user_id` and the contact's `user_id`, the
/// username in the profile, and the phone (`from`, `wa_id`) only when Meta shares it.
pub fn username_message(wamid: &str, user_id: &str, username: &str, phone: Option<&str>, body: &str) -> Value {
    let mut message = json!({ "from_user_id": user_id, "id": wamid,
                              "timestamp": chrono::Utc::now().timestamp().to_string(),
                              "type": "text", "text": { "body": body } });
    let mut contact = json!({ "profile": { "name": "", "username": username }, "user_id": user_id });
    if let Some(phone) = phone {
        message["from"] = json!(phone);
        contact["wa_id"] = json!(phone);
    }
    delivery(json!({ "contacts": [contact], "messages": [message] }))
}

/// Meta's system message for a customer who moved from `old` to `new` (`user_changed_number`).
pub fn number_change(wamid: &str, old: &str, new: &str) -> Value {
    let message = json!({ "from": old, "id": wamid, "timestamp": chrono::Utc::now().timestamp().to_string(),
        "type": "system", "system": { "body": format!("Marina mudou de {old} para {new}"), "wa_id": new,
        "type": "user_changed_number" } });
    delivery(json!({ "messages": [message] }))
}

/// A status of one of our messages; `errors` for a `failed` one.
pub fn status(wamid: &str, recipient: &str, status: &str, errors: Option<Value>) -> Value {
    let mut entry = json!({ "id": wamid, "status": status, "timestamp": chrono::Utc::now().timestamp().to_string(),
                            "recipient_id": recipient,
                            "pricing": { "billable": true, "pricing_model": "PMP", "category": "service" } });
    if let Some(errors) = errors {
        entry["errors"] = errors;
    }
    delivery(json!({ "statuses": [entry] }))
}

/// Meta's `message_template_status_update` change for one template.
pub fn template_status(name: &str, language: &str, event: &str) -> Value {
    json!({ "object": "whatsapp_business_account", "entry": [{ "id": WABA_ID, "time": chrono::Utc::now().timestamp(),
        "changes": [{ "field": "message_template_status_update", "value": {
            "event": event, "message_template_id": 1, "message_template_name": name,
            "message_template_language": language, "reason": "NONE" } }] }] })
}

/// Posts `body` to the instance's webhook, signed with `secret` as Meta signs.
pub async fn post_delivery(
    client: &reqwest::Client,
    url: &str,
    host: &str,
    body: &Value,
    secret: &str,
) -> reqwest::Response {
    let raw = body.to_string();
    client
        .post(url)
        .header("host", host)
        .header("content-type", "application/json")
        .header("x-hub-signature-256", signature::header_for(secret, raw.as_bytes()))
        .body(raw)
        .send()
        .await
        .unwrap()
}
