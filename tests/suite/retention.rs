//! `backoffice-cli prune` (docs/operations.md#retention): bookkeeping rows past their retention go,
//! and nothing a person relies on changes — a reply still waiting for the provider is sent, a
//! replayed provider message is still stored once. Runs on SQLite and, with TEST_DATABASE_URL, on
//! PostgreSQL.

use std::time::Duration;

use backoffice::domain::retention::{self, Pruned};
use reqwest::Method;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::support::{
    TestApp,
    provider::{FakeProvider, customer_message, push},
};

const HOST: &str = "acme.localhost";

async fn rows(app: &TestApp, sql: &str) -> i64 {
    let db = app.tenant_db("acme").await;
    let reading = db.read().await.unwrap();
    let backend = reading.get_database_backend();
    let row = reading.query_one_raw(Statement::from_string(backend, sql.to_owned())).await.unwrap().unwrap();
    let n: i64 = row.try_get("", "n").unwrap();
    reading.end();
    n
}

fn of(report: &[Pruned], label: &str) -> u64 {
    report.iter().find(|p| p.label == label).unwrap_or_else(|| panic!("no {label} in {report:?}")).rows
}

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> Value {
    let response = app.call(method, HOST, path, Some(token), body).await;
    assert!(response.status().is_success(), "{path}: {}", response.status());
    response.json().await.unwrap()
}

#[tokio::test]
async fn old_bookkeeping_goes_and_what_people_rely_on_stays() {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "WhatsApp Vendas", &provider).await;

    let hello = customer_message("m1", "+55 11 98888-7777", "Carla Dias", "Oi, tudo bem?");
    assert_eq!(push(&app, HOST, instance, "evt-1", &hello).await.status(), 200);
    let page = call(&app, Method::GET, "/api/tickets", &token, None).await;
    let ticket = page["data"][0]["id"].as_i64().unwrap();
    call(&app, Method::POST, &format!("/api/tickets/{ticket}/accept"), &token, None).await;
    call(&app, Method::POST, &format!("/api/tickets/{ticket}/messages"), &token, Some(json!({ "body": "Olá!" }))).await;
    provider.wait_sent(1).await;
    // The first reply's job is done once the worker recorded the provider's answer.
    for _ in 0..100 {
        if rows(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM jobs WHERE status = 'done'").await == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A second reply waits: the provider is down.
    provider.fail_sends(true);
    call(
        &app,
        Method::POST,
        &format!("/api/tickets/{ticket}/messages"),
        &token,
        Some(json!({ "body": "Um instante" })),
    )
    .await;

    let db = app.tenant_db("acme").await;
    let today = retention::count(&db, chrono::Utc::now()).await.unwrap();
    assert!(today.iter().all(|p| p.rows == 0), "nothing is old yet: {today:?}");

    let tokens = rows(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM refresh_tokens").await;
    assert!(tokens >= 1, "the login issued a refresh token");
    let later = chrono::Utc::now() + chrono::Duration::days(400);
    let planned = retention::count(&db, later).await.unwrap();
    assert_eq!(of(&planned, "jobs concluídos"), 1);
    assert_eq!(of(&planned, "eventos de provedor"), 1);
    assert_eq!(of(&planned, "tokens de sessão expirados"), tokens as u64);
    assert_eq!(rows(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM jobs").await, 2, "a dry run removes nothing");

    let pruned = retention::prune(&db, &app.state.media, later).await.unwrap();
    assert_eq!(pruned, planned, "prune removes what the dry run counted");
    assert_eq!(rows(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM provider_events").await, 0);
    assert_eq!(rows(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM refresh_tokens").await, 0);
    assert_eq!(
        rows(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM jobs WHERE status = 'pending'").await,
        1,
        "a job still waiting is never pruned, however old"
    );

    // The waiting reply still goes out when the provider is back.
    provider.fail_sends(false);
    let sent = provider.wait_sent(2).await;
    assert_eq!(sent[1].body, "Um instante");
    // A provider replaying the customer's message (same webhook-id, new signature) stores nothing twice:
    // the message's provider id is remembered with the message itself.
    let replay = push(&app, HOST, instance, "evt-1", &hello).await;
    assert_eq!(replay.json::<Value>().await.unwrap()["status"], "duplicate");
    let conversation = call(&app, Method::GET, &format!("/api/tickets/{ticket}/messages"), &token, None).await;
    let bodies: Vec<&str> =
        conversation["data"].as_array().unwrap().iter().map(|m| m["body"].as_str().unwrap()).collect();
    assert_eq!(bodies, ["Oi, tudo bem?", "Olá!", "Um instante"]);
}
