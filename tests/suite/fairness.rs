//! The worker's fairness between tenants (docs/jobs.md#fairness), through the real HTTP surface: a
//! tenant whose webhook receiver never answers, with its outbox full of deliveries to it, does not
//! hold back another tenant's reply; and its manual webhook tests past the limit are refused with
//! a `Retry-After`.

use std::time::{Duration, Instant};

use backoffice::{
    domain::{tenants, webhooks},
    tenancy::TenantName,
};
use futures::StreamExt;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    TestApp,
    provider::{FakeProvider, customer_message, push},
    receiver::Receiver,
};

/// Deliveries the flooding tenant's outbox holds: sixty-odd batches of 32, each held the whole
/// attempt timeout by the receiver.
const FLOOD: usize = 2_000;

async fn feature(app: &TestApp, tenant: &str, option: &str, on: bool) {
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse(tenant).unwrap()).await.unwrap();
    tenants::set_feature(app.dbs().control(), &record, option, on, &app.state.bus).await.unwrap();
}

#[tokio::test]
async fn one_tenants_flood_of_webhooks_to_a_receiver_that_hangs_does_not_hold_back_another_tenants_reply() {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        config.allow_private_webhooks = true;
    })
    .await;

    // Tenant acme: a customer waits for the agent's reply.
    let acme = app.tenant_with_admin("acme").await;
    let acme_token = app.login(&acme).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &acme_token, "WhatsApp Loja", &provider).await;
    let event = customer_message("m1", "+55 11 98888-1234", "Carla Dias", "Oi, meu pedido não chegou");
    assert_eq!(push(&app, "acme.localhost", instance, "evt-m1", &event).await.status(), 200);
    let page: Value =
        app.call(Method::GET, "acme.localhost", "/api/tickets", Some(&acme_token), None).await.json().await.unwrap();
    let ticket = page["data"][0]["id"].as_i64().unwrap();
    let accepted = app
        .call(Method::POST, "acme.localhost", &format!("/api/tickets/{ticket}/accept"), Some(&acme_token), None)
        .await;
    assert_eq!(accepted.status(), 200);

    // Tenant beta: a webhook endpoint whose receiver never answers (each attempt ends at its timeout).
    let beta = app.tenant_with_admin("beta").await;
    let beta_token = app.login(&beta).await;
    feature(&app, "beta", "webhooks", true).await;
    let receiver = Receiver::start().await;
    receiver.delay(Duration::from_secs(3_600));
    let body = json!({ "url": receiver.url(), "events": ["campaign.status"] });
    let created = app.call(Method::POST, "beta.localhost", "/api/webhooks", Some(&beta_token), Some(body)).await;
    assert_eq!(created.status(), 201);
    let endpoint = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();

    // Beta's outbox fills with deliveries to it — as a big campaign's statuses would, which no
    // request limit stops — and the worker starts on them.
    let db = app.tenant_db("beta").await;
    let unit = app.state.worker().unit(&db).await.unwrap();
    for _ in 0..FLOOD {
        webhooks::test(&unit, endpoint as i32).await.unwrap();
    }
    unit.commit().await.unwrap();
    receiver.wait(1, Duration::from_secs(10)).await;

    // Beta also fires its manual tests as fast as it can.
    let path = format!("/api/webhooks/{endpoint}/test");
    let answers: Vec<(u16, Option<u64>, Value)> = futures::stream::iter(0..FLOOD)
        .map(|_| async {
            let response = app.call(Method::POST, "beta.localhost", &path, Some(&beta_token), None).await;
            let retry_after =
                response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
            (response.status().as_u16(), retry_after, response.json::<Value>().await.unwrap_or(Value::Null))
        })
        .buffer_unordered(16)
        .collect()
        .await;
    // Ten a minute go through (twenty if the minute turned meanwhile); the rest are refused, with
    // when to try again.
    let queued = answers.iter().filter(|(status, ..)| *status == 202).count();
    assert!((10..=20).contains(&queued), "{queued} tests queued");
    let refused: Vec<_> = answers.iter().filter(|(status, ..)| *status == 429).collect();
    assert_eq!(refused.len(), FLOOD - queued, "every other test is refused");
    for (_, retry_after, body) in refused {
        assert!(retry_after.is_some_and(|s| (1..=60).contains(&s)), "Retry-After: {retry_after:?}");
        assert_eq!(body["code"], "rate_limited");
        assert!(body["message"].as_str().unwrap().starts_with("Muitas tentativas."), "{body}");
    }

    // Acme's agent replies: it reaches acme's provider within a few seconds.
    let started = Instant::now();
    let reply = json!({ "body": "Já verifico o seu pedido." });
    let sent = app
        .call(
            Method::POST,
            "acme.localhost",
            &format!("/api/tickets/{ticket}/messages"),
            Some(&acme_token),
            Some(reply),
        )
        .await;
    assert_eq!(sent.status(), 201);
    loop {
        if let Some(message) = provider.sent().first() {
            assert_eq!(message.body, "Já verifico o seu pedido.");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "acme's reply waited {:?} behind beta's deliveries",
            started.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
