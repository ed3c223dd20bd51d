//! Campaigns and their webhooks through the real HTTP and WebSocket surface, with a fake provider
//! and a webhook receiver on loopback: the pre-flight, sending at the instance's rate to everyone
//! once, acks and replies moving recipients, `CampaignUpdated` on the socket, pause/resume, a
//! disconnected instance pausing its campaigns, re-runs after a crash sending nobody twice;
//! deliveries verified with the official Standard Webhooks library, retries keeping the
//! `webhook-id`, 410 disabling, secret rotation, SSRF refusals, the operators' replay, the
//! feature gates and tenant isolation.

use std::time::{Duration, Instant};

use backoffice::{
    domain::{events::Publisher, tenants},
    tenancy::TenantName,
};
use reqwest::Method;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::support::{
    TestApp, TestUser,
    provider::{FakeProvider, ack, customer_message, push},
    receiver::{Received, Receiver},
    socket::{next_event, open},
};

const HOST: &str = "acme.localhost";

struct World {
    app: TestApp,
    provider: FakeProvider,
    admin: TestUser,
    token: String,
    instance: i32,
}

async fn feature(app: &TestApp, tenant: &str, option: &str, on: bool) {
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse(tenant).unwrap()).await.unwrap();
    tenants::set_feature(app.dbs().control(), &record, option, on, &app.state.bus).await.unwrap();
}

async fn world() -> World {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        config.allow_private_webhooks = true;
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    feature(&app, "acme", "campaigns", true).await;
    feature(&app, "acme", "webhooks", true).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "WhatsApp Loja", &provider).await;
    World { app, provider, admin, token, instance }
}

impl World {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let response = self.app.call(method, HOST, path, Some(&self.token), body).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn rate(&self, per_minute: i32) {
        let path = format!("/api/campaigns/rates/{}", self.instance);
        let (status, body) = self.call(Method::PUT, &path, Some(json!({ "ratePerMinute": per_minute }))).await;
        assert_eq!(status, 200, "{body}");
    }

    async fn create(&self, body: Value) -> Value {
        let (status, created) = self.call(Method::POST, "/api/campaigns", Some(body)).await;
        assert_eq!(status, 201, "{created}");
        created
    }

    async fn act(&self, id: i64, action: &str) -> Value {
        let (status, body) = self.call(Method::POST, &format!("/api/campaigns/{id}/{action}"), None).await;
        assert_eq!(status, 200, "{action}: {body}");
        body
    }

    async fn campaign(&self, id: i64) -> Value {
        self.call(Method::GET, &format!("/api/campaigns/{id}"), None).await.1
    }

    /// Waits until the campaign's view satisfies `done`.
    async fn wait_for(&self, id: i64, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let campaign = self.campaign(id).await;
            if done(&campaign) {
                return campaign;
            }
            assert!(Instant::now() < deadline, "waited for {what}: {campaign}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn endpoint(&self, url: &str) -> (i64, String) {
        let body = json!({ "url": url, "events": ["campaign.status"], "description": "ERP" });
        let (status, created) = self.call(Method::POST, "/api/webhooks", Some(body)).await;
        assert_eq!(status, 201, "{created}");
        (created["id"].as_i64().unwrap(), created["secret"].as_str().unwrap().to_owned())
    }

    async fn sql(&self, sql: &str) {
        let db = self.app.tenant_db("acme").await;
        let tx = db.begin().await.unwrap();
        tx.execute_raw(Statement::from_string(tx.get_database_backend(), sql.to_owned())).await.unwrap();
        tx.commit().await.unwrap();
    }
}

/// Verifies a delivery with the official Standard Webhooks library.
fn verify(secret: &str, received: &Received) -> Result<(), String> {
    let webhook = standardwebhooks::Webhook::new(secret).map_err(|e| e.to_string())?;
    webhook.verify(&received.body, &received.headers).map_err(|e| e.to_string())
}

#[tokio::test]
async fn a_campaign_reaches_everyone_once_at_the_instances_rate_and_follows_acks_replies_and_webhooks() {
    let w = world().await;
    let receiver = Receiver::start().await;
    let (_, secret) = w.endpoint(&receiver.url()).await;
    assert!(secret.starts_with("whsec_"), "{secret}");
    let (_, listed) = w.call(Method::GET, "/api/webhooks", None).await;
    assert!(listed["data"][0].get("secret").is_none() && !listed.to_string().contains(&secret), "{listed}");

    // A blacklisted customer (known from an earlier message).
    push(&w.app, HOST, w.instance, "evt-old", &customer_message("m-old", "5511955550000", "Dora", "oi")).await;
    let (_, customers) = w.call(Method::GET, "/api/customers?search=5511955550000", None).await;
    let dora = customers["data"][0]["id"].as_i64().unwrap();
    let (status, _) =
        w.call(Method::POST, &format!("/api/customers/{dora}/blacklist"), Some(json!({ "blacklisted": true }))).await;
    assert_eq!(status, 200);

    w.rate(120).await; // one every 500 ms
    let campaign = json!({
        "name": "Black Friday", "instanceId": w.instance,
        "body": "Olá {{nome}}, seu cupom é {{cupom}}.",
        "phones": ["5511911110000", "(55) 11 91111-0000", "12", "5511955550000", "5511922220000"],
        "contacts": [{ "phone": "5511933330000", "name": "Ana Souza", "fields": { "Cupom": "ANA10" } }],
    });

    // Pre-flight: the duplicate removed, the blacklisted skipped, the bad phone reported.
    let (status, preflight) = w.call(Method::POST, "/api/campaigns/preview", Some(campaign.clone())).await;
    assert_eq!(status, 200, "{preflight}");
    assert_eq!(preflight["recipients"], 3, "{preflight}");
    assert_eq!(preflight["duplicatesRemoved"], 1);
    assert_eq!(preflight["blacklistedSkipped"], 1);
    assert_eq!(preflight["invalid"].as_array().unwrap().len(), 1);
    assert_eq!(preflight["expectedSeconds"], 2, "3 messages at 120 a minute");
    let texts: Vec<&str> =
        preflight["samples"].as_array().unwrap().iter().map(|s| s["text"].as_str().unwrap()).collect();
    assert!(texts.contains(&"Olá Ana, seu cupom é ANA10."), "{texts:?}");
    assert!(texts.contains(&"Olá, seu cupom é."), "unknown name and field read naturally: {texts:?}");
    let (status, unknown) = w
        .call(
            Method::POST,
            "/api/campaigns/preview",
            Some(json!({ "name": "x", "instanceId": w.instance,
            "body": "{{desconto}}", "phones": ["5511911110000"] })),
        )
        .await;
    assert_eq!((status, unknown["errors"][0]["field"].as_str()), (422, Some("body")), "{unknown}");

    let created = w.create(campaign).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["status"], "draft");
    assert_eq!((created["total"].clone(), created["counts"]["failed"].clone()), (json!(4), json!(1)));
    assert_eq!(created["preflight"]["duplicatesRemoved"], 1);

    let (user, token) = (w.admin.clone(), w.token.clone());
    let mut socket = open(&w.app, &user, &token, None).await.expect("socket opens");

    let started_at = Instant::now();
    assert_eq!(w.act(id, "start").await["status"], "running");
    let sent = w.provider.wait_sent(3).await;
    let spread = started_at.elapsed();
    assert!(spread >= Duration::from_millis(900), "three sends 500 ms apart took {spread:?}");
    let mut client_ids: Vec<&str> = sent.iter().map(|s| s.client_id.as_str()).collect();
    client_ids.sort_unstable();
    client_ids.dedup();
    assert_eq!(client_ids.len(), 3, "nobody twice");
    assert!(sent.iter().all(|s| s.phone != "+5511955550000"), "the blacklisted customer gets nothing");
    assert!(sent.iter().any(|s| s.body == "Olá Ana, seu cupom é ANA10."));

    let finished = w.wait_for(id, "every send out", |c| c["status"] == "finished").await;
    assert_eq!(finished["counts"]["sent"], 3);

    // Acks move recipients forward only; a reply is the end of the funnel.
    let ana = sent.iter().find(|s| s.phone == "+5511933330000").unwrap();
    let other = sent.iter().find(|s| s.phone == "+5511922220000").unwrap();
    push(&w.app, HOST, w.instance, "evt-a1", &ack(&ana.id, "read")).await;
    push(&w.app, HOST, w.instance, "evt-a2", &ack(&ana.id, "delivered")).await;
    push(&w.app, HOST, w.instance, "evt-a3", &ack(&other.id, "failed")).await;
    push(&w.app, HOST, w.instance, "evt-r1", &customer_message("m-r1", "5511933330000", "Ana", "Quero!")).await;
    let moved = w.wait_for(id, "ack and reply", |c| c["counts"]["replied"] == 1 && c["counts"]["failed"] == 2).await;
    assert_eq!(
        moved["counts"],
        json!({ "pending": 0, "sent": 1, "delivered": 0, "read": 0, "replied": 1, "failed": 2 })
    );
    // The agent who opens Ana's new ticket reads what she is answering.
    let (_, tickets) = w.call(Method::GET, "/api/tickets?search=5511933330000", None).await;
    let ticket = tickets["data"][0]["id"].as_i64().unwrap();
    let (_, conversation) = w.call(Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
    let kinds: Vec<(&str, &str)> = conversation["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["kind"].as_str().unwrap(), m["body"].as_str().unwrap()))
        .collect();
    assert_eq!(kinds, [("campaign", "Olá Ana, seu cupom é ANA10."), ("text", "Quero!")], "{conversation}");

    let (_, failed) = w.call(Method::GET, &format!("/api/campaigns/{id}/recipients?status=failed"), None).await;
    let reasons: Vec<&str> = failed["data"].as_array().unwrap().iter().map(|r| r["reason"].as_str().unwrap()).collect();
    assert_eq!(reasons, ["blacklisted", "not_delivered"], "{failed}");

    // The live figures reached the socket.
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut last = Value::Null;
    while Instant::now() < deadline {
        match next_event(&mut socket, Duration::from_millis(500)).await {
            Some(event) if event["event"] == "CampaignUpdated" => {
                last = event.clone();
                if event["counts"]["replied"] == 1 {
                    break;
                }
            }
            _ => {}
        }
    }
    assert_eq!((last["campaign_id"].as_i64(), last["counts"]["replied"].as_i64()), (Some(id), Some(1)), "{last}");

    // Every move went to the receiver, signed (3 sent, read, failed, replied; the late
    // `delivered` moved nothing and sent nothing).
    let received = receiver.wait(6, Duration::from_secs(10)).await;
    for delivery in &received {
        verify(&secret, delivery).expect("verifies with the standardwebhooks library");
        assert_eq!(delivery.json()["type"], "campaign.status");
    }
    let mut statuses: Vec<String> =
        received.iter().map(|r| r.json()["data"]["status"].as_str().unwrap().to_owned()).collect();
    statuses.sort();
    assert_eq!(statuses, ["failed", "read", "replied", "sent", "sent", "sent"]);
    let first = received[0].json();
    assert_eq!(first["data"]["campaignName"], "Black Friday");
    assert!(first["data"]["phone"].as_str().unwrap().starts_with('+'));

    // Retrying the failed re-sends only that one, under a new client id.
    let retried = w.act(id, "retry-failed").await;
    assert_eq!(retried["status"], "running");
    let again = w.provider.wait_sent(4).await;
    assert_eq!(again[3].phone, "+5511922220000");
    assert_ne!(again[3].client_id, other.client_id, "a new attempt after the provider's failure");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(w.provider.sent().len(), 4, "only the failed one");
}

#[tokio::test]
async fn a_campaign_message_to_a_customer_in_a_conversation_shows_in_that_ticket_live() {
    let w = world().await;
    w.rate(600).await;
    // Bia is talking to the team: her ticket is waiting in the queue.
    push(&w.app, HOST, w.instance, "evt-bia", &customer_message("m-bia", "5511977770000", "Bia", "Bom dia")).await;
    let (_, tickets) = w.call(Method::GET, "/api/tickets?search=5511977770000", None).await;
    let ticket = tickets["data"][0]["id"].as_i64().unwrap();
    let (user, token) = (w.admin.clone(), w.token.clone());
    let mut socket = open(&w.app, &user, &token, None).await.expect("socket opens");

    let created = w
        .create(json!({ "name": "Natal", "instanceId": w.instance, "body": "Feliz Natal, {{nome}}!",
            "phones": ["5511977770000", "5511966660000"] }))
        .await;
    w.act(created["id"].as_i64().unwrap(), "start").await;
    w.provider.wait_sent(2).await;

    // The agent sees it arrive in Bia's conversation, after what she wrote, as it went out.
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut live = Value::Null;
    while Instant::now() < deadline && live.is_null() {
        if let Some(event) = next_event(&mut socket, Duration::from_millis(500)).await
            && event["event"] == "ChatNotification"
            && event["message"]["kind"] == "campaign"
        {
            live = event;
        }
    }
    assert_eq!(live["ticket"]["id"].as_i64(), Some(ticket), "{live}");
    assert_eq!(
        (live["message"]["body"].as_str(), live["message"]["direction"].as_str()),
        (Some("Feliz Natal, Bia!"), Some("out"))
    );
    let conversation = loop {
        let (_, conversation) = w.call(Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
        if conversation["data"].as_array().unwrap().iter().any(|m| m["ack"] == "sent") || Instant::now() > deadline {
            break conversation;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let lines: Vec<(&str, &str, &str)> = conversation["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["kind"].as_str().unwrap(), m["body"].as_str().unwrap(), m["ack"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(lines[1..], [("campaign", "Feliz Natal, Bia!", "sent")], "{conversation}");
    assert_eq!(lines[0].1, "Bom dia");
    let (_, queue) = w.call(Method::GET, "/api/tickets?search=5511977770000", None).await;
    assert_eq!(queue["data"][0]["lastMessage"]["body"], "Feliz Natal, Bia!", "{queue}");
    // A customer with no conversation gets no ticket from a campaign.
    let (_, none) = w.call(Method::GET, "/api/tickets?search=5511966660000", None).await;
    assert_eq!(none["data"].as_array().map(Vec::len), Some(0), "{none}");
}

#[tokio::test]
async fn pausing_takes_back_the_queue_a_disconnect_pauses_and_reruns_send_nobody_twice() {
    let w = world().await;
    w.rate(60).await; // one a second
    let status = |s: &str| json!({ "type": "status", "data": { "status": s } });
    push(&w.app, HOST, w.instance, "evt-on0", &status("connected")).await;
    let phones: Vec<String> = (0..6).map(|i| format!("55119444400{i:02}")).collect();
    let created = w.create(json!({ "name": "Pausas", "instanceId": w.instance, "body": "Oi", "phones": phones })).await;
    let id = created["id"].as_i64().unwrap();
    w.act(id, "start").await;
    w.provider.wait_sent(1).await;
    let paused = w.act(id, "pause").await;
    assert_eq!(paused["status"], "paused");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let during = w.provider.sent().len();
    assert!(during <= 2, "at most the one in flight went out while paused: {during}");
    assert_eq!(w.call(Method::POST, &format!("/api/campaigns/{id}/pause"), None).await.0, 409);

    w.act(id, "resume").await;
    w.provider.wait_sent(during + 1).await;

    // The instance disconnects: the campaign pauses itself, and resumes on reconnection.
    push(&w.app, HOST, w.instance, "evt-off", &status("disconnected")).await;
    let off = w.wait_for(id, "auto pause", |c| c["status"] == "paused").await;
    assert_eq!(off["pausedReason"], "instance_disconnected");
    push(&w.app, HOST, w.instance, "evt-on", &status("connected")).await;
    w.wait_for(id, "auto resume", |c| c["status"] != "paused").await;
    w.wait_for(id, "all sent", |c| c["counts"]["sent"] == 6).await;

    // A crash after the work committed but before the jobs were closed: on restart the tick
    // and every send run again — and change nothing.
    w.sql(&format!("UPDATE campaigns SET status = 'running', finished_at = NULL WHERE id = {id}")).await;
    w.sql("UPDATE jobs SET status = 'pending', run_at = created_at, locked_until = NULL, attempts = 0").await;
    w.app.state.bus.publish(
        &TenantName::parse("acme").unwrap(),
        backoffice::domain::events::Raised::JobQueued { run_at: chrono::Utc::now() },
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let sent = w.provider.sent();
    let mut phones: Vec<&str> = sent.iter().map(|s| s.phone.as_str()).collect();
    phones.sort_unstable();
    phones.dedup();
    assert_eq!((sent.len(), phones.len()), (6, 6), "six customers, once each");
    let (_, cancelled) = w.call(Method::POST, &format!("/api/campaigns/{id}/cancel"), None).await;
    assert_eq!(cancelled["code"], "campaign_state", "a finished campaign is not cancelled: {cancelled}");
}

#[tokio::test]
async fn webhook_retries_keep_their_id_410_disables_rotation_signs_twice_and_private_urls_are_refused() {
    let w = world().await;
    let receiver = Receiver::start().await;
    let (endpoint, secret) = w.endpoint(&receiver.url()).await;

    // A failed attempt is retried (5 s later) with the same webhook-id; the log keeps both.
    receiver.answer(&[500]);
    let (status, test) = w.call(Method::POST, &format!("/api/webhooks/{endpoint}/test"), None).await;
    assert_eq!(status, 202, "{test}");
    let received = receiver.wait(2, Duration::from_secs(12)).await;
    assert_eq!(received[0].webhook_id(), received[1].webhook_id());
    verify(&secret, &received[1]).unwrap();
    assert_eq!(received[1].json()["type"], "webhook.test");
    let deliveries = w.wait_deliveries(endpoint, |d| d["status"] == "delivered").await;
    let log = deliveries["data"][0]["log"].as_array().unwrap().clone();
    assert_eq!(log.iter().map(|a| a["statusCode"].as_i64().unwrap()).collect::<Vec<_>>(), [500, 200]);

    // A manual retry sends the same id again.
    let delivery = deliveries["data"][0]["id"].as_i64().unwrap();
    let (status, _) = w.call(Method::POST, &format!("/api/webhooks/deliveries/{delivery}/retry"), None).await;
    assert_eq!(status, 202);
    let received = receiver.wait(3, Duration::from_secs(5)).await;
    assert_eq!(received[2].webhook_id(), received[0].webhook_id());

    // Rotation: both secrets sign during the overlap.
    let (status, rotated) = w.call(Method::POST, &format!("/api/webhooks/{endpoint}/rotate-secret"), None).await;
    assert_eq!(status, 200, "{rotated}");
    let new_secret = rotated["secret"].as_str().unwrap().to_owned();
    assert_ne!(new_secret, secret);
    w.call(Method::POST, &format!("/api/webhooks/{endpoint}/test"), None).await;
    let received = receiver.wait(4, Duration::from_secs(5)).await;
    verify(&secret, &received[3]).expect("the old secret still verifies");
    verify(&new_secret, &received[3]).expect("the new secret verifies");
    assert_eq!(received[3].headers["webhook-signature"].to_str().unwrap().split(' ').count(), 2);

    // 410 Gone disables the endpoint; its later events are not sent.
    receiver.answer(&[410]);
    w.call(Method::POST, &format!("/api/webhooks/{endpoint}/test"), None).await;
    receiver.wait(5, Duration::from_secs(5)).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (_, listed) = w.call(Method::GET, "/api/webhooks", None).await;
        if listed["data"][0]["enabled"] == false {
            assert!(listed["data"][0]["disabledReason"].as_str().unwrap().contains("410"), "{listed}");
            break;
        }
        assert!(Instant::now() < deadline, "410 disables: {listed}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Validation: unknown events and bad URLs are 422, with the field.
    let (status, body) =
        w.call(Method::POST, "/api/webhooks", Some(json!({ "url": receiver.url(), "events": ["x.y"] }))).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (422, Some("events")), "{body}");

    // Without ALLOW_PRIVATE_WEBHOOKS: loopback, private, metadata, plain http and names that
    // resolve to loopback are refused.
    let strict = TestApp::spawn().await;
    let admin = strict.tenant_with_admin("acme").await;
    let token = strict.login(&admin).await;
    feature(&strict, "acme", "webhooks", true).await;
    for url in [
        "https://127.0.0.1/hook",
        "https://10.1.2.3/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "http://hooks.example.com/hook",
        "https://localhost/hook",
        "https://vm/hook",
    ] {
        let response = strict
            .call(
                Method::POST,
                HOST,
                "/api/webhooks",
                Some(&token),
                Some(json!({ "url": url, "events": ["campaign.status"] })),
            )
            .await;
        let status = response.status().as_u16();
        let body: Value = response.json().await.unwrap();
        assert_eq!((status, body["errors"][0]["field"].as_str()), (422, Some("url")), "{url}: {body}");
    }
}

impl World {
    async fn upload(&self, content_type: &str, bytes: Vec<u8>) -> reqwest::Response {
        self.app
            .client
            .post(self.app.url("/api/campaigns/recipients/import"))
            .header("host", HOST)
            .header("authorization", format!("Bearer {}", self.token))
            .header("content-type", content_type)
            .body(bytes)
            .send()
            .await
            .unwrap()
    }

    async fn wait_deliveries(&self, endpoint: i64, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let (_, page) = self.call(Method::GET, &format!("/api/webhooks/{endpoint}/deliveries"), None).await;
            if page["data"].as_array().is_some_and(|d| !d.is_empty() && done(&d[0])) {
                return page;
            }
            assert!(Instant::now() < deadline, "deliveries: {page}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test]
async fn a_delivery_interrupted_by_a_crash_is_sent_again_with_the_same_id() {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_webhooks = true;
        config.run_worker = false;
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    feature(&app, "acme", "webhooks", true).await;
    let receiver = Receiver::start().await;
    let body = json!({ "url": receiver.url(), "events": ["campaign.status"] });
    let created: Value =
        app.call(Method::POST, HOST, "/api/webhooks", Some(&token), Some(body)).await.json().await.unwrap();
    let endpoint = created["id"].as_i64().unwrap();
    app.call(Method::POST, HOST, &format!("/api/webhooks/{endpoint}/test"), Some(&token), None).await;

    // The worker dies while the receiver holds the request.
    receiver.delay(Duration::from_secs(3));
    let worker = app.state.worker().start();
    receiver.wait(1, Duration::from_secs(5)).await;
    worker.abort();
    receiver.delay(Duration::ZERO);

    // Its lease runs out (as 60 s later), and the next worker delivers it again — same id.
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    tx.execute_raw(Statement::from_string(
        tx.get_database_backend(),
        "UPDATE jobs SET locked_until = NULL WHERE status = 'pending'".to_owned(),
    ))
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let _next = app.state.worker().start();
    let received = receiver.wait(2, Duration::from_secs(10)).await;
    assert_eq!(received[0].webhook_id(), received[1].webhook_id(), "at least once, deduplicable");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let page: Value = app
            .call(Method::GET, HOST, &format!("/api/webhooks/{endpoint}/deliveries"), Some(&token), None)
            .await
            .json()
            .await
            .unwrap();
        if page["data"][0]["status"] == "delivered" {
            break;
        }
        assert!(Instant::now() < deadline, "{page}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn operators_replay_campaign_statuses_by_period_and_type() {
    let w = world().await;
    let receiver = Receiver::start().await;
    w.endpoint(&receiver.url()).await;
    w.rate(600).await;
    let created = w
        .create(json!({ "name": "Replay", "instanceId": w.instance, "body": "Oi",
            "phones": ["5511966660001", "5511966660002"] }))
        .await;
    let id = created["id"].as_i64().unwrap();
    w.act(id, "start").await;
    w.wait_for(id, "sent", |c| c["counts"]["sent"] == 2).await;
    receiver.wait(2, Duration::from_secs(10)).await;

    let ops = w.app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let ops_token = w.app.login(&ops).await;
    // Dates are São Paulo's days (UTC's is already tomorrow from 21:00 there).
    let today = backoffice::domain::local_time::local_day(chrono::Utc::now());
    let call = |kind: &str, start: String| {
        let path = format!(
            "/api/tenant/generate-campaign-status-webhook?tenantName=acme&startAt={start}&finishAt={}&type={kind}",
            today + chrono::Duration::days(1)
        );
        let app = &w.app;
        let token = ops_token.clone();
        async move {
            let response = app.call(Method::GET, "backoffice.localhost", &path, Some(&token), None).await;
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
        }
    };
    assert_eq!(call("sent", today.to_string()).await, (200, json!({ "queued": 2 })));
    assert_eq!(call("read", today.to_string()).await, (200, json!({ "queued": 0 })));
    let tomorrow = (today + chrono::Duration::days(1)).to_string();
    assert_eq!(call("sent", tomorrow).await, (200, json!({ "queued": 0 })), "outside the period");
    let (status, body) = call("teleported", today.to_string()).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("invalid_type")));
    let replayed = receiver.wait(4, Duration::from_secs(10)).await;
    assert_ne!(replayed[2].webhook_id(), replayed[0].webhook_id(), "a replay is a fresh delivery");

    // A tenant's own administrator may not call it.
    let path = format!(
        "/api/tenant/generate-campaign-status-webhook?tenantName=acme&startAt={today}&finishAt={today}&type=sent"
    );
    let refused = w.app.call(Method::GET, HOST, &path, Some(&w.token), None).await;
    assert_eq!(refused.status(), 403);
}

#[tokio::test]
async fn campaigns_and_webhooks_are_the_tenants_own_and_gated_by_their_features() {
    let w = world().await;
    let created = w
        .create(json!({ "name": "Só da Acme", "instanceId": w.instance, "body": "Oi",
        "phones": ["5511977770001"] }))
        .await;
    let id = created["id"].as_i64().unwrap();
    let receiver = Receiver::start().await;
    let (endpoint, _) = w.endpoint(&receiver.url()).await;

    // Another tenant sees none of it.
    let globex_admin = w.app.tenant_with_admin("globex").await;
    let globex = w.app.login(&globex_admin).await;
    feature(&w.app, "globex", "campaigns", true).await;
    feature(&w.app, "globex", "webhooks", true).await;
    let on_globex = |method: Method, path: String| {
        let (app, token) = (&w.app, globex.clone());
        async move {
            let response = app.call(method, "globex.localhost", &path, Some(&token), Some(json!({}))).await;
            (response.status().as_u16(), response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    assert_eq!(on_globex(Method::GET, "/api/campaigns".into()).await.1["data"], json!([]));
    assert_eq!(on_globex(Method::GET, format!("/api/campaigns/{id}")).await.0, 404);
    assert_eq!(on_globex(Method::POST, format!("/api/campaigns/{id}/start")).await.0, 404);
    assert_eq!(on_globex(Method::GET, format!("/api/campaigns/{id}/recipients")).await.0, 404);
    assert_eq!(on_globex(Method::GET, "/api/webhooks".into()).await.1["data"], json!([]));
    assert_eq!(on_globex(Method::GET, format!("/api/webhooks/{endpoint}/deliveries")).await.0, 404);
    assert_eq!(on_globex(Method::POST, format!("/api/webhooks/{endpoint}/test")).await.0, 404);
    assert_eq!(on_globex(Method::DELETE, format!("/api/webhooks/{endpoint}")).await.0, 404);

    // An agent without the routes is refused.
    let agent = w.app.create_user("acme", "bia@acme.example", "atendente").await;
    let agent_token = w.app.login(&agent).await;
    for path in ["/api/campaigns", "/api/webhooks"] {
        let response = w.app.call(Method::GET, HOST, path, Some(&agent_token), None).await;
        assert_eq!(response.status(), 403, "{path}");
    }

    // With the features off: 403 feature_disabled, in pt_BR.
    feature(&w.app, "acme", "campaigns", false).await;
    feature(&w.app, "acme", "webhooks", false).await;
    for path in ["/api/campaigns", "/api/webhooks", "/api/campaigns/rates"] {
        let (status, body) = w.call(Method::GET, path, None).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("feature_disabled")), "{path}: {body}");
    }

    // Bad input never 500s.
    feature(&w.app, "acme", "campaigns", true).await;
    for (path, body) in [
        ("/api/campaigns", json!({ "name": "", "instanceId": 999, "body": "" })),
        ("/api/campaigns", json!({ "name": "x", "instanceId": w.instance, "body": "Oi", "phones": ["1"] })),
        (
            "/api/campaigns",
            json!({ "name": "x", "instanceId": w.instance, "body": "Oi", "customerGroupIds": [424242] }),
        ),
        ("/api/campaigns/preview", json!({ "name": 3 })),
    ] {
        let (status, answer) = w.call(Method::POST, path, Some(body.clone())).await;
        assert!(status == 422 || status == 400, "{path} {body}: {status} {answer}");
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()), "{answer}");
    }
    let (status, _) = w.call(Method::GET, "/api/campaigns?status=teleported", None).await;
    assert_eq!(status, 422);
    let (status, _) = w.call(Method::GET, "/api/campaigns?cursor=abc", None).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn a_contacts_file_is_read_row_by_row() {
    let w = world().await;
    let csv = "Nome;Telefone;Cupom\nAna;5511988880001;ANA10\nBia;abc;BIA5\n";
    let response = w.upload("text/csv", csv.as_bytes().to_vec()).await;
    assert_eq!(response.status(), 200);
    let read: Value = response.json().await.unwrap();
    assert_eq!(read["columns"], json!(["cupom"]));
    assert_eq!(read["contacts"][0]["fields"]["cupom"], "ANA10");
    assert_eq!(read["errors"][0]["row"], 3);

    // An xlsx, phones typed as numbers.
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (col, header) in ["telefone", "nome", "Loja"].iter().enumerate() {
        sheet.write(0, col as u16, *header).unwrap();
    }
    sheet.write(1, 0, 5511988880002.0).unwrap();
    sheet.write(1, 1, "Carla").unwrap();
    sheet.write(1, 2, "Centro").unwrap();
    sheet.write(2, 0, "não sei").unwrap();
    let bytes = book.save_to_buffer().unwrap();
    let response = w.upload("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", bytes).await;
    assert_eq!(response.status(), 200);
    let read: Value = response.json().await.unwrap();
    assert_eq!(read["contacts"][0]["phone"], "+5511988880002", "{read}");
    assert_eq!(read["contacts"][0]["fields"]["loja"], "Centro");
    assert_eq!(read["errors"][0]["row"], 3);

    let (status, body) = w.call(Method::POST, "/api/campaigns/recipients/import", None).await;
    assert!(status == 422 || status == 400, "an empty body: {status} {body}");
}

#[tokio::test]
async fn a_scheduled_campaign_waits_for_its_time() {
    let w = world().await;
    w.rate(600).await;
    let at = chrono::Utc::now() + chrono::Duration::seconds(2);
    let created = w
        .create(json!({ "name": "Agendada", "instanceId": w.instance, "body": "Bom dia!",
            "phones": ["5511955550101"], "scheduledAt": at.to_rfc3339() }))
        .await;
    let id = created["id"].as_i64().unwrap();
    let started = w.act(id, "start").await;
    assert_eq!(started["status"], "scheduled");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(w.provider.sent().is_empty(), "nothing before its time");
    let sent = w.provider.wait_sent(1).await;
    assert!(chrono::Utc::now() >= at, "sent at or after {at}");
    assert_eq!(sent[0].body, "Bom dia!");
    let running = w.wait_for(id, "started", |c| c["startedAt"].is_string()).await;
    assert_ne!(running["status"], "scheduled");
}
