//! A fake instance provider on loopback: it receives what the server sends (`POST /messages`,
//! `POST`/`DELETE /session`) and pushes signed events to the server, as a real provider would
//! (docs/providers.md).

use std::{
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use axum::{Json, Router, http::StatusCode, routing::post};
use backoffice::domain::standard_webhooks;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

/// The secret the fake provider and the server share.
pub const SECRET: &str = "whsec_c2VncmVkby1kby1wcm92ZWRvci1kZS10ZXN0ZQ==";

/// What the server sent.
#[derive(Debug, Clone)]
pub struct Sent {
    pub phone: String,
    pub body: String,
    pub client_id: String,
    pub id: String,
    /// The whole body, as contract 2 adds to it (`type`, `media`, `quotedId`, `reaction`).
    pub raw: Value,
}

/// A file the provider serves at `GET /files/{name}` (a customer's medium), to the bearer of
/// [`SECRET`] only.
#[derive(Debug, Clone)]
pub struct Hosted {
    pub bytes: Vec<u8>,
    pub content_type: String,
    /// Answer with this status instead of the file.
    pub status: u16,
}

#[derive(Default)]
struct Inner {
    sent: Mutex<Vec<Sent>>,
    next: AtomicU64,
    /// Answer 500 to sends while set.
    failing: AtomicBool,
    /// Answer 400 (a refusal retrying cannot fix) to sends while set.
    refusing: AtomicBool,
    files: Mutex<std::collections::HashMap<String, Hosted>>,
    /// `Authorization` headers of the file fetches.
    fetches: Mutex<Vec<String>>,
    /// The next send is taken only after this long (a provider slow over one message): what
    /// arrives meanwhile is taken first.
    slow_next: Mutex<Option<Duration>>,
}

/// A running fake provider.
#[derive(Clone)]
pub struct FakeProvider {
    pub address: SocketAddr,
    inner: Arc<Inner>,
}

impl FakeProvider {
    pub async fn start() -> Self {
        let inner = Arc::new(Inner::default());
        let send = {
            let inner = inner.clone();
            move |Json(body): Json<Value>| {
                let inner = inner.clone();
                async move {
                    if inner.failing.load(Ordering::SeqCst) {
                        return (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "error": "fora do ar" })));
                    }
                    if inner.refusing.load(Ordering::SeqCst) {
                        return (StatusCode::BAD_REQUEST, Json(json!({ "error": "número inválido" })));
                    }
                    let slow = inner.slow_next.lock().unwrap().take();
                    if let Some(slow) = slow {
                        tokio::time::sleep(slow).await;
                    }
                    let id = format!("prov-{}", inner.next.fetch_add(1, Ordering::SeqCst) + 1);
                    inner.sent.lock().unwrap().push(Sent {
                        phone: body["phone"].as_str().unwrap_or_default().to_owned(),
                        body: body["body"].as_str().unwrap_or_default().to_owned(),
                        client_id: body["clientId"].as_str().unwrap_or_default().to_owned(),
                        id: id.clone(),
                        raw: body.clone(),
                    });
                    (StatusCode::OK, Json(json!({ "id": id })))
                }
            }
        };
        let serve = {
            let inner = inner.clone();
            move |axum::extract::Path(name): axum::extract::Path<String>, headers: axum::http::HeaderMap| {
                let inner = inner.clone();
                async move {
                    use axum::response::IntoResponse;
                    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default();
                    inner.fetches.lock().unwrap().push(auth.to_owned());
                    if auth != format!("Bearer {SECRET}") {
                        return StatusCode::UNAUTHORIZED.into_response();
                    }
                    let Some(file) = inner.files.lock().unwrap().get(&name).cloned() else {
                        return StatusCode::NOT_FOUND.into_response();
                    };
                    if file.status != 200 {
                        return StatusCode::from_u16(file.status).unwrap().into_response();
                    }
                    ([("content-type", file.content_type)], file.bytes).into_response()
                }
            }
        };
        let router =
            Router::new().route("/files/{name}", axum::routing::get(serve)).route("/messages", post(send)).route(
                "/session",
                post(|| async { Json(json!({ "qrcode": "2@pareamento-de-teste" })) })
                    .delete(|| async { StatusCode::NO_CONTENT }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        Self { address, inner }
    }

    pub fn base_url(&self) -> String {
        format!("http://{}", self.address)
    }

    pub fn fail_sends(&self, failing: bool) {
        self.inner.failing.store(failing, Ordering::SeqCst);
    }

    pub fn refuse_sends(&self, refusing: bool) {
        self.inner.refusing.store(refusing, Ordering::SeqCst);
    }

    /// The next send is taken (given its id, counted in [`Self::sent`]) only after `delay`.
    pub fn slow_next_send(&self, delay: Duration) {
        *self.inner.slow_next.lock().unwrap() = Some(delay);
    }

    /// Serves `bytes` at `/files/{name}`; answers its URL.
    pub fn host(&self, name: &str, bytes: Vec<u8>, content_type: &str) -> String {
        let hosted = Hosted { bytes, content_type: content_type.to_owned(), status: 200 };
        self.inner.files.lock().unwrap().insert(name.to_owned(), hosted);
        format!("{}/files/{name}", self.base_url())
    }

    /// Answers `status` at `/files/{name}`; answers its URL.
    pub fn host_failing(&self, name: &str, status: u16) -> String {
        let hosted = Hosted { bytes: Vec::new(), content_type: String::new(), status };
        self.inner.files.lock().unwrap().insert(name.to_owned(), hosted);
        format!("{}/files/{name}", self.base_url())
    }

    /// The `Authorization` of every file fetch so far.
    pub fn fetches(&self) -> Vec<String> {
        self.inner.fetches.lock().unwrap().clone()
    }

    pub fn sent(&self) -> Vec<Sent> {
        self.inner.sent.lock().unwrap().clone()
    }

    /// Waits until the server has sent `count` messages.
    pub async fn wait_sent(&self, count: usize) -> Vec<Sent> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let sent = self.sent();
            if sent.len() >= count {
                return sent;
            }
            assert!(Instant::now() < deadline, "the server sent {} of {count} messages", sent.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Signs and posts one event to `POST /api/instance/{id}/events` on `host`.
pub async fn push(app: &TestApp, host: &str, instance_id: i32, event_id: &str, event: &Value) -> reqwest::Response {
    push_signed(app, host, instance_id, event_id, event, SECRET, chrono::Utc::now().timestamp()).await
}

/// Same, with the signing secret and the timestamp chosen by the test.
pub async fn push_signed(
    app: &TestApp,
    host: &str,
    instance_id: i32,
    event_id: &str,
    event: &Value,
    secret: &str,
    timestamp: i64,
) -> reqwest::Response {
    let url = app.url(&format!("/api/instance/{instance_id}/events"));
    post_signed(&app.client, &url, host, event_id, event, secret, timestamp).await
}

/// Signs `event` with `secret` at `timestamp` and posts it to `url` (an instance's events path, on
/// any replica).
pub async fn post_signed(
    client: &reqwest::Client,
    url: &str,
    host: &str,
    event_id: &str,
    event: &Value,
    secret: &str,
    timestamp: i64,
) -> reqwest::Response {
    let body = event.to_string();
    let signature = standard_webhooks::sign(secret, event_id, timestamp, body.as_bytes());
    client
        .request(Method::POST, url)
        .header("host", host)
        .header("content-type", "application/json")
        .header("webhook-id", event_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(body)
        .send()
        .await
        .unwrap()
}

/// A customer's message event.
pub fn customer_message(id: &str, phone: &str, name: &str, body: &str) -> Value {
    json!({ "type": "message", "data": {
        "id": id, "phone": phone, "name": name, "direction": "in", "body": body, "sentAt": chrono::Utc::now().to_rfc3339()
    } })
}

/// An ack event for a message the server sent (by the provider's id).
pub fn ack(id: &str, ack: &str) -> Value {
    json!({ "type": "ack", "data": { "id": id, "ack": ack } })
}

impl TestApp {
    /// An instance of `tenant` whose provider is `provider`, created through the API by `token`'s user.
    pub async fn instance_with_provider(&self, tenant: &str, token: &str, name: &str, provider: &FakeProvider) -> i32 {
        let body = json!({ "name": name, "providerBaseUrl": provider.base_url(), "providerSecret": SECRET });
        let response =
            self.call(Method::POST, &format!("{tenant}.localhost"), "/api/instance", Some(token), Some(body)).await;
        assert_eq!(response.status(), 201, "instance created");
        response.json::<Value>().await.unwrap()["id"].as_i64().unwrap() as i32
    }
}
