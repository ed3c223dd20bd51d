//! The realtime socket through a real WebSocket client: the spec's wire form, the refusals,
//! per-tenant and per-entitlement delivery, closing on ended sessions and at shutdown, slow
//! consumers, and two replicas sharing Redis.

use std::time::{Duration, Instant};

use backoffice::{
    domain::{
        conversations::events::ChatNotification,
        events::{Audience, DomainEvent, Publisher},
    },
    tenancy::TenantName,
};
use futures::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::support::{
    TestApp,
    socket::{Next, close_code, next, next_event, open, open_at, ping},
};

#[tokio::test]
async fn a_ping_gets_the_exact_pong_and_malformed_frames_are_ignored() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let mut socket = open(&app, &admin, &token, Some("http://acme.localhost:8080")).await.unwrap();
    for garbage in
        ["not json", "{\"action\":\"sendmessage\",\"data\":\"%%%\"}", "{\"action\":\"other\",\"data\":\"e30=\"}"]
    {
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
    assert_eq!(
        open(&app, &admin, &token, Some("http://beta.localhost")).await.unwrap_err(),
        403,
        "another tenant's origin"
    );
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
    let role: Value = app
        .call(Method::GET, "acme.localhost", "/api/permission", Some(&admin_token), None)
        .await
        .json()
        .await
        .unwrap();
    let atendente = role.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    app.call(
        Method::PUT,
        "acme.localhost",
        &format!("/api/users/{}", linked.id),
        Some(&admin_token),
        Some(json!({ "chosen_instances": [vendas], "role_id": atendente })),
    )
    .await;

    let mut admin_socket = open(&app, &admin, &admin_token, None).await.unwrap();
    let mut linked_socket = open(&app, &linked, &app.login(&linked).await, None).await.unwrap();
    let mut unlinked_socket = open(&app, &unlinked, &app.login(&unlinked).await, None).await.unwrap();
    let mut beta_socket = open(&app, &beta, &app.login(&beta).await, None).await.unwrap();

    let update = json!({ "id": vendas, "status": "qrcode" });
    let response =
        app.call(Method::POST, "acme.localhost", "/api/instance/update", Some(&admin_token), Some(update)).await;
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

    let logout = app
        .call(
            Method::POST,
            "acme.localhost",
            "/api/auth/logout",
            Some(&bia_token),
            Some(json!({ "data": {}, "ip": null })),
        )
        .await;
    assert_eq!(logout.status(), 200);
    assert_eq!(close_code(&mut bia_socket, Duration::from_secs(5)).await, Some(1008), "session ended");

    let bia_token = app.login(&bia).await;
    let mut bia_socket = open(&app, &bia, &bia_token, None).await.unwrap();
    app.call(Method::DELETE, "acme.localhost", &format!("/api/users/{}", bia.id), Some(&admin_token), None).await;
    assert_eq!(close_code(&mut bia_socket, Duration::from_secs(5)).await, Some(1008), "deleted");

    // The administrator heard that Bia went away when she logged out, and is otherwise unaffected.
    let away = next_event(&mut admin_socket, Duration::from_secs(5)).await.unwrap();
    assert_eq!((away["event"].as_str(), away["user_id"].as_i64()), (Some("UserDisconnected"), Some(bia.id as i64)));
    let status = next_event(&mut admin_socket, Duration::from_secs(5)).await.unwrap();
    assert_eq!((status["event"].as_str(), status["status"].as_str()), (Some("UserStatusChanged"), Some("offline")));
    admin_socket.send(ping(&admin)).await.unwrap();
    assert_eq!(
        next_event(&mut admin_socket, Duration::from_secs(5)).await.unwrap()["event"],
        "pong",
        "others unaffected"
    );
}

#[tokio::test]
async fn a_new_password_or_a_lockout_closes_the_users_sockets() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;

    let mut bia_socket = open(&app, &bia, &app.login(&bia).await, None).await.unwrap();
    let new_password = json!({ "password": "Nova#Senha!2026" });
    let changed = app
        .call(Method::PUT, "acme.localhost", &format!("/api/users/{}", bia.id), Some(&admin_token), Some(new_password))
        .await;
    assert_eq!(changed.status(), 200);
    assert_eq!(close_code(&mut bia_socket, Duration::from_secs(5)).await, Some(1008), "new password");

    let mut bia = bia;
    bia.password = "Nova#Senha!2026".into();
    let mut bia_socket = open(&app, &bia, &app.login(&bia).await, None).await.unwrap();
    for _ in 0..5 {
        let refused = app.login_response(&bia, "senha-errada").await;
        assert_eq!(refused.status(), 401);
    }
    assert_eq!(close_code(&mut bia_socket, Duration::from_secs(5)).await, Some(1008), "locked out");

    // An administrator changing only a name ends nobody's sockets.
    let mut admin_socket = open(&app, &admin, &admin_token, None).await.unwrap();
    let renamed = app
        .call(
            Method::PUT,
            "acme.localhost",
            &format!("/api/users/{}", admin.id),
            Some(&admin_token),
            Some(json!({ "name": "Ana Souza" })),
        )
        .await;
    assert_eq!(renamed.status(), 200);
    admin_socket.send(ping(&admin)).await.unwrap();
    assert_eq!(next_event(&mut admin_socket, Duration::from_secs(5)).await.unwrap()["event"], "pong");
}

#[tokio::test]
async fn a_flood_to_a_slow_client_does_not_delay_a_fast_one() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let instance = app.create_instance("acme", "WhatsApp Vendas").await;
    let fast = open(&app, &admin, &token, None).await.unwrap();
    // Never read until the flood is over: its queue and the TCP buffers fill up.
    let mut slow = open(&app, &admin, &token, None).await.unwrap();

    const EVENTS: i32 = 1_500;
    let message = "x".repeat(16 * 1024);
    let reader = tokio::spawn(async move {
        let mut fast = fast;
        let mut seen = Vec::new();
        while seen.len() < EVENTS as usize {
            match next_event(&mut fast, Duration::from_secs(10)).await {
                Some(event) => {
                    let notice = event["notice"].as_str().unwrap();
                    seen.push((notice.split(':').next().unwrap().parse::<i64>().unwrap(), Instant::now()))
                }
                None => break,
            }
        }
        seen
    });
    let tenant = TenantName::parse("acme").unwrap();
    let mut published_at = Vec::new();
    for chat_id in 0..EVENTS {
        published_at.push(Instant::now());
        let notice = Some(format!("{chat_id}:{message}"));
        let audience = Audience { instance_id: Some(instance), ..Audience::default() };
        app.state.bus.publish(&tenant, ChatNotification { ticket: None, message: None, notice }.to(audience));
        if chat_id % 10 == 9 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let seen = reader.await.unwrap();
    assert_eq!(seen.len(), EVENTS as usize, "the fast client got every event");
    assert!(seen.iter().enumerate().all(|(i, (id, _))| *id == i as i64), "in order");
    let worst = seen.iter().map(|(id, at)| at.duration_since(published_at[*id as usize])).max().unwrap();
    assert!(worst < Duration::from_secs(2), "the fast client was held back: worst delivery {worst:?}");

    // The slow one was dropped: it gets what was already buffered, then the 1013 close.
    let mut received = 0;
    let code = loop {
        match next(&mut slow, Duration::from_secs(5)).await {
            Next::Event(_) => received += 1,
            Next::Closed(frame) => break frame.map(|f| u16::from(f.code)),
            Next::Silent => panic!("the slow socket was neither closed nor fed"),
        }
    };
    assert!(received < EVENTS, "the slow client was dropped, not fed the whole flood ({received})");
    assert!(code.is_none() || code == Some(1013), "closed as too slow: {code:?}");
}

#[tokio::test]
async fn shutting_down_closes_sockets_with_going_away() {
    let mut app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let mut socket = open(&app, &admin, &token, None).await.unwrap();
    socket.send(ping(&admin)).await.unwrap();
    assert_eq!(next_event(&mut socket, Duration::from_secs(5)).await.unwrap()["event"], "pong");
    app.stop();
    assert_eq!(close_code(&mut socket, Duration::from_secs(5)).await, Some(1001));
}

#[tokio::test]
async fn two_replicas_sharing_redis_both_deliver_and_share_presence() {
    let app = TestApp::spawn_with_redis().await;
    let replica = app.replica().await;
    let admin = app.tenant_with_admin("acme").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let vendas = app.create_instance("acme", "WhatsApp Vendas").await;
    let admin_token = app.login(&admin).await;
    let bia_token = app.login(&bia).await;

    let mut on_first = open(&app, &admin, &admin_token, None).await.unwrap();
    let mut on_second = open_at(replica.address, &admin, &admin_token, None).await.unwrap();
    let mut bia_on_second = open_at(replica.address, &bia, &bia_token, None).await.unwrap();

    // Bia's only socket is on the second replica; the first one knows she is online.
    let query = json!({ "query": "{ onlineUsers { email } }" });
    let mut online = Value::Null;
    for _ in 0..50 {
        online = app
            .call(Method::POST, "acme.localhost", "/graphql", Some(&admin_token), Some(query.clone()))
            .await
            .json()
            .await
            .unwrap();
        if online["data"]["onlineUsers"].as_array().is_some_and(|u| u.iter().any(|u| u["email"] == "bia@acme.example"))
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        online["data"]["onlineUsers"].as_array().unwrap().iter().any(|u| u["email"] == "bia@acme.example"),
        "{online}"
    );

    // An event raised on the first replica reaches sockets on both.
    let update = json!({ "id": vendas, "status": "qrcode" });
    let response =
        app.call(Method::POST, "acme.localhost", "/api/instance/update", Some(&admin_token), Some(update)).await;
    assert_eq!(response.status(), 200);
    for socket in [&mut on_first, &mut on_second] {
        let event = next_event(socket, Duration::from_secs(5)).await.expect("an event on each replica");
        assert_eq!(event["event"], "InstanceUpdated");
        assert_eq!(event["instance"]["id"], vendas);
    }
    assert!(
        next_event(&mut bia_on_second, Duration::from_millis(300)).await.is_none(),
        "bia is not linked to the instance"
    );

    // Deleting Bia on the first replica closes her socket on the second.
    app.call(Method::DELETE, "acme.localhost", &format!("/api/users/{}", bia.id), Some(&admin_token), None).await;
    assert_eq!(close_code(&mut bia_on_second, Duration::from_secs(5)).await, Some(1008));
    on_second.send(ping(&admin)).await.unwrap();
    assert_eq!(next_event(&mut on_second, Duration::from_secs(5)).await.unwrap()["event"], "pong");
}

/// Resident memory of this process (the server runs in it), in KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_floods_pings_and_never_reads_is_cut_off_and_the_server_does_not_grow() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let (admin_token, bia_token) = (app.login(&admin).await, app.login(&bia).await);
    let mut calm = open(&app, &admin, &admin_token, None).await.unwrap();
    let flooder = open(&app, &bia, &bia_token, None).await.unwrap();
    let before = rss_kib();
    // Protocol pings as fast as the network takes them, for three seconds, never reading the pongs.
    let (mut sink, _never_read) = flooder.split();
    let flood = tokio::spawn(async move {
        let payload = vec![7u8; 125];
        let deadline = Instant::now() + Duration::from_secs(3);
        let mut sent = 0u64;
        while Instant::now() < deadline {
            if sink.send(Message::Ping(payload.clone().into())).await.is_err() {
                break;
            }
            sent += 1;
        }
        sent
    });
    // Meanwhile the other socket is answered as quickly as ever.
    for _ in 0..5 {
        let started = Instant::now();
        calm.send(ping(&admin)).await.unwrap();
        assert_eq!(next_event(&mut calm, Duration::from_secs(2)).await.unwrap()["event"], "pong");
        assert!(started.elapsed() < Duration::from_millis(500), "a pong took {:?}", started.elapsed());
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let sent = flood.await.unwrap();
    let grown_mb = rss_kib().saturating_sub(before) / 1024;
    eprintln!("ping flood: {sent} frames sent; resident memory grew {grown_mb} MB");
    assert!(grown_mb < 32, "the server grew by {grown_mb} MB under a ping flood");
    let deadline = Instant::now() + Duration::from_secs(5);
    while app.state.bus.socket_counts(&"acme".parse().unwrap(), bia.id).0 > 0 {
        assert!(Instant::now() < deadline, "the flooding socket is still open");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn frames_that_are_not_pings_are_tolerated_a_few_times_then_the_socket_closes() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let mut socket = open(&app, &admin, &token, None).await.unwrap();
    for i in 0..5 {
        socket.send(Message::Text(format!("lixo {i}").into())).await.unwrap();
    }
    socket.send(ping(&admin)).await.unwrap();
    assert_eq!(next_event(&mut socket, Duration::from_secs(2)).await.unwrap()["event"], "pong", "five are forgiven");
    socket.send(Message::Text("mais lixo".into())).await.unwrap();
    assert_eq!(close_code(&mut socket, Duration::from_secs(5)).await, Some(1008));
}

#[tokio::test]
async fn a_user_and_a_tenant_hold_a_bounded_number_of_sockets() {
    let app = TestApp::spawn_with(|config| {
        config.max_sockets_per_user = 2;
        config.max_sockets_per_tenant = 3;
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let (admin_token, bia_token) = (app.login(&admin).await, app.login(&bia).await);
    let _first = open(&app, &bia, &bia_token, None).await.unwrap();
    let _second = open(&app, &bia, &bia_token, None).await.unwrap();
    assert_eq!(open(&app, &bia, &bia_token, None).await.err(), Some(429), "a third tab of the same user");
    let _third = open(&app, &admin, &admin_token, None).await.unwrap();
    assert_eq!(open(&app, &admin, &admin_token, None).await.err(), Some(429), "a fourth socket of the tenant");
}

#[tokio::test]
async fn logging_out_ends_that_sessions_access_token_everywhere_and_only_that_session() {
    let app = TestApp::spawn_with_redis().await;
    let replica = app.replica().await;
    let bia = {
        app.tenant_with_admin("acme").await;
        app.create_user("acme", "bia@acme.example", "atendente").await
    };
    let phone = app.login(&bia).await;
    let laptop = app.login(&bia).await;
    let mut laptop_socket = open_at(replica.address, &bia, &laptop, None).await.unwrap();
    let logout =
        app.call(Method::POST, "acme.localhost", "/api/auth/logout", Some(&laptop), Some(json!({ "data": {} }))).await;
    assert_eq!(logout.status(), 200);

    // The replica that did not serve the logout refuses the token within a second.
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        let url = format!("http://{}/api/auth/userInfo", replica.address);
        let answer = app.client.get(url).header("host", "acme.localhost").bearer_auth(&laptop).send().await.unwrap();
        if answer.status() == 401 {
            assert_eq!(answer.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));
            break;
        }
        assert!(Instant::now() < deadline, "the other replica still accepts the logged-out token");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let here = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&laptop), None).await;
    assert_eq!(here.status(), 401);
    assert_eq!(close_code(&mut laptop_socket, Duration::from_secs(5)).await, Some(1008));
    assert_eq!(open(&app, &bia, &laptop, None).await.err(), Some(401), "reconnecting with it is refused");
    // The phone's session is another login: it goes on.
    let other = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&phone), None).await;
    assert_eq!(other.status(), 200);

    // A server started after the logout refuses the token too (it reads recent logouts at start).
    let late = app.replica().await;
    let url = format!("http://{}/api/auth/userInfo", late.address);
    let answer = app.client.get(url).header("host", "acme.localhost").bearer_auth(&laptop).send().await.unwrap();
    assert_eq!(answer.status(), 401);
}
