//! The realtime socket through a real WebSocket client: the spec's wire form, the refusals, and
//! per-tenant, per-entitlement delivery.

use std::time::Duration;

use base64::{Engine, engine::general_purpose::STANDARD as B64};
use futures::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{Value, json};
use tokio_tungstenite::{
    connect_async,
    tungstenite::{Message, client::IntoClientRequest, http::HeaderValue},
};

use crate::support::{TestApp, TestUser};

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(app: &TestApp, user: &TestUser, token: &str, origin: Option<&str>) -> Result<Socket, u16> {
    let url = format!("ws://{}/ws?tenantName={}&userId={}&token={token}", app.address, user.tenant, user.id);
    let mut request = url.into_client_request().unwrap();
    request.headers_mut().insert("host", HeaderValue::from_str(&user.host()).unwrap());
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", HeaderValue::from_str(origin).unwrap());
    }
    match connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(other) => panic!("{other}"),
    }
}

fn ping(user: &TestUser) -> Message {
    let data = B64.encode(json!({ "event": "ping", "tenantName": user.tenant, "userId": user.id }).to_string());
    Message::Text(json!({ "action": "sendmessage", "data": data }).to_string().into())
}

/// The next event's JSON, or None within `wait`.
async fn next_event(socket: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                return Some(serde_json::from_slice(&B64.decode(text.as_str()).unwrap()).unwrap());
            }
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(_))) => return None,
        }
    }
}

#[tokio::test]
async fn a_ping_gets_the_exact_pong_and_malformed_frames_are_ignored() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let mut socket = open(&app, &admin, &token, Some("http://acme.localhost:8080")).await.unwrap();
    for garbage in ["not json", "{\"action\":\"sendmessage\",\"data\":\"%%%\"}", "{\"action\":\"other\",\"data\":\"e30=\"}"] {
        socket.send(Message::Text(garbage.into())).await.unwrap();
    }
    socket.send(Message::Binary(vec![0, 1, 2].into())).await.unwrap();
    socket.send(ping(&admin)).await.unwrap();
    let reply = tokio::time::timeout(Duration::from_secs(5), socket.next()).await.unwrap().unwrap().unwrap();
    assert_eq!(reply, Message::Text("eyJldmVudCI6InBvbmcifQ==".into()), "base64 of {{\"event\":\"pong\"}}");
}

#[tokio::test]
async fn sockets_are_refused_without_a_valid_token_for_this_user_tenant_and_origin() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let other = app.create_user("acme", "bia@acme.example", "atendente").await;
    let beta = app.tenant_with_admin("beta").await;
    let token = app.login(&admin).await;
    let beta_token = app.login(&beta).await;

    assert_eq!(open(&app, &admin, "", None).await.unwrap_err(), 401, "no token");
    assert_eq!(open(&app, &admin, "garbage", None).await.unwrap_err(), 401, "invalid token");
    assert_eq!(open(&app, &other, &token, None).await.unwrap_err(), 403, "another user's token");
    let mut wrong_tenant = admin.clone();
    wrong_tenant.tenant = "beta".into();
    wrong_tenant.id = beta.id;
    assert_eq!(open(&app, &wrong_tenant, &token, None).await.unwrap_err(), 401, "acme's token on beta's host");
    assert_eq!(open(&app, &admin, &token, Some("https://evil.example")).await.unwrap_err(), 403, "foreign origin");
    assert_eq!(open(&app, &admin, &token, Some("http://beta.localhost")).await.unwrap_err(), 403, "another tenant's origin");
    assert!(open(&app, &beta, &beta_token, None).await.is_ok());
}

#[tokio::test]
async fn instance_events_reach_only_entitled_users_of_the_same_tenant() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let linked = app.create_user("acme", "linked@acme.example", "atendente").await;
    let unlinked = app.create_user("acme", "unlinked@acme.example", "atendente").await;
    let beta = app.tenant_with_admin("beta").await;
    let vendas = app.create_instance("acme", "WhatsApp Vendas").await;
    let admin_token = app.login(&admin).await;
    // Link one agent to the instance.
    let role: Value = app.call(Method::GET, "acme.localhost", "/api/permission", Some(&admin_token), None).await.json().await.unwrap();
    let atendente = role.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    app.call(Method::PUT, "acme.localhost", &format!("/api/users/{}", linked.id), Some(&admin_token), Some(json!({ "chosen_instances": [vendas], "role_id": atendente }))).await;

    let mut admin_socket = open(&app, &admin, &admin_token, None).await.unwrap();
    let mut linked_socket = open(&app, &linked, &app.login(&linked).await, None).await.unwrap();
    let mut unlinked_socket = open(&app, &unlinked, &app.login(&unlinked).await, None).await.unwrap();
    let mut beta_socket = open(&app, &beta, &app.login(&beta).await, None).await.unwrap();

    let update = json!({ "id": vendas, "status": "qrcode" });
    let response = app.call(Method::POST, "acme.localhost", "/api/instance/update", Some(&admin_token), Some(update)).await;
    assert_eq!(response.status(), 200);

    for socket in [&mut admin_socket, &mut linked_socket] {
        let event = next_event(socket, Duration::from_secs(5)).await.expect("an event");
        assert_eq!(event["event"], "InstanceUpdated");
        assert_eq!(event["instance"]["id"], vendas);
        assert_eq!(event["instance"]["status"], "qrcode");
    }
    assert!(next_event(&mut unlinked_socket, Duration::from_millis(300)).await.is_none(), "not linked to the instance");
    assert!(next_event(&mut beta_socket, Duration::from_millis(300)).await.is_none(), "another tenant");
}

#[tokio::test]
async fn logging_out_or_being_deleted_closes_the_users_sockets() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;
    let bia_token = app.login(&bia).await;
    let mut bia_socket = open(&app, &bia, &bia_token, None).await.unwrap();
    let mut admin_socket = open(&app, &admin, &admin_token, None).await.unwrap();

    let logout = app.call(Method::POST, "acme.localhost", "/api/auth/logout", Some(&bia_token), Some(json!({ "data": {}, "ip": null }))).await;
    assert_eq!(logout.status(), 200);
    assert!(next_event(&mut bia_socket, Duration::from_secs(5)).await.is_none(), "closed");

    let bia_token = app.login(&bia).await;
    let mut bia_socket = open(&app, &bia, &bia_token, None).await.unwrap();
    app.call(Method::DELETE, "acme.localhost", &format!("/api/users/{}", bia.id), Some(&admin_token), None).await;
    assert!(next_event(&mut bia_socket, Duration::from_secs(5)).await.is_none(), "closed");

    admin_socket.send(ping(&admin)).await.unwrap();
    assert_eq!(next_event(&mut admin_socket, Duration::from_secs(5)).await.unwrap()["event"], "pong", "others unaffected");
}
