//! The simulator as Meta's Graph API for an official (`cloud`) instance, in the Cloud API's
//! documented format (docs/providers.md#cloud): it answers the sends (`POST
//! {graph}/{phone-number-id}/messages`), the number's test, the template list and media downloads,
//! and posts deliveries to the instance's webhook signed with the app secret
//! (`X-Hub-Signature-256`), as Meta does — customers' messages (one in five from a person whose
//! username hides the phone: only the business-scoped id) and the statuses of our sends.

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
    routing::{get, post},
};
use backoffice::{domain::instances::cloud::signature, random::random_token};
use serde_json::{Value, json};

use super::{Said, Shown, Simulator};

/// Where the simulated Graph API lives under the simulator's address (`GRAPH_API_URL` points here).
pub const PREFIX: &str = "/graph";

/// One official number the simulator is Meta for.
#[derive(Clone)]
pub struct Number {
    pub instance: i32,
    pub phone_number_id: String,
    pub waba_id: String,
    pub access_token: String,
    pub app_secret: String,
}

impl Number {
    pub fn new(instance: i32) -> Self {
        Self {
            instance,
            phone_number_id: format!("10654035224{instance:04}"),
            waba_id: format!("10229012934{instance:04}"),
            access_token: format!("EAAsim{}", random_token(24)),
            app_secret: random_token(32),
        }
    }
}

/// The Graph side's state: the numbers, and media customers sent (id → bytes, type).
#[derive(Default)]
pub struct Graph {
    pub numbers: Mutex<Vec<Number>>,
    media: Mutex<HashMap<String, (Vec<u8>, String)>>,
}

impl Graph {
    fn number(&self, id: &str) -> Option<Number> {
        self.numbers.lock().ok()?.iter().find(|n| n.phone_number_id == id || n.waba_id == id).cloned()
    }
}

fn graph_error(status: StatusCode, code: i64, details: &str) -> Response {
    let body = json!({ "error": { "message": format!("(#{code}) {details}"), "type": "OAuthException", "code": code,
        "error_data": { "messaging_product": "whatsapp", "details": details }, "fbtrace_id": "Asimulador" } });
    (status, Json(body)).into_response()
}

fn bearer_of(headers: &HeaderMap) -> &str {
    headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default()
}

/// The Graph API routes, nested under [`PREFIX`].
pub fn routes(simulator: Arc<Simulator>) -> Router {
    Router::new()
        .route("/{id}/messages", post(send))
        .route("/{id}/message_templates", get(templates))
        .route("/{id}", get(node))
        .route("/media/{id}", get(download))
        .with_state(simulator)
}

async fn send(
    State(sim): State<Arc<Simulator>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    let Some(number) = sim.graph.number(&id) else {
        return graph_error(StatusCode::BAD_REQUEST, 100, "Unsupported post request. Object does not exist");
    };
    if bearer_of(&headers) != format!("Bearer {}", number.access_token) {
        return graph_error(StatusCode::UNAUTHORIZED, 190, "Error validating access token");
    }
    let wamid = format!("wamid.SIM{}", random_token(20));
    sim.count_sent();
    let to = body["to"].as_str().or(body["recipient"].as_str()).unwrap_or_default().to_owned();
    // Delivered, then read: the statuses Meta posts, signed.
    let status_id = wamid.clone();
    tokio::spawn(async move {
        for (delay, state) in [(800u64, "delivered"), (2_500, "read")] {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            let entry = json!({ "id": status_id, "status": state,
                "timestamp": chrono::Utc::now().timestamp().to_string(), "recipient_id": to,
                "pricing": { "billable": true, "pricing_model": "PMP", "category": "service" } });
            if let Err(err) = deliver(&sim, &number, json!({ "statuses": [entry] })).await {
                eprintln!("status da Meta simulada não entregue: {err}");
            }
        }
    });
    Json(json!({ "messaging_product": "whatsapp", "contacts": [{ "input": body["to"], "wa_id": body["to"] }],
                 "messages": [{ "id": wamid }] }))
    .into_response()
}

async fn node(State(sim): State<Arc<Simulator>>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    if let Some(number) = sim.graph.number(&id) {
        if bearer_of(&headers) != format!("Bearer {}", number.access_token) {
            return graph_error(StatusCode::UNAUTHORIZED, 190, "Error validating access token");
        }
        return Json(json!({ "display_phone_number": format!("+55 11 4002-{:04}", number.instance),
            "verified_name": "Loja Demo (simulada)", "quality_rating": "GREEN",
            "messaging_limit_tier": "TIER_1K", "id": id }))
        .into_response();
    }
    let known = sim.graph.media.lock().map(|media| media.get(&id).map(|(b, m)| (b.len(), m.clone()))).ok().flatten();
    match known {
        Some((size, mime)) => Json(json!({ "messaging_product": "whatsapp",
            "url": format!("{}{PREFIX}/media/{id}", sim.own_url), "mime_type": mime,
            "sha256": "simulado", "file_size": size.to_string(), "id": id }))
        .into_response(),
        None => graph_error(StatusCode::BAD_REQUEST, 100, "Unsupported get request. Object does not exist"),
    }
}

async fn download(State(sim): State<Arc<Simulator>>, Path(id): Path<String>) -> Response {
    match sim.graph.media.lock().ok().and_then(|media| media.get(&id).cloned()) {
        Some((bytes, mime)) => ([("content-type", mime)], bytes).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The account's templates: what a Brazilian shop has approved, in Meta's `data`/`paging` shape.
async fn templates(State(sim): State<Arc<Simulator>>, Path(waba): Path<String>) -> Response {
    if sim.graph.number(&waba).is_none() {
        return graph_error(StatusCode::BAD_REQUEST, 100, "Unsupported get request");
    }
    let body =
        |text: &str, examples: Value| json!({ "type": "BODY", "text": text, "example": { "body_text": [examples] } });
    Json(json!({ "data": [
        { "name": "pedido_enviado", "language": "pt_BR", "category": "UTILITY", "status": "APPROVED", "id": "901",
          "components": [{ "type": "HEADER", "format": "TEXT", "text": "Seu pedido" },
                         body("Olá {{1}}, seu pedido {{2}} saiu para entrega.", json!(["Maria", "12345"]))] },
        { "name": "retomar_conversa", "language": "pt_BR", "category": "UTILITY", "status": "APPROVED", "id": "902",
          "components": [body("Oi {{1}}! Podemos continuar seu atendimento?", json!(["Maria"]))] },
        { "name": "ofertas_semana", "language": "pt_BR", "category": "MARKETING", "status": "APPROVED", "id": "903",
          "components": [body("{{1}}, as ofertas da semana chegaram: até 30% off!", json!(["Maria"]))] }
      ], "paging": { "cursors": { "before": "MA", "after": "MQ" } } }))
    .into_response()
}

/// A customer's message, as Meta delivers it.
pub async fn customer_writes(sim: &Simulator, number: &Number, said: &Said) -> anyhow::Result<u16> {
    let wamid = format!("wamid.SIMIN{}", random_token(20));
    let digits = said.phone.trim_start_matches('+').to_owned();
    let mut message = json!({ "id": wamid, "timestamp": chrono::Utc::now().timestamp().to_string(),
                              "from_user_id": said.bsuid });
    let mut contact = json!({ "profile": { "name": said.name }, "user_id": said.bsuid });
    if said.hides_phone {
        contact["profile"] = json!({ "name": "", "username": said.username });
    } else {
        message["from"] = json!(digits);
        contact["wa_id"] = json!(digits);
    }
    match &said.shown {
        Shown::Text => {
            message["type"] = json!("text");
            message["text"] = json!({ "body": said.body });
        }
        Shown::Photo(bytes) | Shown::Voice(bytes) => {
            let (kind, mime) =
                if matches!(said.shown, Shown::Photo(_)) { ("image", "image/jpeg") } else { ("audio", "audio/ogg") };
            let media_id = format!("{}", rand::random::<u64>() % 9_000_000_000_000 + 1_000_000_000_000);
            if let Ok(mut media) = sim.graph.media.lock() {
                media.insert(media_id.clone(), (bytes.clone(), mime.to_owned()));
            }
            message["type"] = json!(kind);
            message[kind] = json!({ "id": media_id, "mime_type": mime, "sha256": "simulado" });
            if kind == "image" {
                message[kind]["caption"] = json!(said.body);
            } else {
                message[kind]["voice"] = json!(true);
            }
        }
        Shown::Location => {
            message["type"] = json!("location");
            message["location"] = json!({ "latitude": -22.9056, "longitude": -47.0608,
                "name": "Centro de Campinas", "address": "R. Barão de Jaguara, Campinas - SP" });
        }
    }
    deliver(sim, number, json!({ "contacts": [contact], "messages": [message] })).await
}

/// Posts one `messages` change to the instance's webhook, signed with the app secret.
async fn deliver(sim: &Simulator, number: &Number, mut value: Value) -> anyhow::Result<u16> {
    value["messaging_product"] = json!("whatsapp");
    value["metadata"] = json!({ "display_phone_number": "551140020000", "phone_number_id": number.phone_number_id });
    let body = json!({ "object": "whatsapp_business_account",
        "entry": [{ "id": number.waba_id, "changes": [{ "value": value, "field": "messages" }] }] })
    .to_string();
    let response = sim
        .http
        .post(format!("{}/api/instance/{}/cloud", sim.server, number.instance))
        .header("host", &sim.host)
        .header("content-type", "application/json")
        .header("x-hub-signature-256", signature::header_for(&number.app_secret, body.as_bytes()))
        .body(body)
        .send()
        .await?;
    Ok(response.status().as_u16())
}
