//! Scheduled messages (docs/scheduled-messages.md) through the real HTTP and WebSocket surface:
//! one arrives at the provider at its time, in the customer's ticket, and its author is told; one
//! is cancelled because the customer wrote first; edits, cancels and refusals; someone else's and
//! another tenant's answer as missing; and a send is never repeated when its job runs again (a
//! crash after the commit, a restart).

use std::time::Duration;

use backoffice::{
    domain::events::{Publisher, Raised},
    tenancy::TenantName,
};
use chrono::{SecondsFormat, Utc};
use reqwest::Method;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::support::{
    TestApp, TestUser,
    provider::{FakeProvider, customer_message, push},
    socket::{next_event, open},
};

const HOST: &str = "acme.localhost";

struct World {
    app: TestApp,
    admin: TestUser,
    token: String,
    instance: i32,
    provider: FakeProvider,
}

impl World {
    async fn call(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let response = self.app.call(method, HOST, path, Some(token), body).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// The customer of `phone`, created by a message of theirs.
    async fn customer(&self, id: &str, phone: &str, name: &str) -> i64 {
        let message = customer_message(id, phone, name, "Oi");
        assert_eq!(push(&self.app, HOST, self.instance, &format!("evt-{id}"), &message).await.status(), 200);
        let (_, tickets) = self.call(&self.token, Method::GET, "/api/tickets?status=pending", None).await;
        let ticket = tickets["data"].as_array().unwrap().iter().find(|t| t["customer"]["name"] == name).unwrap();
        ticket["customer"]["id"].as_i64().unwrap()
    }

    async fn sql(&self, sql: &str) {
        let db = self.app.tenant_db("acme").await;
        let tx = db.begin().await.unwrap();
        tx.execute_raw(Statement::from_string(tx.get_database_backend(), sql.to_owned())).await.unwrap();
        tx.commit().await.unwrap();
    }

    async fn wait_status(&self, id: i64, status: &str) -> Value {
        for _ in 0..100 {
            let (_, page) = self.call(&self.token, Method::GET, "/api/scheduled-messages", None).await;
            if let Some(row) = page["data"].as_array().unwrap().iter().find(|r| r["id"] == id)
                && row["status"] == status
            {
                return row.clone();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("scheduled message {id} never became {status}");
    }
}

async fn world() -> World {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "WhatsApp Loja", &provider).await;
    World { app, admin, token, instance, provider }
}

fn in_seconds(seconds: i64) -> String {
    (Utc::now() + chrono::Duration::seconds(seconds)).to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[tokio::test]
async fn a_scheduled_message_leaves_at_its_time_once_and_one_is_cancelled_when_the_customer_writes_first() {
    let w = world().await;
    let ana = w.customer("s-1", "+55 11 95555-0001", "Ana Prado").await;
    let bruno = w.customer("s-2", "+55 11 95555-0002", "Bruno Lima").await;
    let mut socket = open(&w.app, &w.admin, &w.token, None).await.unwrap();

    // Refusals say why.
    let post = |body: Value| w.call(&w.token, Method::POST, "/api/scheduled-messages", Some(body));
    let (status, refused) = post(json!({ "customerId": ana, "instanceId": w.instance, "body": "x",
                                          "sendAt": in_seconds(-60) }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_send_at")), "{refused}");
    let (status, refused) = post(json!({ "customerId": ana, "instanceId": w.instance, "body": " ",
                                          "sendAt": in_seconds(60) }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("empty_message")), "{refused}");
    let (status, refused) = post(json!({ "customerId": 999_999, "instanceId": w.instance, "body": "x",
                                          "sendAt": in_seconds(60) }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("customer_not_found")), "{refused}");

    // Ana's leaves in two seconds, into her open ticket.
    let send_at = in_seconds(2);
    let (status, scheduled) = post(json!({ "customerId": ana, "instanceId": w.instance,
                                            "body": "Bom dia, Ana! Seu pedido saiu para entrega.", "sendAt": send_at }))
    .await;
    assert_eq!((status, scheduled["status"].as_str()), (201, Some("scheduled")), "{scheduled}");
    assert_eq!(scheduled["cancelIfCustomerWrites"], true, "the default");
    let ana_id = scheduled["id"].as_i64().unwrap();
    // Bruno's is set for later, and he writes first.
    let (_, later) = post(json!({ "customerId": bruno, "instanceId": w.instance, "body": "Lembrete do boleto",
                                   "sendAt": in_seconds(3600) }))
    .await;
    let bruno_id = later["id"].as_i64().unwrap();
    let (_, page) = w.call(&w.token, Method::GET, "/api/scheduled-messages?status=scheduled", None).await;
    let soonest: Vec<i64> = page["data"].as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert_eq!(soonest, [ana_id, bruno_id], "soonest first");

    let sent = w.provider.wait_sent(1).await;
    assert_eq!(sent[0].body, "Bom dia, Ana! Seu pedido saiu para entrega.");
    assert!(Utc::now() >= chrono::DateTime::parse_from_rfc3339(&send_at).unwrap(), "not before its time");
    let done = w.wait_status(ana_id, "sent").await;
    let ticket = done["ticketId"].as_i64().expect("it went into her ticket");
    let (_, conversation) = w.call(&w.token, Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
    assert!(
        conversation["data"].as_array().unwrap().iter().any(|m| m["id"] == done["messageId"]),
        "the conversation shows it: {conversation}"
    );
    let mut told = false;
    while let Some(event) = next_event(&mut socket, Duration::from_millis(500)).await {
        if event["event"] == "ScheduledMessageChanged" && event["scheduled"]["id"] == ana_id {
            told |= event["scheduled"]["status"] == "sent";
        }
    }
    assert!(told, "its author hears it went out");
    let (status, refused) = w.call(&w.token, Method::DELETE, &format!("/api/scheduled-messages/{ana_id}"), None).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("schedule_not_pending")), "{refused}");

    // A crash after the send committed but before its job was closed: run again, it sends nothing.
    w.sql("UPDATE jobs SET status = 'pending', run_at = created_at, locked_until = NULL, attempts = 0").await;
    w.app.state.bus.publish(&TenantName::parse("acme").unwrap(), Raised::JobQueued { run_at: Utc::now() });
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(w.provider.sent().len(), 1, "sent once");

    // Bruno writes: his reminder is cancelled, and it says why.
    let message = customer_message("s-3", "+55 11 95555-0002", "Bruno Lima", "Já paguei!");
    assert_eq!(push(&w.app, HOST, w.instance, "evt-s-3", &message).await.status(), 200);
    let cancelled = w.wait_status(bruno_id, "cancelled").await;
    assert_eq!(cancelled["cancelReason"], "customer_wrote");
    assert_eq!(w.provider.sent().len(), 1);
}

#[tokio::test]
async fn scheduled_messages_are_changed_and_cancelled_by_their_people_only() {
    let w = world().await;
    let ana = w.customer("c-1", "+55 11 94444-0001", "Ana Prado").await;
    let (_, roles) = w.call(&w.token, Method::GET, "/api/permission", None).await;
    let role = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    let body = json!({ "name": "Bia", "email": "bia@acme.example", "password": "Senha#Forte!9", "role_id": role,
                       "chosen_instances": [w.instance] });
    let (_, created) = w.call(&w.token, Method::POST, "/api/users", Some(body)).await;
    let bia_user = TestUser {
        id: created["id"].as_i64().unwrap() as i32,
        tenant: "acme".into(),
        email: "bia@acme.example".into(),
        password: "Senha#Forte!9".into(),
    };
    let bia = w.app.login(&bia_user).await;

    let (status, mine) = w
        .call(
            &bia,
            Method::POST,
            "/api/scheduled-messages",
            Some(json!({ "customerId": ana, "instanceId": w.instance, "body": "Retorno amanhã",
                         "sendAt": in_seconds(86_400), "cancelIfCustomerWrites": false })),
        )
        .await;
    assert_eq!(status, 201, "{mine}");
    let id = mine["id"].as_i64().unwrap();
    let path = format!("/api/scheduled-messages/{id}");

    // She changes it; a time in the past is refused.
    let (status, changed) = w
        .call(&bia, Method::PUT, &path, Some(json!({ "body": "Retorno amanhã cedo", "sendAt": in_seconds(7200) })))
        .await;
    assert_eq!((status, changed["body"].as_str()), (200, Some("Retorno amanhã cedo")), "{changed}");
    let (status, refused) = w.call(&bia, Method::PUT, &path, Some(json!({ "sendAt": in_seconds(-5) }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_send_at")));

    // Another attendant does not see it; the administrator does; another tenant does not.
    let body = json!({ "name": "Caio", "email": "caio@acme.example", "password": "Senha#Forte!9", "role_id": role,
                       "chosen_instances": [w.instance] });
    let (_, created) = w.call(&w.token, Method::POST, "/api/users", Some(body)).await;
    let caio = w
        .app
        .login(&TestUser {
            id: created["id"].as_i64().unwrap() as i32,
            tenant: "acme".into(),
            email: "caio@acme.example".into(),
            password: "Senha#Forte!9".into(),
        })
        .await;
    assert_eq!(w.call(&caio, Method::DELETE, &path, None).await.0, 404);
    let (_, theirs) = w.call(&caio, Method::GET, "/api/scheduled-messages", None).await;
    assert_eq!(theirs["data"].as_array().unwrap().len(), 0);
    let (_, all) = w.call(&w.token, Method::GET, "/api/scheduled-messages", None).await;
    assert_eq!(all["data"][0]["author"]["name"], "Bia");
    let beta = w.app.tenant_with_admin("beta").await;
    let beta_token = w.app.login(&beta).await;
    let response = w.app.call(Method::DELETE, "beta.localhost", &path, Some(&beta_token), None).await;
    assert_eq!(response.status(), 404);

    // She cancels it; nothing leaves, and it cannot be changed any more.
    let (status, cancelled) = w.call(&bia, Method::DELETE, &path, None).await;
    assert_eq!(
        (status, cancelled["status"].as_str(), cancelled["cancelReason"].as_str()),
        (200, Some("cancelled"), Some("cancelled"))
    );
    let (status, refused) = w.call(&bia, Method::PUT, &path, Some(json!({ "body": "x" }))).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("schedule_not_pending")));
    assert!(w.provider.sent().is_empty());
}

#[tokio::test]
async fn a_scheduled_file_leaves_at_its_time_and_is_held_only_while_it_waits() {
    let w = world().await;
    let ana = w.customer("f-1", "+55 11 93333-0001", "Ana Prado").await;
    let pdf = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".to_vec();
    let (status, uploaded) =
        w.app.upload(HOST, &w.token, "/api/scheduled-messages/media?fileName=boleto.pdf", pdf).await;
    assert_eq!(status, 201, "{uploaded}");
    let file = json!({ "mediaId": uploaded["id"], "fileName": "Boleto de dezembro.pdf" });
    let post = |body: Value| w.call(&w.token, Method::POST, "/api/scheduled-messages", Some(body));

    // One waits an hour and is cancelled: its file is let go.
    let (status, later) = post(json!({ "customerId": ana, "instanceId": w.instance, "body": "",
                                        "attachment": file, "sendAt": in_seconds(3600) }))
    .await;
    assert_eq!(status, 201, "{later}");
    assert_eq!((later["attachment"]["type"].as_str(), later["body"].as_str()), (Some("document"), Some("")));
    let held = |id: i64| format!("SELECT COUNT(*) AS n FROM media_holds WHERE holder = 'scheduled:{id}'");
    let later_id = later["id"].as_i64().unwrap();
    assert_eq!(w.app.scalar("acme", &held(later_id)).await, 1);
    w.call(&w.token, Method::DELETE, &format!("/api/scheduled-messages/{later_id}"), None).await;
    assert_eq!(w.app.scalar("acme", &held(later_id)).await, 0);

    // One changed to a caption and left in two seconds: the provider gets the file with it.
    let (_, soon) = post(json!({ "customerId": ana, "instanceId": w.instance, "body": "x",
                                  "sendAt": in_seconds(3600) }))
    .await;
    let soon_id = soon["id"].as_i64().unwrap();
    let change = json!({ "body": "Segue o boleto, Ana.", "attachment": file, "sendAt": in_seconds(2) });
    let (status, changed) =
        w.call(&w.token, Method::PUT, &format!("/api/scheduled-messages/{soon_id}"), Some(change)).await;
    assert_eq!(
        (status, changed["attachment"]["fileName"].as_str()),
        (200, Some("Boleto de dezembro.pdf")),
        "{changed}"
    );
    let sent = w.provider.wait_sent(1).await;
    assert_eq!(sent[0].raw["type"], "document");
    assert_eq!(
        (sent[0].raw["body"].as_str(), sent[0].raw["media"]["fileName"].as_str()),
        (Some("Segue o boleto, Ana."), Some("Boleto de dezembro.pdf"))
    );
    let done = w.wait_status(soon_id, "sent").await;
    assert_eq!(w.app.scalar("acme", &held(soon_id)).await, 0, "its message holds the file now");
    let (_, conversation) =
        w.call(&w.token, Method::GET, &format!("/api/tickets/{}/messages", done["ticketId"]), None).await;
    let message =
        conversation["data"].as_array().unwrap().iter().find(|m| m["id"] == done["messageId"]).cloned().unwrap();
    assert_eq!(
        (message["type"].as_str(), message["media"]["fileName"].as_str()),
        (Some("document"), Some("Boleto de dezembro.pdf"))
    );
}
