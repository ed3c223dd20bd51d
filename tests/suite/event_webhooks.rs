//! Event webhooks (docs/webhooks.md) through the real HTTP surface, with a fake provider and a
//! receiver on loopback: a customer's whole conversation — first message, accept, reply, acks,
//! transfer, order, close — and the customer's and the instance's changes each reach a subscribed
//! endpoint as its event, signed (verified with the official Standard Webhooks library) and
//! shaped as the REST API answers; an endpoint gets only what it subscribed to, a change of
//! subscription applies to the next event, and a replay sends a period's failures again with
//! their own ids.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    provider::{FakeProvider, ack, customer_message, push},
    receiver::{Received, Receiver},
    team::{HOST, Team},
};

const ALL_EVENTS: [&str; 13] = [
    "ticket.opened",
    "ticket.accepted",
    "ticket.transferred",
    "ticket.closed",
    "message.received",
    "message.sent",
    "message.ack",
    "customer.created",
    "customer.updated",
    "customer.blacklisted",
    "instance.status",
    "order.created",
    "campaign.status",
];

struct World {
    team: Team,
    provider: FakeProvider,
}

impl World {
    async fn start() -> Self {
        let (team, provider) = Team::start_with(|config| config.allow_private_webhooks = true).await;
        team.feature("webhooks").await;
        Self { team, provider }
    }

    async fn call_as(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        self.team.call(token, method, path, body).await
    }

    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        self.team.call(&self.team.admin_token, method, path, body).await
    }

    async fn endpoint(&self, url: &str, events: &[&str]) -> (i64, String) {
        let (status, created) =
            self.call(Method::POST, "/api/webhooks", Some(json!({ "url": url, "events": events }))).await;
        assert_eq!(status, 201, "{created}");
        (created["id"].as_i64().unwrap(), created["secret"].as_str().unwrap().to_owned())
    }

    async fn provider_event(&self, id: &str, event: &Value) {
        let response = push(&self.team.app, HOST, self.team.instance, id, event).await;
        assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    }
}

/// Verifies a delivery with the official Standard Webhooks library and answers its body.
fn verified(secret: &str, received: &Received) -> Value {
    let webhook = standardwebhooks::Webhook::new(secret).unwrap();
    webhook.verify(&received.body, &received.headers).expect("signed as Standard Webhooks");
    received.json()
}

/// The deliveries received so far whose type is `event_type`.
fn of_type<'a>(bodies: &'a [Value], event_type: &str) -> Vec<&'a Value> {
    bodies.iter().filter(|b| b["type"] == event_type).collect()
}

/// Waits until the receiver got a delivery of each type in `types`; answers every body, verified.
async fn wait_types(receiver: &Receiver, secret: &str, types: &[&str]) -> Vec<Value> {
    wait_until(receiver, secret, types, |_| true).await
}

/// As [`wait_types`], and until `also` holds of the bodies.
async fn wait_until(receiver: &Receiver, secret: &str, types: &[&str], also: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let bodies: Vec<Value> = receiver.received().iter().map(|r| verified(secret, r)).collect();
        if types.iter().all(|t| !of_type(&bodies, t).is_empty()) && also(&bodies) {
            return bodies;
        }
        let got: Vec<&str> = bodies.iter().filter_map(|b| b["type"].as_str()).collect();
        assert!(Instant::now() < deadline, "waited for {types:?}; got {got:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn every_event_of_a_conversation_reaches_its_subscribers_signed_and_shaped_as_the_api() {
    let w = World::start().await;
    let everything = Receiver::start().await;
    let (_, secret) = w.endpoint(&everything.url(), &ALL_EVENTS).await;
    let orders_only = Receiver::start().await;
    let (orders_endpoint, orders_secret) = w.endpoint(&orders_only.url(), &["order.created"]).await;

    // A new customer writes: customer.created, ticket.opened, message.received.
    w.provider_event("evt-1", &customer_message("m1", "+55 11 98888-7777", "Carla Dias", "Meu pedido não chegou"))
        .await;
    let bodies = wait_types(&everything, &secret, &["customer.created", "ticket.opened", "message.received"]).await;
    let customer = &of_type(&bodies, "customer.created")[0]["data"]["customer"];
    assert_eq!((customer["name"].as_str(), customer["phone"].as_str()), (Some("Carla Dias"), Some("+5511988887777")));
    let opened = &of_type(&bodies, "ticket.opened")[0]["data"]["ticket"];
    let ticket_id = opened["id"].as_i64().unwrap();
    let (_, listed) = w.call(Method::GET, &format!("/api/tickets/{ticket_id}"), None).await;
    assert_eq!(opened["protocol"], listed["protocol"], "the ticket as the API shows it");
    assert_eq!(opened["customer"], listed["customer"]);
    let received = &of_type(&bodies, "message.received")[0];
    assert_eq!(received["data"]["message"]["body"], "Meu pedido não chegou");
    assert_eq!(received["data"]["message"]["ticketId"].as_i64(), Some(ticket_id));
    assert!(received["timestamp"].as_str().unwrap().ends_with('Z'), "{received}");

    // The admin accepts and answers; the provider's acks follow.
    let (status, _) = w.call(Method::POST, &format!("/api/tickets/{ticket_id}/accept"), None).await;
    assert_eq!(status, 200);
    let (status, sent) = w
        .call(Method::POST, &format!("/api/tickets/{ticket_id}/messages"), Some(json!({ "body": "Vou verificar." })))
        .await;
    assert_eq!(status, 201, "{sent}");
    let provider_id = w.provider.wait_sent(1).await[0].id.clone();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, conversation) = w.call(Method::GET, &format!("/api/tickets/{ticket_id}/messages"), None).await;
        if conversation["data"].as_array().unwrap().last().unwrap()["ack"] == "sent" {
            break;
        }
        assert!(Instant::now() < deadline, "the send was never recorded");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    w.provider_event("ack-1", &ack(&provider_id, "read")).await;
    let read = |bodies: &[Value]| of_type(bodies, "message.ack").iter().any(|b| b["data"]["ack"] == "read");
    let bodies = wait_until(&everything, &secret, &["ticket.accepted", "message.sent", "message.ack"], read).await;
    let accepted = &of_type(&bodies, "ticket.accepted")[0]["data"]["ticket"];
    assert_eq!((accepted["status"].as_str(), accepted["id"].as_i64()), (Some("open"), Some(ticket_id)));
    let reply = &of_type(&bodies, "message.sent")[0]["data"]["message"];
    assert_eq!((reply["body"].as_str(), reply["direction"].as_str()), (Some("Vou verificar."), Some("out")));
    assert_eq!(reply["id"], sent["id"], "the message as the API answered it");
    assert!(of_type(&bodies, "message.ack").iter().all(|b| b["data"]["messageId"] == sent["id"]));

    // The customer's record: renamed, then blacklisted — each its event, with the record now.
    let customer_id = customer["id"].as_i64().unwrap();
    let (status, changed) = w
        .call(
            Method::PUT,
            &format!("/api/customers/{customer_id}"),
            Some(json!({ "name": "Carla Dias Souza", "email": "carla@exemplo.com.br" })),
        )
        .await;
    assert_eq!((status, changed["email"].as_str()), (200, Some("carla@exemplo.com.br")), "{changed}");
    let (status, invalid) =
        w.call(Method::PUT, &format!("/api/customers/{customer_id}"), Some(json!({ "name": " ", "email": "x" }))).await;
    assert_eq!(status, 422, "{invalid}");
    let fields: Vec<&str> =
        invalid["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["name", "email"], "every problem at once");

    // An order from the ticket; then a transfer to Bruno, who accepts and closes.
    let (status, order) = w
        .call(
            Method::POST,
            "/api/orders",
            Some(json!({ "ticketId": ticket_id, "valueCents": 12990, "status": "paid" })),
        )
        .await;
    assert_eq!(status, 201, "{order}");
    let (bruno, bruno_token) = w.team.agent("Bruno", &[w.team.instance]).await;
    let (status, transfer) = w
        .call(Method::POST, &format!("/api/tickets/{ticket_id}/transfers"), Some(json!({ "toUserId": bruno.id })))
        .await;
    assert_eq!(status, 201, "{transfer}");
    let transfer_id = transfer["id"].as_i64().unwrap();
    let (status, _) =
        w.call_as(&bruno_token, Method::POST, &format!("/api/transfers/{transfer_id}/accept"), None).await;
    assert_eq!(status, 200);
    let (_, reasons) = w.call(Method::GET, "/api/closing-reasons?active=true", None).await;
    let reason = &reasons.as_array().unwrap()[0];
    let (status, _) = w
        .call_as(
            &bruno_token,
            Method::POST,
            &format!("/api/tickets/{ticket_id}/close"),
            Some(json!({ "closingReasonId": reason["id"] })),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = w
        .call(Method::POST, &format!("/api/customers/{customer_id}/blacklist"), Some(json!({ "blacklisted": true })))
        .await;
    assert_eq!(status, 200);
    // The number connects.
    w.provider_event("st-1", &json!({ "type": "status", "data": { "status": "connected" } })).await;

    let bodies = wait_types(
        &everything,
        &secret,
        &[
            "customer.updated",
            "order.created",
            "ticket.transferred",
            "ticket.closed",
            "customer.blacklisted",
            "instance.status",
        ],
    )
    .await;
    let updated = &of_type(&bodies, "customer.updated")[0]["data"]["customer"];
    assert_eq!((updated["name"].as_str(), updated["id"].as_i64()), (Some("Carla Dias Souza"), Some(customer_id)));
    let created_order = &of_type(&bodies, "order.created")[0]["data"]["order"];
    assert_eq!(created_order, &order, "the order as the API answered it");
    let transferred = &of_type(&bodies, "ticket.transferred")[0]["data"];
    assert_eq!(transferred["transferId"].as_i64(), Some(transfer_id));
    assert_eq!(transferred["ticket"]["assignedUser"]["id"].as_i64(), Some(bruno.id as i64));
    let closed = &of_type(&bodies, "ticket.closed")[0]["data"];
    assert_eq!(closed["ticket"]["status"], "closed");
    assert_eq!(closed["closingReason"]["name"], reason["name"]);
    let transcript = closed["transcriptPath"].as_str().unwrap();
    let (status, conversation) = w.call(Method::GET, transcript, None).await;
    assert_eq!(status, 200, "the transcript link reads the conversation");
    assert!(conversation["data"].as_array().unwrap().iter().any(|m| m["body"] == "Vou verificar."));
    let blacklisted = &of_type(&bodies, "customer.blacklisted")[0]["data"]["customer"];
    assert_eq!(blacklisted["blacklisted"], true);
    let status_event = &of_type(&bodies, "instance.status")[0]["data"];
    assert_eq!(
        (status_event["instance"]["id"].as_i64(), status_event["instance"]["status"].as_str()),
        (Some(w.team.instance as i64), Some("connected"))
    );
    assert_eq!(status_event["previousStatus"], "disconnected");
    assert!(status_event["instance"].get("providerSecret").is_none(), "no secret leaves in an event");
    // Nothing was said twice: one delivery per fact.
    for once in ["ticket.opened", "ticket.accepted", "ticket.transferred", "ticket.closed", "order.created"] {
        assert_eq!(of_type(&bodies, once).len(), 1, "{once}");
    }
    // Transfer notes and other lines the customer never sees are never sent as messages.
    assert!(of_type(&bodies, "message.sent").iter().all(|b| b["data"]["message"]["kind"] != "note"));

    // The endpoint of orders heard of the order only, verified with its own secret.
    let got = orders_only.received();
    assert_eq!(got.len(), 1, "only what it subscribed to");
    assert_eq!(verified(&orders_secret, &got[0])["type"], "order.created");

    // A change of subscription applies to the very next event (the kept subscribers are dropped).
    let (status, _) = w
        .call(Method::PUT, &format!("/api/webhooks/{orders_endpoint}"), Some(json!({ "events": ["customer.updated"] })))
        .await;
    assert_eq!(status, 200);
    w.call(Method::PUT, &format!("/api/customers/{customer_id}"), Some(json!({ "name": "Carla S." }))).await;
    let got = orders_only.wait(2, Duration::from_secs(10)).await;
    assert_eq!(verified(&orders_secret, &got[1])["data"]["customer"]["name"], "Carla S.");

    // Deliveries filtered by event type.
    let (status, page) =
        w.call(Method::GET, &format!("/api/webhooks/{orders_endpoint}/deliveries?eventType=order.created"), None).await;
    assert_eq!(status, 200, "{page}");
    let types: Vec<&str> = page["data"].as_array().unwrap().iter().map(|d| d["eventType"].as_str().unwrap()).collect();
    assert_eq!(types, ["order.created"]);
    let (status, _) =
        w.call(Method::GET, &format!("/api/webhooks/{orders_endpoint}/deliveries?eventType=x.y"), None).await;
    assert_eq!(status, 422);

    // The OpenAPI document has a schema for each event.
    let (_, document) = w.call(Method::GET, "/api/openapi.json", None).await;
    for event_type in ALL_EVENTS {
        let schema = &document["components"]["schemas"][format!("Webhook.{event_type}")];
        assert_eq!(schema["properties"]["type"]["enum"][0], event_type, "{event_type}");
        let data = schema["properties"]["data"]["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
        assert!(document["components"]["schemas"][data].is_object(), "{event_type}: {data}");
    }
}

#[tokio::test]
async fn a_replay_sends_a_periods_failed_deliveries_again_with_their_own_ids() {
    let w = World::start().await;
    let receiver = Receiver::start().await;
    let (endpoint, secret) = w.endpoint(&receiver.url(), &["customer.created", "message.received"]).await;
    let before = chrono::Utc::now() - chrono::Duration::minutes(1);
    w.provider_event("evt-1", &customer_message("m1", "+55 11 97777-6666", "Davi", "Oi")).await;
    let first = wait_types(&receiver, &secret, &["customer.created", "message.received"]).await;
    let ids: Vec<String> = receiver.received().iter().map(Received::webhook_id).collect();
    assert_eq!(first.len(), 2);
    // Say the receiver was down and they failed for good.
    w.team.app.execute("acme", "UPDATE webhook_deliveries SET status = 'failed'").await;

    let period = |from: chrono::DateTime<chrono::Utc>, to: chrono::DateTime<chrono::Utc>| json!({ "from": from.to_rfc3339(), "to": to.to_rfc3339(), "eventTypes": ["message.received"] });
    let now = chrono::Utc::now() + chrono::Duration::minutes(1);
    let path = format!("/api/webhooks/{endpoint}/replay");
    let (status, bad) = w.call(Method::POST, &path, Some(period(now, before))).await;
    assert_eq!((status, bad["errors"][0]["field"].as_str()), (422, Some("to")), "{bad}");
    let (status, bad) = w.call(Method::POST, &path, Some(period(before - chrono::Duration::days(40), now))).await;
    assert_eq!(status, 422, "at most 31 days: {bad}");
    let (status, replayed) = w.call(Method::POST, &path, Some(period(before, now))).await;
    assert_eq!((status, replayed["queued"].as_u64()), (200, Some(1)), "{replayed}");
    let again = receiver.wait(3, Duration::from_secs(10)).await;
    let body = verified(&secret, &again[2]);
    assert_eq!(body["type"], "message.received");
    let original = ids[first.iter().position(|b| b["type"] == "message.received").unwrap()].clone();
    assert_eq!(again[2].webhook_id(), original, "the receiver recognises what it already has");
    // On its way or delivered now: a second replay of failures finds nothing.
    let (_, replayed) = w.call(Method::POST, &path, Some(period(before, now))).await;
    assert_eq!(replayed["queued"], 0);
    // An endpoint that is not there.
    let (status, _) =
        w.call(Method::POST, &format!("/api/webhooks/{}/replay", endpoint + 100), Some(period(before, now))).await;
    assert_eq!(status, 404);
}
