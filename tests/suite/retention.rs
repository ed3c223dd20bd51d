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

#[tokio::test]
async fn the_company_chooses_how_long_login_failures_deliveries_and_the_audit_log_are_kept() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    // A login failure, a delivered webhook with its attempt, one still pending, an audit row.
    assert_eq!(app.login_response(&admin, "senha-errada").await.status(), 401);
    app.execute(
        "acme",
        "INSERT INTO webhook_endpoints (url, secret, event_types, enabled) \
         VALUES ('https://hooks.example.com/x', 'whsec_x', '[]', TRUE)",
    )
    .await;
    let endpoint = app.scalar("acme", "SELECT CAST(MAX(id) AS BIGINT) FROM webhook_endpoints").await;
    app.execute(
        "acme",
        &format!(
            "INSERT INTO webhook_deliveries (webhook_id, endpoint_id, event_type, payload, status) VALUES \
             ('msg_1', {endpoint}, 'campaign.status', '{{}}', 'delivered'), \
             ('msg_2', {endpoint}, 'campaign.status', '{{}}', 'pending')"
        ),
    )
    .await;
    let delivered = app.scalar("acme", "SELECT CAST(MIN(id) AS BIGINT) FROM webhook_deliveries").await;
    app.execute("acme", &format!("INSERT INTO webhook_attempts (delivery_id, status_code) VALUES ({delivered}, 200)"))
        .await;

    // Kept for good until the company decides.
    let shown = call(&app, Method::GET, "/api/retention", &token, None).await;
    assert_eq!(
        shown["policy"],
        json!({ "loginFailuresDays": null, "webhookDeliveriesDays": null, "auditLogDays": null,
                "messagesDays": null, "mediaDays": null })
    );
    assert!(shown["lastRun"].is_null());
    assert_eq!(shown["kinds"][2]["minDays"], 180, "{shown}");
    let db = app.tenant_db("acme").await;
    let later = chrono::Utc::now() + chrono::Duration::days(400);
    let planned = retention::count(&db, later).await.unwrap();
    assert!(planned.iter().all(|p| p.label != "falhas de login" && p.label != "registros de auditoria"), "{planned:?}");

    // Periods are bounded, field by field.
    let response = app
        .call(
            Method::PUT,
            HOST,
            "/api/retention",
            Some(&token),
            Some(json!({ "loginFailuresDays": 5, "auditLogDays": 30, "webhookDeliveriesDays": 7 })),
        )
        .await;
    assert_eq!(response.status(), 422);
    let refused: Value = response.json().await.unwrap();
    assert_eq!(refused["code"], "invalid_retention");
    let fields: Vec<&str> =
        refused["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["loginFailuresDays", "auditLogDays"]);
    let chosen = json!({ "loginFailuresDays": 30, "webhookDeliveriesDays": 7, "auditLogDays": 180,
                         "messagesDays": null, "mediaDays": null });
    let saved = call(&app, Method::PUT, "/api/retention", &token, Some(chosen.clone())).await;
    assert_eq!(saved["policy"], chosen);

    // The dry run counts, the prune removes — never a pending delivery — and remembers its run.
    let planned = retention::count(&db, later).await.unwrap();
    assert_eq!(of(&planned, "falhas de login"), 1, "{planned:?}");
    assert_eq!(of(&planned, "entregas de webhook"), 2, "the delivered one and its attempt");
    let audited = app.scalar("acme", "SELECT COUNT(*) FROM audit_log").await;
    assert!(audited >= 1, "the policy's change is on the record");
    assert_eq!(of(&planned, "registros de auditoria"), audited as u64);
    let pruned = retention::prune(&db, &app.state.media, later).await.unwrap();
    assert_eq!(pruned, planned);
    assert_eq!(app.scalar("acme", "SELECT COUNT(*) FROM login_failures").await, 0);
    assert_eq!(app.scalar("acme", "SELECT COUNT(*) FROM webhook_attempts").await, 0);
    assert_eq!(app.scalar("acme", "SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending'").await, 1);
    assert_eq!(app.scalar("acme", "SELECT COUNT(*) FROM webhook_deliveries").await, 1);
    assert_eq!(app.scalar("acme", "SELECT COUNT(*) FROM audit_log").await, 0);
    let shown = call(&app, Method::GET, "/api/retention", &token, None).await;
    let removed = shown["lastRun"]["removed"].as_array().unwrap();
    let audit_line = removed.iter().find(|r| r["label"] == "registros de auditoria").unwrap();
    assert_eq!(audit_line["rows"].as_i64(), Some(audited));
}

#[tokio::test]
async fn messages_past_the_period_are_emptied_in_place_and_their_files_leave_first() {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "WhatsApp", &provider).await;
    let url = provider.host("nota.png", tiny_png(), "image/png");
    let image = json!({ "type": "message", "data": { "id": "m-img", "phone": "+5511955554444", "name": "Rui",
        "direction": "in", "type": "image", "body": "a nota fiscal", "media": { "url": url, "mimeType": "image/png" },
        "sentAt": chrono::Utc::now().to_rfc3339() } });
    assert_eq!(push(&app, HOST, instance, "e-img", &image).await.status(), 200);
    let text = customer_message("m-txt", "+5511955554444", "Rui", "meu endereço é rua tal");
    assert_eq!(push(&app, HOST, instance, "e-txt", &text).await.status(), 200);
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while rows(&app, "SELECT COUNT(*) AS n FROM media").await == 0 {
        assert!(std::time::Instant::now() < deadline, "the file was never stored");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let sha: String = {
        let db = app.tenant_db("acme").await;
        let reading = db.read().await.unwrap();
        let backend = reading.get_database_backend();
        let row = reading
            .query_one_raw(Statement::from_string(backend, "SELECT sha256 FROM media".to_owned()))
            .await
            .unwrap()
            .unwrap();
        reading.end();
        row.try_get("", "sha256").unwrap()
    };
    let key = backoffice::domain::media::store::key("acme", &sha, backoffice::domain::media::store::Object::Original);

    let response = app
        .call(Method::PUT, HOST, "/api/retention", Some(&token), Some(json!({ "messagesDays": 10, "mediaDays": 3 })))
        .await;
    assert_eq!(response.status(), 422, "at least 30 and 7 days");
    let policy = json!({ "messagesDays": 30, "mediaDays": 7 });
    call(&app, Method::PUT, "/api/retention", &token, Some(policy)).await;
    let db = app.tenant_db("acme").await;

    // Nothing is old enough yet.
    let now = chrono::Utc::now();
    assert_eq!(of(&retention::prune(&db, &app.state.media, now).await.unwrap(), "arquivos de mensagens"), 0);
    // Ten days on: the file goes (from the message and from the store), the words stay.
    let ten = now + chrono::Duration::days(10);
    assert_eq!(of(&retention::count(&db, ten).await.unwrap(), "arquivos de mensagens"), 1);
    let pruned = retention::prune(&db, &app.state.media, ten).await.unwrap();
    assert_eq!((of(&pruned, "arquivos de mensagens"), of(&pruned, "conteúdo de mensagens")), (1, 0), "{pruned:?}");
    assert_eq!(rows(&app, "SELECT COUNT(*) AS n FROM messages WHERE media_id IS NOT NULL").await, 0);
    assert_eq!(rows(&app, "SELECT COUNT(*) AS n FROM messages WHERE body = 'a nota fiscal'").await, 1);
    assert!(!app.state.media.exists(&key).await.unwrap(), "the object left the store");
    // Walked once: the next run reads nothing again.
    assert_eq!(of(&retention::count(&db, ten).await.unwrap(), "arquivos de mensagens"), 0);

    // Forty days on: the words go too; the rows, the ticket and its counts stay.
    let tickets = rows(&app, "SELECT COUNT(*) AS n FROM tickets").await;
    let forty = now + chrono::Duration::days(40);
    let pruned = retention::prune(&db, &app.state.media, forty).await.unwrap();
    assert_eq!(of(&pruned, "conteúdo de mensagens"), 2, "{pruned:?}");
    assert_eq!(rows(&app, "SELECT COUNT(*) AS n FROM messages WHERE body <> ''").await, 0);
    assert_eq!(rows(&app, "SELECT COUNT(*) AS n FROM messages").await, 2);
    assert_eq!(rows(&app, "SELECT COUNT(*) AS n FROM tickets").await, tickets);
    assert_eq!(rows(&app, "SELECT COUNT(*) AS n FROM tickets WHERE last_message_preview IS NOT NULL").await, 0);
    // A message written since is not touched by a later run within its period.
    let newer = customer_message("m-new", "+5511955554444", "Rui", "chegou!");
    assert_eq!(push(&app, HOST, instance, "e-new", &newer).await.status(), 200);
    retention::prune(&db, &app.state.media, now + chrono::Duration::days(20)).await.unwrap();
    assert_eq!(rows(&app, "SELECT COUNT(*) AS n FROM messages WHERE body = 'chegou!'").await, 1);
}

fn tiny_png() -> Vec<u8> {
    let img = image::RgbImage::from_fn(8, 8, |x, y| image::Rgb([(x * 30) as u8, (y * 30) as u8, 7]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}
