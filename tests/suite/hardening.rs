//! The third hostile probe's findings, each through the real HTTP and WebSocket surface: a
//! forged provider signature costs one MAC, the role's two-factor requirement closes every
//! transport, operators' cross-tenant parameters need the `tenants` route, a replayed or raced
//! refresh token ends its session at once, parallel two-factor guesses share one budget, and no
//! request outlives its deadlines.

use std::time::{Duration, Instant};

use backoffice::domain::{auth::two_factor::code_at, standard_webhooks, tenants};
use futures::future::join_all;
use reqwest::{Method, header::COOKIE};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{TestApp, TestUser, provider::FakeProvider, refresh_cookie, socket};

fn now() -> u64 {
    chrono::Utc::now().timestamp() as u64
}

/// Posts a provider event stamped with `timestamp`, which must be the one the signature was made with:
/// a fresh `now()` here would break the right signature whenever a second ticks over in between.
async fn post_event(app: &TestApp, instance: i32, timestamp: i64, signature: &str, body: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/instance/{instance}/events")))
        .header("host", "acme.localhost")
        .header("content-type", "application/json")
        .header("webhook-id", "evt_forged")
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(body.to_owned())
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_forged_event_with_thousands_of_signatures_is_refused_at_once() {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "Loja", &provider).await;
    let body = format!(r#"{{"type":"status","data":{{"status":"connected"}},"pad":"{}"}}"#, "x".repeat(1_900_000));

    // 4 000 candidates took 7.9 s of a runtime worker in release: one HMAC of 2 MB each.
    let many = vec!["v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; 4000].join(" ");
    let started = Instant::now();
    let refused = post_event(&app, instance, chrono::Utc::now().timestamp(), &many, &body).await;
    assert_eq!(refused.status(), 401);
    assert!(started.elapsed() < Duration::from_secs(3), "took {:?}", started.elapsed());

    // More candidates than a rotation needs are refused even with the right one among them.
    let ts = chrono::Utc::now().timestamp();
    let small = r#"{"type":"status","data":{"status":"connected"}}"#;
    let right = standard_webhooks::sign(crate::support::provider::SECRET, "evt_forged", ts, small.as_bytes());
    let nine = format!("{} {right}", ["v1,AAAA"; standard_webhooks::MAX_SIGNATURES].join(" "));
    assert_eq!(post_event(&app, instance, ts, &nine, small).await.status(), 401);
    let two = format!("v1,AAAA {right}");
    assert_eq!(
        post_event(&app, instance, ts, &two, small).await.status(),
        200,
        "a rotation's two signatures still pass"
    );
}

/// Sets the `atendente` role of `tenant` to `permissions`, with or without two-factor required.
async fn set_attendant_role(app: &TestApp, admin_token: &str, host: &str, permissions: &[&str], two_factor: bool) {
    let roles: Value =
        app.call(Method::GET, host, "/api/permission", Some(admin_token), None).await.json().await.unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    let update = json!({ "roleId": atendente, "permissions": permissions, "requireTwoFactor": two_factor });
    let updated = app.call(Method::POST, host, "/api/permission/update", Some(admin_token), Some(update)).await;
    assert_eq!(updated.status(), 200);
}

#[tokio::test]
async fn a_role_requiring_two_factor_closes_the_inbox_and_the_socket_until_the_user_enrolls() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;
    set_attendant_role(&app, &admin_token, "acme.localhost", &["home"], true).await;
    let token = app.login(&agent).await;

    for path in ["/api/tickets", "/api/customers", "/api/home"] {
        let closed = app.call(Method::GET, "acme.localhost", path, Some(&token), None).await;
        assert_eq!(closed.status(), 403, "{path}");
        assert_eq!(closed.json::<Value>().await.unwrap()["code"], "two_factor_enrollment_required", "{path}");
    }
    assert_eq!(socket::open(&app, &agent, &token, None).await.err(), Some(403), "the socket is closed too");
    let gql = json!({ "query": "{ instances { id } }" });
    let answer: Value =
        app.call(Method::POST, "acme.localhost", "/graphql", Some(&token), Some(gql)).await.json().await.unwrap();
    assert_eq!(answer["errors"][0]["extensions"]["code"], "two_factor_enrollment_required", "{answer}");
    let me = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(me.status(), 200, "who am I stays open");

    // The way out stays open, and once enrolled everything opens.
    let settings = format!("/api/user-settings/{}", agent.id);
    let enrolled: Value = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(json!({ "action": "enroll" })))
        .await
        .json()
        .await
        .unwrap();
    let code = code_at(enrolled["secret"].as_str().expect("enrollment is open"), now()).unwrap();
    let confirm = json!({ "action": "confirm", "code": code });
    assert_eq!(app.call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(confirm)).await.status(), 200);
    let open = app.call(Method::GET, "acme.localhost", "/api/tickets", Some(&token), None).await;
    assert_eq!(open.status(), 200);
    assert!(socket::open(&app, &agent, &token, None).await.is_ok());
}

#[tokio::test]
async fn back_office_staff_without_the_tenants_route_cannot_reach_another_tenants_instances() {
    let app = TestApp::spawn().await;
    let acme = app.tenant_with_admin("acme").await;
    let acme_token = app.login(&acme).await;
    let instance = app.create_instance("acme", "Loja").await;
    let ops = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let ops_token = app.login(&ops).await;
    set_attendant_role(&app, &ops_token, "backoffice.localhost", &["instances"], false).await;
    let staff = app.create_user("backoffice", "staff@backoffice.example", "atendente").await;
    let staff_token = app.login(&staff).await;

    let listed =
        app.call(Method::GET, "backoffice.localhost", "/api/instance?tenantName=acme", Some(&staff_token), None).await;
    assert_eq!(listed.status(), 403);
    assert_eq!(listed.json::<Value>().await.unwrap()["code"], "other_tenant");
    let repoint = json!({ "id": instance, "tenantName": "acme", "providerBaseUrl": "https://evil.example" });
    let updated =
        app.call(Method::POST, "backoffice.localhost", "/api/instance/update", Some(&staff_token), Some(repoint)).await;
    assert_eq!(updated.status(), 403);
    // Their own tenant's instances stay theirs; an operator with `tenants` still reaches acme.
    let own = app.call(Method::GET, "backoffice.localhost", "/api/instance", Some(&staff_token), None).await;
    assert_eq!(own.status(), 200);
    let operator =
        app.call(Method::GET, "backoffice.localhost", "/api/instance?tenantName=acme", Some(&ops_token), None).await;
    assert_eq!(operator.status(), 200);
    let names: Value = operator.json().await.unwrap();
    assert_eq!(names[0]["name"], "Loja");
    let _ = acme_token;
}

async fn refresh(app: &TestApp, cookie: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/refresh"))
        .header("host", "acme.localhost")
        .header(COOKIE, format!("bo_refresh={cookie}"))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_replayed_refresh_token_ends_its_sessions_access_tokens_and_sockets_at_once() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let login = app.login_response(&admin, &admin.password).await;
    let first = refresh_cookie(&login).unwrap();
    let rotated = refresh(&app, &first).await;
    assert_eq!(rotated.status(), 200);
    let token = rotated.json::<Value>().await.unwrap()["refreshToken"]["token"].as_str().unwrap().to_owned();
    let mut live = socket::open(&app, &admin, &token, None).await.expect("socket opens");

    // The first cookie again: a copy of it is in someone else's hands.
    let replay = refresh(&app, &first).await;
    assert_eq!(replay.status(), 401);
    let after = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(after.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));
    assert!(socket::close_code(&mut live, Duration::from_secs(3)).await.is_some(), "the session's socket closed");
}

#[tokio::test]
async fn racing_refreshes_of_one_token_leave_one_successor_at_most() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let login = app.login_response(&admin, &admin.password).await;
    let cookie = refresh_cookie(&login).unwrap();
    let answers = join_all((0..8).map(|_| refresh(&app, &cookie))).await;
    let won = answers.iter().filter(|a| a.status() == 200).count();
    assert!(won <= 1, "{won} refreshes of one token succeeded: the family forked");
}

#[tokio::test]
async fn parallel_two_factor_guesses_spend_one_budget() {
    let app = TestApp::spawn_with(|config| {
        config.login_failures_per_address = 1000;
        config.login_attempts_per_minute = 1000;
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let secret = app.enroll_two_factor(&admin, &token).await;

    async fn challenge(app: &TestApp, user: &TestUser) -> String {
        let step: Value = app.login_response(user, &user.password).await.json().await.unwrap();
        step["challenge"].as_str().unwrap().to_owned()
    }
    let mut guesses = Vec::new();
    for _ in 0..3 {
        let challenge = challenge(&app, &admin).await;
        for n in 0..4 {
            let body = json!({ "challenge": challenge, "code": format!("00000{n}") });
            guesses.push(app.call(Method::POST, "acme.localhost", "/api/auth/login/two-factor", None, Some(body)));
        }
    }
    join_all(guesses).await;
    // Twelve wrong codes at once: the budget of five per 15 minutes is spent, whatever the order.
    let body = json!({ "challenge": challenge(&app, &admin).await, "code": code_at(&secret, now() + 30).unwrap() });
    let right = app.call(Method::POST, "acme.localhost", "/api/auth/login/two-factor", None, Some(body)).await;
    assert_eq!(right.status(), 429, "the parallel guesses were not all counted");
}

#[tokio::test]
async fn a_body_that_stops_arriving_is_answered_within_the_body_deadline_on_every_route() {
    let app = TestApp::spawn_with(|config| config.body_read_timeout_seconds = 1).await;
    let record = app.create_tenant("acme").await;
    tenants::set_feature(app.dbs().control(), &record, "reports", true, &app.state.bus).await.unwrap();
    let admin = app.create_user("acme", "admin@acme.example", "administrador").await;
    let token = app.login(&admin).await;
    // `POST /api/dashboard-report` reads its body as raw bytes (no JSON extractor of ours).
    let mut stream = tokio::net::TcpStream::connect(app.address).await.unwrap();
    let head = format!(
        "POST /api/dashboard-report HTTP/1.1\r\nhost: acme.localhost\r\nauthorization: Bearer {token}\r\n\
         content-type: application/json\r\ncontent-length: 1000\r\n\r\n{{\"start_at\":"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 512];
    let read = tokio::time::timeout(Duration::from_secs(6), stream.read(&mut answer)).await;
    let n = read.expect("an answer within the deadline, not a hung request").unwrap();
    let status = String::from_utf8_lossy(&answer[..n]).lines().next().unwrap_or_default().to_owned();
    assert!(status.contains(" 408 ") || status.contains(" 400 "), "{status}");
}

#[tokio::test]
async fn a_request_that_outlasts_the_request_timeout_is_stopped_with_a_clear_answer() {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        config.request_timeout_seconds = 1;
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    // A provider that accepts connections and never answers.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", silent.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((connection, _)) = silent.accept().await {
            held.push(connection);
        }
    });
    let body = json!({ "name": "Loja", "providerBaseUrl": base, "providerSecret": crate::support::provider::SECRET });
    let created = app.call(Method::POST, "acme.localhost", "/api/instance", Some(&token), Some(body)).await;
    let id = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let started = Instant::now();
    let stopped =
        app.call(Method::POST, "acme.localhost", &format!("/api/instance/{id}/connect"), Some(&token), None).await;
    assert_eq!(stopped.status(), 503);
    assert_eq!(stopped.json::<Value>().await.unwrap()["code"], "request_timeout");
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
}
