//! What every request reads is cached in each process (docs/performance.md#caches); changes that
//! matter for security reach every replica within a second: a deleted user, a role losing a route,
//! a deleted tenant (its open sockets closed too), a changed feature — each made on one replica,
//! refused on the other.

use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{TestApp, app::Replica, socket};

const HOST: &str = "acme.localhost";

/// A GET on the replica (the second process).
async fn get_on_replica(replica: &Replica, path: &str, host: &str, token: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(format!("http://{}{path}", replica.address))
        .header("host", host)
        .bearer_auth(token)
        .send()
        .await
        .expect("request sent")
}

/// The status of a GET on the replica.
async fn on_replica(replica: &Replica, path: &str, host: &str, token: &str) -> StatusCode {
    get_on_replica(replica, path, host, token).await.status()
}

/// How long until the replica answers `expected` (polled every 10 ms; gives up after 3 s).
async fn until_replica_answers(replica: &Replica, path: &str, host: &str, token: &str, expected: u16) -> Duration {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        if on_replica(replica, path, host, token).await.as_u16() == expected {
            return started.elapsed();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{path} on the replica never answered {expected}");
}

#[tokio::test]
async fn security_changes_made_on_one_replica_hold_on_the_other_within_a_second() {
    let app = TestApp::spawn_with_redis().await;
    let replica = app.replica().await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    let bia = app.create_user("acme", "bia@acme.example", "supervisor").await;
    let bia_token = app.login(&bia).await;
    let caio = app.create_user("acme", "caio@acme.example", "atendente").await;
    let caio_token = app.login(&caio).await;

    let roles: Value =
        app.call(Method::GET, HOST, "/api/permission", Some(&admin_token), None).await.json().await.unwrap();
    let supervisor = roles.as_array().unwrap().iter().find(|r| r["name"] == "supervisor").unwrap()["id"].clone();
    let set_routes = |routes: &[&str]| {
        let update = json!({ "roleId": supervisor, "permissions": routes });
        app.call(Method::POST, HOST, "/api/permission/update", Some(&admin_token), Some(update))
    };
    assert_eq!(set_routes(&["home", "users"]).await.status(), 200);

    // The replica has everything cached: both users' auth state and the tenant.
    assert_eq!(on_replica(&replica, "/api/auth/userInfo", HOST, &bia_token).await, 200);
    until_replica_answers(&replica, "/api/users", HOST, &bia_token, 200).await;
    assert_eq!(on_replica(&replica, "/api/auth/userInfo", HOST, &caio_token).await, 200);

    // A deleted user: the other replica refuses their token.
    let deleted = app.call(Method::DELETE, HOST, &format!("/api/users/{}", caio.id), Some(&admin_token), None).await;
    assert!(deleted.status().is_success());
    let took = until_replica_answers(&replica, "/api/auth/userInfo", HOST, &caio_token, 401).await;
    assert!(took < Duration::from_secs(1), "deletion took {took:?}");

    // A role losing a route: the other replica closes it.
    let roles: Value =
        app.call(Method::GET, HOST, "/api/permission", Some(&admin_token), None).await.json().await.unwrap();
    let supervisor = roles.as_array().unwrap().iter().find(|r| r["name"] == "supervisor").unwrap()["id"].clone();
    let update = json!({ "roleId": supervisor, "permissions": ["home", "user-settings", "two-factor"] });
    let updated = app.call(Method::POST, HOST, "/api/permission/update", Some(&admin_token), Some(update)).await;
    assert_eq!(updated.status(), 200);
    let took = until_replica_answers(&replica, "/api/users", HOST, &bia_token, 403).await;
    assert!(took < Duration::from_secs(1), "the role change took {took:?}");

    // A deleted tenant: its hosts stop resolving on the other replica.
    let ops = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let ops_token = app.login(&ops).await;
    let tenant = backoffice::domain::tenants::find_by_name(
        app.dbs().control(),
        &backoffice::tenancy::TenantName::parse("acme").unwrap(),
    )
    .await
    .unwrap();
    // Bia's sockets on both replicas: a deleted tenant's open sockets close too.
    let mut here = socket::open(&app, &bia, &bia_token, None).await.expect("socket on the first replica");
    let mut there = socket::open_at(replica.address, &bia, &bia_token, None).await.expect("socket on the replica");
    let deleted = app
        .call(
            Method::POST,
            "backoffice.localhost",
            "/api/tenant/delete",
            Some(&ops_token),
            Some(json!({ "id": tenant.id })),
        )
        .await;
    assert_eq!(deleted.status(), 200);
    let took = until_replica_answers(&replica, "/api/auth/userInfo", HOST, &bia_token, 404).await;
    assert!(took < Duration::from_secs(1), "the tenant deletion took {took:?}");
    assert_eq!(socket::close_code(&mut here, Duration::from_secs(1)).await, Some(1008), "closed where it was deleted");
    assert_eq!(socket::close_code(&mut there, Duration::from_secs(1)).await, Some(1008), "closed on the other replica");
}

#[tokio::test]
async fn a_feature_switched_off_closes_its_routes_at_once() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let settings = format!("/api/user-settings/{}", admin.id);
    let enroll = || app.call(Method::PATCH, HOST, &settings, Some(&token), Some(json!({ "action": "enroll" })));
    assert_eq!(enroll().await.status(), 200, "cached with the feature on");
    let tenant = backoffice::domain::tenants::find_by_name(
        app.dbs().control(),
        &backoffice::tenancy::TenantName::parse("acme").unwrap(),
    )
    .await
    .unwrap();
    backoffice::domain::tenants::set_feature(app.dbs().control(), &tenant, "two_factor", false, &app.state.bus)
        .await
        .unwrap();
    let refused = enroll().await;
    assert_eq!(refused.status(), 403);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "feature_disabled");
}

/// `userInfo` is kept with the cached auth state, yet shows at once what changed it: the user's
/// department renamed and switched off, their instance renamed, a new department for them.
#[tokio::test]
async fn who_am_i_shows_a_renamed_department_or_instance_at_once() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    let instance = app.create_instance("acme", "WhatsApp Vendas").await;
    let call = |method: Method, path: &'static str, body: Option<Value>| {
        let (app, token) = (&app, admin_token.clone());
        async move {
            let response = app.call(method, HOST, path, Some(&token), body).await;
            (response.status(), response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let (status, department) = call(Method::POST, "/api/departments", Some(json!({ "name": "Suporte" }))).await;
    assert_eq!(status, 201, "{department}");
    let (_, roles) = call(Method::GET, "/api/permission", None).await;
    let attendant = roles.as_array().unwrap().iter().find(|r| r["name"] != "admin").unwrap()["id"].clone();
    let body = json!({ "name": "Ana", "email": "ana@acme.example", "password": "Senha#Forte!9", "role_id": attendant,
        "chosen_instances": [instance], "user_department_id": department["id"] });
    let (status, created) = call(Method::POST, "/api/users", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let ana = crate::support::TestUser {
        id: created["id"].as_i64().unwrap() as i32,
        tenant: "acme".into(),
        email: "ana@acme.example".into(),
        password: "Senha#Forte!9".into(),
    };
    let token = app.login(&ana).await;
    let me = || async {
        let response = app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&token), None).await;
        assert_eq!(response.status(), 200);
        response.json::<Value>().await.unwrap()["user"].clone()
    };
    let first = me().await;
    assert_eq!(first["userDepartment"]["name"], "Suporte");
    assert_eq!(first["userInstances"][0]["instance"]["name"], "WhatsApp Vendas");
    assert_eq!(me().await, first, "asked again, the same");

    let path = format!("/api/departments/{}", department["id"]);
    let response = app
        .call(Method::PUT, HOST, &path, Some(&admin_token), Some(json!({ "name": "Suporte N2", "activated": false })))
        .await;
    assert_eq!(response.status(), 200);
    let renamed = me().await;
    assert_eq!(renamed["userDepartment"]["name"], "Suporte N2");
    assert_eq!(renamed["userDepartment"]["activated"], false);

    let (status, _) = call(
        Method::POST,
        "/api/instance/update",
        Some(json!({ "id": instance, "name": "WhatsApp Pós-venda", "activated": false })),
    )
    .await;
    assert_eq!(status, 200);
    let relinked = me().await;
    assert_eq!(relinked["userInstances"][0]["instance"]["name"], "WhatsApp Pós-venda");
    assert_eq!(relinked["userInstances"][0]["instance"]["activated"], false);
}

/// The tabs' counts a replica answers for `token`.
async fn replica_counts(replica: &Replica, token: &str) -> Value {
    let page: Value = get_on_replica(replica, "/api/tickets?limit=1", HOST, token).await.json().await.expect("a page");
    page["counts"].clone()
}

/// How long until the replica's counts of `status` are `expected` (polled every 10 ms).
async fn until_replica_counts(replica: &Replica, token: &str, status: &str, expected: u64) -> Duration {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        if replica_counts(replica, token).await[status] == expected {
            return started.elapsed();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the replica never counted {expected} {status}");
}

/// Two replicas sharing Redis, a tenant with its administrator's token, and an instance whose
/// provider is a fake one.
struct Inbox {
    app: TestApp,
    replica: Replica,
    token: String,
    provider: crate::support::provider::FakeProvider,
    instance: i32,
}

async fn inbox_on_two_replicas() -> Inbox {
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        if config.redis_url.is_none() {
            config.redis_url = Some(crate::support::app::test_redis_url().parse().expect("TEST_REDIS_URL is a URL"));
            config.redis_prefix = format!("test-{}", backoffice::random::random_token(12));
        }
    })
    .await;
    let replica = app.replica().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = crate::support::provider::FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "WhatsApp Vendas", &provider).await;
    Inbox { app, replica, token, provider, instance }
}

#[tokio::test]
async fn queue_counts_remembered_by_a_replica_follow_tickets_moved_on_the_other() {
    use crate::support::provider::{customer_message, push};
    let Inbox { app, replica, token, provider: _provider, instance } = inbox_on_two_replicas().await;
    assert_eq!(replica_counts(&replica, &token).await["pending"], 0, "remembered by the replica");

    let pushed = push(&app, HOST, instance, "evt-r1", &customer_message("r1", "+55 11 92222-0001", "Rita", "Oi")).await;
    assert_eq!(pushed.status(), 200);
    let took = until_replica_counts(&replica, &token, "pending", 1).await;
    assert!(took < Duration::from_secs(1), "a new ticket took {took:?}");

    let page: Value = app.call(Method::GET, HOST, "/api/tickets", Some(&token), None).await.json().await.unwrap();
    let id = page["data"][0]["id"].as_i64().unwrap();
    let accepted = app.call(Method::POST, HOST, &format!("/api/tickets/{id}/accept"), Some(&token), None).await;
    assert_eq!(accepted.status(), 200);
    let took = until_replica_counts(&replica, &token, "mine", 1).await;
    assert!(took < Duration::from_secs(1), "an accepted ticket took {took:?}");
    assert_eq!(replica_counts(&replica, &token).await["pending"], 0);
}

/// A customer's message signed with `secret`, posted to the replica; its status.
async fn push_to_replica(replica: &Replica, instance: i32, event_id: &str, secret: &str) -> u16 {
    use crate::support::provider::{customer_message, post_signed};
    let event = customer_message(event_id, "+55 11 93333-0001", "Rui", "Oi");
    let url = format!("http://{}/api/instance/{instance}/events", replica.address);
    let timestamp = chrono::Utc::now().timestamp();
    post_signed(&reqwest::Client::new(), &url, HOST, event_id, &event, secret, timestamp).await.status().as_u16()
}

/// The provider endpoint keeps each instance with its opened secret; a secret changed on one replica
/// is what the other checks within a second — the old one refused, the new one accepted.
#[tokio::test]
async fn a_provider_secret_changed_on_one_replica_is_the_one_the_other_checks() {
    use crate::support::provider::SECRET;
    let Inbox { app, replica, token, provider, instance } = inbox_on_two_replicas().await;
    assert_eq!(push_to_replica(&replica, instance, "evt-old-1", SECRET).await, 200, "the replica keeps the instance");

    let rotated = "novo-segredo-do-provedor";
    let body = json!({ "id": instance, "providerBaseUrl": provider.base_url(), "providerSecret": rotated });
    let changed = app.call(Method::POST, HOST, "/api/instance/update", Some(&token), Some(body)).await;
    assert_eq!(changed.status(), 200);

    let started = Instant::now();
    let mut attempt = 0;
    loop {
        attempt += 1;
        if push_to_replica(&replica, instance, &format!("evt-old-{}", attempt + 1), SECRET).await == 401 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(1), "the replica still took the old secret after a second");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(push_to_replica(&replica, instance, "evt-new-1", rotated).await, 200, "the new secret is accepted");
}

/// The company's audit settings are kept by each replica (every opening of a conversation asks
/// them); turned on at one replica, the other records the next reading of someone else's
/// conversation within a second.
#[tokio::test]
async fn audit_settings_saved_on_one_replica_hold_on_the_other_within_a_second() {
    use crate::support::provider::{customer_message, push};
    let Inbox { app, replica, token, provider: _provider, instance: instance_id } = inbox_on_two_replicas().await;
    let pushed =
        push(&app, HOST, instance_id, "evt-a1", &customer_message("a1", "+55 11 94444-0001", "Rosa", "Oi")).await;
    assert_eq!(pushed.status(), 200);
    let page: Value = app.call(Method::GET, HOST, "/api/tickets", Some(&token), None).await.json().await.unwrap();
    let id = page["data"][0]["id"].as_i64().unwrap();

    // Ana, an attendant of the number, takes the ticket; the administrator reads it on the replica.
    let roles: Value = app.call(Method::GET, HOST, "/api/permission", Some(&token), None).await.json().await.unwrap();
    let attendant = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    let body = json!({ "name": "Ana", "email": "ana@acme.example", "password": "Senha#Forte!9", "role_id": attendant,
        "chosen_instances": [instance_id] });
    let created = app.call(Method::POST, HOST, "/api/users", Some(&token), Some(body)).await;
    assert_eq!(created.status(), 201);
    let ana = crate::support::TestUser {
        id: created.json::<Value>().await.unwrap()["id"].as_i64().unwrap() as i32,
        tenant: "acme".into(),
        email: "ana@acme.example".into(),
        password: "Senha#Forte!9".into(),
    };
    let ana_token = app.login(&ana).await;
    let accepted = app.call(Method::POST, HOST, &format!("/api/tickets/{id}/accept"), Some(&ana_token), None).await;
    assert_eq!(accepted.status(), 200);
    let conversation = format!("/api/tickets/{id}/messages");
    let reads = || async {
        let log: Value = app.call(Method::GET, HOST, "/api/audit", Some(&token), None).await.json().await.unwrap();
        log["data"].as_array().unwrap().iter().filter(|e| e["action"] == "tickets_conversation_read").count()
    };
    assert_eq!(get_on_replica(&replica, &conversation, HOST, &token).await.status(), 200);
    assert_eq!(reads().await, 0, "off by default: the replica now keeps that");

    let saved = app
        .call(Method::PUT, HOST, "/api/audit/settings", Some(&token), Some(json!({ "conversationReads": true })))
        .await;
    assert_eq!(saved.status(), 200);
    let started = Instant::now();
    loop {
        assert_eq!(get_on_replica(&replica, &conversation, HOST, &token).await.status(), 200);
        if reads().await == 1 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(1), "the replica still kept the old settings after a second");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
