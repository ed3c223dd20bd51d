//! `/api/instance*`: create, list, update (status changes write the instance log), and message
//! synchronisation from a fake provider on loopback — idempotent, with progress.

use std::{net::SocketAddr, time::Duration};

use axum::{
    Json, Router,
    extract::Query,
    http::{HeaderMap, StatusCode},
    routing::get,
};
use backoffice::entities::tenant::{instance_log, message};
use chrono::{DateTime, Utc};
use reqwest::Method;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::support::TestApp;

const HOST: &str = "acme.localhost";
const SECRET: &str = "segredo-do-provedor";
/// Messages the fake provider holds: one every 30 minutes over the last ~10 days.
const HISTORY: usize = 480;

#[derive(Deserialize)]
struct MessagesQuery {
    since: Option<DateTime<Utc>>,
    cursor: Option<String>,
    limit: Option<usize>,
}

/// A provider following docs/providers.md, paging by offset cursors.
async fn fake_provider() -> SocketAddr {
    async fn messages(headers: HeaderMap, Query(q): Query<MessagesQuery>) -> Result<Json<Value>, StatusCode> {
        if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(&format!("Bearer {SECRET}")) {
            return Err(StatusCode::UNAUTHORIZED);
        }
        let now = Utc::now();
        let all: Vec<Value> = (0..HISTORY)
            .map(|i| {
                let sent = now - chrono::Duration::minutes(30 * i as i64);
                json!({
                    "id": format!("ext-{i}"), "phone": format!("+55 11 9{:04}-{:04}", i % 37, i % 37),
                    "name": format!("Cliente {}", i % 37), "direction": if i % 2 == 0 { "in" } else { "out" },
                    "body": format!("Mensagem {i}"), "ack": "read", "sentAt": sent.to_rfc3339()
                })
            })
            .filter(|m| {
                q.since.is_none_or(|since| m["sentAt"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap() >= since)
            })
            .collect();
        let start: usize = q.cursor.as_deref().and_then(|c| c.parse().ok()).unwrap_or(0);
        let limit = q.limit.unwrap_or(100).min(100);
        let page: Vec<Value> = all.iter().skip(start).take(limit).cloned().collect();
        let next = (start + limit < all.len()).then(|| (start + limit).to_string());
        Ok(Json(json!({ "messages": page, "next_cursor": next })))
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, Router::new().route("/messages", get(messages))).await });
    addr
}

async fn wait_for(app: &TestApp, token: &str, job: i64) -> Value {
    for _ in 0..200 {
        let status: Value = app
            .call(Method::GET, HOST, &format!("/api/instance/syncMessages/{job}"), Some(token), None)
            .await
            .json()
            .await
            .unwrap();
        if status["status"] != "running" {
            return status;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("sync did not finish");
}

#[tokio::test]
async fn instances_are_created_listed_and_their_status_changes_logged() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let body = json!({ "name": "WhatsApp Vendas", "tenantName": "acme", "isOfficial": true, "isUnlimited": false });
    let created = app.call(Method::POST, HOST, "/api/instance", Some(&token), Some(body)).await;
    assert_eq!(created.status(), 201);
    let created: Value = created.json().await.unwrap();
    assert_eq!(created["status"], "disconnected");
    assert_eq!(created["isOfficial"], true);

    let update = json!({ "id": created["id"], "status": "connected", "name": "WhatsApp Vendas SP" });
    let updated: Value =
        app.call(Method::POST, HOST, "/api/instance/update", Some(&token), Some(update)).await.json().await.unwrap();
    assert_eq!(updated["status"], "connected");
    let bad = app
        .call(
            Method::POST,
            HOST,
            "/api/instance/update",
            Some(&token),
            Some(json!({ "id": created["id"], "status": "voando" })),
        )
        .await;
    assert_eq!(bad.status(), 422);

    let listed: Value =
        app.call(Method::GET, HOST, "/api/instance?tenantName=acme", Some(&token), None).await.json().await.unwrap();
    assert_eq!(listed[0]["name"], "WhatsApp Vendas SP");
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let logs: Vec<String> =
        instance_log::Entity::find().all(&tx).await.unwrap().into_iter().map(|l| l.status).collect();
    assert_eq!(logs, ["disconnected", "connected"]);
}

#[tokio::test]
async fn a_tenants_user_cannot_name_another_tenant_but_an_operator_can() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    app.tenant_with_admin("beta").await;
    let token = app.login(&admin).await;
    let response = app.call(Method::GET, HOST, "/api/instance?tenantName=beta", Some(&token), None).await;
    assert_eq!(response.status(), 403);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "other_tenant");

    let ops = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let ops_token = app.login(&ops).await;
    let body = json!({ "name": "Instagram", "tenantName": "acme" });
    let created = app.call(Method::POST, "backoffice.localhost", "/api/instance", Some(&ops_token), Some(body)).await;
    assert_eq!(created.status(), 201);
    let listed: Value = app.call(Method::GET, HOST, "/api/instance", Some(&token), None).await.json().await.unwrap();
    assert_eq!(listed[0]["name"], "Instagram", "the operator created it in acme");
    let missing =
        app.call(Method::GET, "backoffice.localhost", "/api/instance?tenantName=nobody", Some(&ops_token), None).await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn private_provider_addresses_are_refused_unless_allowed() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    for url in ["http://127.0.0.1:9/", "https://169.254.169.254/", "https://10.1.2.3"] {
        let body = json!({ "name": "X", "providerBaseUrl": url, "providerSecret": SECRET });
        let response = app.call(Method::POST, HOST, "/api/instance", Some(&token), Some(body)).await;
        assert_eq!(response.status(), 422, "{url}");
    }
}

#[tokio::test]
async fn sync_messages_fetches_the_history_once_and_reports_progress() {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = fake_provider().await;
    let body = json!({ "name": "WhatsApp", "providerBaseUrl": format!("http://{provider}"), "providerSecret": SECRET });
    let instance: Value =
        app.call(Method::POST, HOST, "/api/instance", Some(&token), Some(body)).await.json().await.unwrap();
    let id = instance["id"].clone();
    let latest_path = format!("/api/instance/syncMessages?instanceId={id}");
    let never = app.call(Method::GET, HOST, &latest_path, Some(&token), None).await;
    assert_eq!(never.status(), 200, "not an error: the screen asks for every row");
    assert_eq!(never.json::<Value>().await.unwrap(), Value::Null, "never synchronised");

    let started = app
        .call(
            Method::POST,
            HOST,
            "/api/instance/syncMessages",
            Some(&token),
            Some(json!({ "id": id, "daysAgo": 1, "tenantName": "acme", "unlimitedSync": false })),
        )
        .await;
    assert_eq!(started.status(), 202);
    let job: Value = started.json().await.unwrap();
    let done = wait_for(&app, &token, job["id"].as_i64().unwrap()).await;
    assert_eq!(done["status"], "done", "{done}");
    let one_day = done["inserted"].as_i64().unwrap();
    assert!((47..=49).contains(&one_day), "one day is ~48 half-hours: {done}");

    let all = app
        .call(
            Method::POST,
            HOST,
            "/api/instance/syncMessages",
            Some(&token),
            Some(json!({ "id": id, "unlimitedSync": true })),
        )
        .await
        .json::<Value>()
        .await
        .unwrap();
    let done = wait_for(&app, &token, all["id"].as_i64().unwrap()).await;
    assert_eq!(done["fetched"], HISTORY as i64);
    assert_eq!(
        done["inserted"].as_i64().unwrap(),
        HISTORY as i64 - one_day,
        "already-synced messages are not inserted again"
    );

    let again = app
        .call(
            Method::POST,
            HOST,
            "/api/instance/syncMessages",
            Some(&token),
            Some(json!({ "id": id, "unlimitedSync": true })),
        )
        .await
        .json::<Value>()
        .await
        .unwrap();
    let done = wait_for(&app, &token, again["id"].as_i64().unwrap()).await;
    assert_eq!(done["inserted"], 0);
    // A screen opened later finds the instance's latest job.
    let latest: Value = app.call(Method::GET, HOST, &latest_path, Some(&token), None).await.json().await.unwrap();
    assert_eq!(latest["id"], again["id"]);
    assert_eq!(latest["status"], "done");
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    assert_eq!(message::Entity::find().count(&tx).await.unwrap(), HISTORY as u64);
}

/// A tenant with an instance on the fake provider, and the full synchronisation started on it.
async fn unlimited_sync(app: &TestApp) -> (String, Value) {
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = fake_provider().await;
    let body = json!({ "name": "WhatsApp", "providerBaseUrl": format!("http://{provider}"), "providerSecret": SECRET });
    let instance: Value =
        app.call(Method::POST, HOST, "/api/instance", Some(&token), Some(body)).await.json().await.unwrap();
    let body = json!({ "id": instance["id"], "unlimitedSync": true });
    let started = app.call(Method::POST, HOST, "/api/instance/syncMessages", Some(&token), Some(body)).await;
    assert_eq!(started.status(), 202);
    (token, started.json().await.unwrap())
}

/// The synchronisation is the worker's job, not a task of the request: with no worker running it
/// waits, queued, and the worker that starts later (another process, after a restart) does it.
#[tokio::test]
async fn a_synchronisation_waits_for_the_worker_and_survives_the_process_that_started_it() {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        config.run_worker = false;
    })
    .await;
    let (token, job) = unlimited_sync(&app).await;

    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let path = format!("/api/instance/syncMessages/{}", job["id"]);
    let waiting: Value = app.call(Method::GET, HOST, &path, Some(&token), None).await.json().await.unwrap();
    assert_eq!((waiting["status"].as_str(), waiting["fetched"].as_i64()), (Some("running"), Some(0)), "{waiting}");

    let _worker = app.state.worker().start();
    let done = wait_for(&app, &token, job["id"].as_i64().unwrap()).await;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["inserted"], HISTORY as i64, "every page, once");
}

/// A provider that keeps offering pages is asked for `SYNC_MAX_PAGES` and no more: the job ends
/// `failed` saying so, and what it fetched stays.
#[tokio::test]
async fn a_synchronisation_stops_at_the_page_limit_and_keeps_what_it_fetched() {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        config.sync_max_pages = 2;
    })
    .await;
    let (token, job) = unlimited_sync(&app).await;

    let ended = wait_for(&app, &token, job["id"].as_i64().unwrap_or_else(|| panic!("{job}"))).await;
    assert_eq!(ended["status"], "failed", "{ended}");
    assert!(ended["error"].as_str().is_some_and(|e| e.contains("limite de 2 páginas")), "{ended}");
    assert_eq!(ended["fetched"], 200, "two pages of 100: {ended}");
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    assert_eq!(message::Entity::find().count(&tx).await.unwrap(), 200, "what it fetched stays");
}

#[tokio::test]
async fn a_failing_provider_fails_the_job_with_a_reason() {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = fake_provider().await;
    let body =
        json!({ "name": "WhatsApp", "providerBaseUrl": format!("http://{provider}"), "providerSecret": "errado" });
    let instance: Value =
        app.call(Method::POST, HOST, "/api/instance", Some(&token), Some(body)).await.json().await.unwrap();
    let job: Value = app
        .call(
            Method::POST,
            HOST,
            "/api/instance/syncMessages",
            Some(&token),
            Some(json!({ "id": instance["id"], "daysAgo": 3 })),
        )
        .await
        .json()
        .await
        .unwrap();
    let done = wait_for(&app, &token, job["id"].as_i64().unwrap()).await;
    assert_eq!(done["status"], "failed");
    assert!(done["error"].as_str().unwrap().contains("401"), "{done}");

    let none = json!({ "name": "Sem provedor" });
    let bare: Value =
        app.call(Method::POST, HOST, "/api/instance", Some(&token), Some(none)).await.json().await.unwrap();
    let refused = app
        .call(
            Method::POST,
            HOST,
            "/api/instance/syncMessages",
            Some(&token),
            Some(json!({ "id": bare["id"], "daysAgo": 3 })),
        )
        .await;
    assert_eq!(refused.status(), 422);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "provider_missing");
}
