//! Outbound calls (docs/operations.md#outbound-calls) through the real HTTP surface: a refusal
//! that names no internal address, providers and webhook receivers answering bodies far past
//! the caps (not buffered, a clear pt_BR error, the server unharmed), and a provider whose
//! history never ends stopped at `SYNC_MAX_PAGES`.

use std::{
    net::{IpAddr, SocketAddr},
    sync::{
        Arc,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use axum::{
    Json, Router,
    body::{Body, Bytes},
    http::StatusCode,
    response::Response,
    routing::{any, get},
};
use backoffice::{
    domain::{
        outbound::is_public,
        tenants,
        webhooks::{self, NewEndpoint},
    },
    tenancy::TenantName,
};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

const HOST: &str = "acme.localhost";

async fn feature(app: &TestApp, tenant: &str, option: &str, on: bool) {
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse(tenant).unwrap()).await.unwrap();
    tenants::set_feature(app.dbs().control(), &record, option, on, &app.state.bus).await.unwrap();
}

/// What a huge answer is: far past every cap (16 MiB for a page of history), and far more than
/// sockets buffer (a few MiB), so that a client reading it whole is told from one that stops.
const HUGE: u64 = 128 << 20;
const CHUNK: usize = 64 << 10;

/// A server answering every request with `status` and a [`HUGE`] body streamed in 64 KiB chunks:
/// valid JSON (a `qrcode`, an empty page) padded with whitespace, so that only its size is
/// wrong. It counts the bytes the client made it produce.
struct HugeAnswers {
    address: SocketAddr,
    pulled: Arc<AtomicU64>,
}

impl HugeAnswers {
    async fn start(status: StatusCode) -> Self {
        let pulled = Arc::new(AtomicU64::new(0));
        let counter = pulled.clone();
        let answer = move || {
            let counter = counter.clone();
            async move {
                let head = Bytes::from_static(br#"{"qrcode":"2@pareamento","messages":[],"next_cursor":null"#);
                let padding = Bytes::from(vec![b' '; CHUNK]);
                let chunks = HUGE as usize / CHUNK;
                let body = std::iter::once(head)
                    .chain(std::iter::repeat_n(padding, chunks))
                    .chain(std::iter::once(Bytes::from_static(b"}")));
                // Counted as the server is asked for each chunk: what the client read, plus what
                // the sockets buffer.
                let stream = futures::stream::iter(body.map(move |chunk| {
                    counter.fetch_add(chunk.len() as u64, Ordering::SeqCst);
                    Ok::<_, std::io::Error>(chunk)
                }));
                Response::builder()
                    .status(status)
                    .header("content-type", "application/json")
                    .body(Body::from_stream(stream))
                    .unwrap()
            }
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, Router::new().fallback(any(answer))).await });
        Self { address, pulled }
    }

    fn pulled(&self) -> u64 {
        self.pulled.load(Ordering::SeqCst)
    }
}

async fn wait_sync(app: &TestApp, token: &str, job: i64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let path = format!("/api/instance/syncMessages/{job}");
        let status: Value = app.call(Method::GET, HOST, &path, Some(token), None).await.json().await.unwrap();
        if status["status"] != "running" {
            return status;
        }
        assert!(Instant::now() < deadline, "the sync did not end: {status}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn instance(app: &TestApp, token: &str, base_url: &str) -> Value {
    let body = json!({ "name": "WhatsApp", "providerBaseUrl": base_url, "providerSecret": "segredo" });
    let created = app.call(Method::POST, HOST, "/api/instance", Some(token), Some(body)).await;
    assert_eq!(created.status(), 201);
    created.json().await.unwrap()
}

async fn start_sync(app: &TestApp, token: &str, instance: &Value) -> i64 {
    let body = json!({ "id": instance["id"], "unlimitedSync": true });
    let started = app.call(Method::POST, HOST, "/api/instance/syncMessages", Some(token), Some(body)).await;
    assert_eq!(started.status(), 202);
    started.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// This machine's name, which resolves (through /etc/hosts) to an address of its own —
/// loopback or a private one — and never to a public one.
async fn own_name() -> (String, Vec<IpAddr>) {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap().trim().to_owned();
    let addresses: Vec<IpAddr> = tokio::net::lookup_host((name.as_str(), 443)).await.unwrap().map(|a| a.ip()).collect();
    assert!(!addresses.is_empty() && addresses.iter().all(|ip| !is_public(*ip)), "{name}: {addresses:?}");
    (name, addresses)
}

#[tokio::test]
async fn a_url_whose_name_resolves_to_an_internal_address_is_refused_without_naming_the_address() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    feature(&app, "acme", "webhooks", true).await;
    let (name, addresses) = own_name().await;
    let names_none = |message: &str| {
        let named: Vec<_> = addresses.iter().filter(|ip| message.contains(&ip.to_string())).collect();
        assert!(named.is_empty(), "the refusal names {named:?}: {message}");
        assert!(!message.contains("127.0.0.1") && !message.contains("::1"), "{message}");
    };
    let url = format!("https://{name}/hook");

    let created = app
        .call(
            Method::POST,
            HOST,
            "/api/webhooks",
            Some(&token),
            Some(json!({ "url": url, "events": ["campaign.status"] })),
        )
        .await;
    assert_eq!(created.status(), 422);
    let body: Value = created.json().await.unwrap();
    assert_eq!(body["errors"][0]["field"], "url", "{body}");
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert!(message.contains(&name) && message.contains("não é público"), "{message}");
    names_none(message);
    names_none(body["message"].as_str().unwrap());

    // An endpoint saved while private addresses were allowed, moved to the same name.
    let db = app.tenant_db("acme").await;
    let unit = backoffice::domain::unit::Unit::begin(&db, std::sync::Arc::new(app.state.bus.clone())).await.unwrap();
    let new = NewEndpoint {
        url: "http://127.0.0.1:9/hook".into(),
        events: vec!["campaign.status".into()],
        description: None,
    };
    let checked = webhooks::check_new(new, true).await.unwrap();
    let saved =
        webhooks::create(&unit, &app.state.secrets, &TenantName::parse("acme").unwrap(), checked).await.unwrap();
    unit.commit().await.unwrap();
    let path = format!("/api/webhooks/{}", saved.endpoint.id);
    let updated = app.call(Method::PUT, HOST, &path, Some(&token), Some(json!({ "url": url }))).await;
    assert_eq!(updated.status(), 422);
    let body: Value = updated.json().await.unwrap();
    assert_eq!(body["errors"][0]["field"], "url", "{body}");
    names_none(body["errors"][0]["message"].as_str().unwrap());

    // A provider on that name: the call is refused when it connects, and says why.
    let provider = instance(&app, &token, &format!("https://{name}")).await;
    let path = format!("/api/instance/{}/connect", provider["id"]);
    let refused = app.call(Method::POST, HOST, &path, Some(&token), None).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "provider_error");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("não é público"), "{message}");
    names_none(message);
}

#[tokio::test]
async fn a_provider_answering_a_huge_body_fails_the_call_without_being_buffered() {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let huge = HugeAnswers::start(StatusCode::OK).await;
    let provider = instance(&app, &token, &format!("http://{}", huge.address)).await;

    // A page of history past 16 MiB fails the job, saying so.
    let job = start_sync(&app, &token, &provider).await;
    let done = wait_sync(&app, &token, job).await;
    assert_eq!(done["status"], "failed", "{done}");
    let error = done["error"].as_str().unwrap();
    assert!(error.contains("Erro no provedor da instância") && error.contains("passou de 16 MiB"), "{error}");
    assert!(huge.pulled() < HUGE / 2, "the rest of the answer was never read ({} bytes produced)", huge.pulled());

    // A pairing code past 1 MiB: a clear 422, not a 500.
    let before = huge.pulled();
    let path = format!("/api/instance/{}/connect", provider["id"]);
    let refused = app.call(Method::POST, HOST, &path, Some(&token), None).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "provider_error");
    assert!(body["message"].as_str().unwrap().contains("passou de 1 MiB"), "{body}");
    assert!(huge.pulled() - before < HUGE / 2, "the rest of the answer was never read");

    // The server is fine.
    let listed = app.call(Method::GET, HOST, "/api/instance", Some(&token), None).await;
    assert_eq!(listed.status(), 200);
}

#[tokio::test]
async fn a_webhook_receiver_answering_a_huge_body_is_logged_from_its_first_bytes_only() {
    let app = TestApp::spawn_with(|config| config.allow_private_webhooks = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    feature(&app, "acme", "webhooks", true).await;
    let huge = HugeAnswers::start(StatusCode::INTERNAL_SERVER_ERROR).await;
    let body = json!({ "url": format!("http://{}/hook", huge.address), "events": ["campaign.status"] });
    let created: Value =
        app.call(Method::POST, HOST, "/api/webhooks", Some(&token), Some(body)).await.json().await.unwrap();
    let endpoint = created["id"].as_i64().unwrap();
    let test = app.call(Method::POST, HOST, &format!("/api/webhooks/{endpoint}/test"), Some(&token), None).await;
    assert_eq!(test.status(), 202);

    let deadline = Instant::now() + Duration::from_secs(10);
    let attempt = loop {
        let path = format!("/api/webhooks/{endpoint}/deliveries");
        let page: Value = app.call(Method::GET, HOST, &path, Some(&token), None).await.json().await.unwrap();
        if let Some(first) = page["data"][0]["log"].as_array().and_then(|log| log.first()) {
            break first.clone();
        }
        assert!(Instant::now() < deadline, "no attempt logged: {page}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(attempt["statusCode"], 500, "{attempt}");
    let error = attempt["error"].as_str().unwrap();
    assert!(error.starts_with("HTTP 500: {\"qrcode\""), "{error}");
    assert!(error.chars().count() <= 320, "a snippet: {} characters", error.chars().count());
    // Give a buffering client the time to have read everything, then look.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(huge.pulled() < HUGE / 2, "the rest of the answer was never read ({} bytes produced)", huge.pulled());
}

#[tokio::test]
async fn a_provider_that_always_offers_another_page_is_stopped_at_the_page_cap() {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        config.sync_max_pages = 5;
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    // One new message and a cursor never seen before, on every page, forever.
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let pages = move || {
        let n = counter.fetch_add(1, Ordering::SeqCst);
        async move {
            Json(json!({
                "messages": [{ "id": format!("sem-fim-{n}"), "phone": "+55 11 91234-5678", "direction": "in",
                    "body": format!("Mensagem {n}"), "sentAt": chrono::Utc::now().to_rfc3339() }],
                "next_cursor": format!("c{}", n + 1),
            }))
        }
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, Router::new().route("/messages", get(pages))).await });
    let provider = instance(&app, &token, &format!("http://{address}")).await;

    let job = start_sync(&app, &token, &provider).await;
    let done = wait_sync(&app, &token, job).await;
    assert_eq!(done["status"], "failed", "{done}");
    assert!(done["error"].as_str().unwrap().contains("limite de 5 páginas"), "{done}");
    assert_eq!(done["fetched"], 5, "what was fetched stays: {done}");
    assert_eq!(done["inserted"], 5);
    assert_eq!(asked.load(Ordering::SeqCst), 5, "no sixth page was asked for");
}
