//! Login, refresh, logout and userInfo through the real HTTP surface: the spec's field names and
//! the 401 contract to the letter.

use reqwest::{Method, header::COOKIE};
use serde_json::{Value, json};

use crate::support::{TestApp, refresh_cookie};

#[tokio::test]
async fn a_user_logs_in_and_reads_their_info() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;

    let response = app.login_response(&admin, &admin.password).await;
    assert_eq!(response.status(), 200);
    let set_cookie: Vec<String> =
        response.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    assert!(set_cookie.iter().any(|c| c.starts_with("bo_refresh=") && c.contains("HttpOnly") && c.contains("Path=/")));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["origin_backoffice"], false);
    assert!(body.get("refresh_token").is_none(), "browsers get the refresh token only as a cookie");
    let routes: Vec<String> = serde_json::from_value(body["has_permission_routes"].clone()).unwrap();
    assert!(routes.contains(&"users".to_owned()) && routes.contains(&"home".to_owned()));
    let token = body["access_token"].as_str().unwrap();

    let info = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(token), None).await;
    assert_eq!(info.status(), 200);
    let info: Value = info.json().await.unwrap();
    assert_eq!(info["user"]["email"], "admin@acme.example");
    assert_eq!(info["user"]["role"]["name"], "administrador");
    assert_eq!(info["user"]["role"]["display_name"], "Administrador");
    assert!(info["user"]["userInstances"].is_array());
    assert!(info["user"].get("isConnected").is_some());
    assert!(info["user"].get("password_hash").is_none() && info["user"].get("password").is_none());
    assert_eq!(info["has_permission_routes"], body["has_permission_routes"]);
}

#[tokio::test]
async fn operators_log_in_with_origin_backoffice() {
    let app = TestApp::spawn().await;
    let operator = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let response = app.login_response(&operator, &operator.password).await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["origin_backoffice"], true);
}

#[tokio::test]
async fn every_login_failure_gives_the_same_message_and_is_recorded() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let mut ghost = admin.clone();
    ghost.email = "ninguem@acme.example".into();

    for (user, password) in [(&admin, "Errada#Senha!7"), (&ghost, "Qualquer#Uma!7")] {
        let response = app.login_response(user, password).await;
        assert_eq!(response.status(), 401);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "Email ou/e senha errado(s)");
        assert!(body.get("hint").is_none());
    }
    let bad = app.call(Method::POST, "acme.localhost", "/api/auth/login", None, Some(json!({ "email": 3 }))).await;
    assert_eq!(bad.status(), 400, "malformed bodies are 400, not 500");

    use backoffice::entities::tenant::login_failure;
    use sea_orm::EntityTrait;
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let failures = login_failure::Entity::find().all(&tx).await.unwrap();
    let reasons: Vec<&str> = failures.iter().map(|f| f.reason.as_str()).collect();
    assert_eq!(reasons, ["wrong_password", "unknown_email"]);
    assert_eq!(failures[0].user_id, Some(admin.id));
    assert_eq!(failures[0].client_addr, "127.0.0.1");
    assert_eq!(failures[0].body_ip.as_deref(), Some("203.0.113.5"));
    assert_eq!(failures[1].user_id, None);
}

#[tokio::test]
async fn the_401_bodies_follow_the_contract() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    app.tenant_with_admin("beta").await;
    let token = app.login(&admin).await;

    let none = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", None, None).await;
    assert_eq!(none.status(), 401);
    assert_eq!(none.json::<Value>().await.unwrap(), json!({ "status": "Authorization Token not found" }));

    let other_tenant = app.call(Method::GET, "beta.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(other_tenant.status(), 401);
    assert_eq!(other_tenant.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));

    let refresh = app.call(Method::POST, "acme.localhost", "/api/auth/refresh", None, None).await;
    assert_eq!(refresh.status(), 401);
    assert_eq!(refresh.json::<Value>().await.unwrap(), json!({ "status": "Token is Expired" }));
}

#[tokio::test]
async fn an_expired_access_token_is_refreshed_and_the_request_retried() {
    let app = TestApp::spawn_with(|config| config.access_token_ttl_seconds = 1).await;
    let admin = app.tenant_with_admin("acme").await;
    let login = app.login_response(&admin, &admin.password).await;
    let cookie = refresh_cookie(&login).unwrap();
    let token = login.json::<Value>().await.unwrap()["access_token"].as_str().unwrap().to_owned();
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;

    let expired = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(expired.status(), 401);
    assert_eq!(expired.json::<Value>().await.unwrap(), json!({ "errors": [{ "message": "Token has expired" }] }));

    let refreshed = app
        .client
        .post(app.url("/api/auth/refresh"))
        .header("host", "acme.localhost")
        .header(COOKIE, format!("bo_refresh={cookie}"))
        .send()
        .await
        .unwrap();
    assert_eq!(refreshed.status(), 200);
    let rotated = refresh_cookie(&refreshed).expect("a new refresh cookie");
    assert_ne!(rotated, cookie);
    let new_token = refreshed.json::<Value>().await.unwrap()["refreshToken"]["token"].as_str().unwrap().to_owned();
    let retried = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&new_token), None).await;
    assert_eq!(retried.status(), 200);
}

async fn refresh_with(app: &TestApp, host: &str, cookie: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/refresh"))
        .header("host", host)
        .header(COOKIE, format!("bo_refresh={cookie}"))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn reusing_a_rotated_refresh_token_revokes_the_whole_family() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let first = refresh_cookie(&app.login_response(&admin, &admin.password).await).unwrap();
    let second = refresh_cookie(&refresh_with(&app, "acme.localhost", &first).await).unwrap();

    let replay = refresh_with(&app, "acme.localhost", &first).await;
    assert_eq!(replay.status(), 401);
    assert_eq!(replay.json::<Value>().await.unwrap(), json!({ "status": "Token is Expired" }));
    let legit = refresh_with(&app, "acme.localhost", &second).await;
    assert_eq!(legit.status(), 401, "the family is revoked: the thief's copy and the owner's both stop");
}

#[tokio::test]
async fn a_refresh_token_of_one_tenant_is_useless_on_another() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    app.tenant_with_admin("beta").await;
    let cookie = refresh_cookie(&app.login_response(&admin, &admin.password).await).unwrap();
    assert_eq!(refresh_with(&app, "beta.localhost", &cookie).await.status(), 401);
    assert_eq!(refresh_with(&app, "acme.localhost", &cookie).await.status(), 200);
}

#[tokio::test]
async fn logout_revokes_the_refresh_token_even_with_an_expired_access_token() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let login = app.login_response(&admin, &admin.password).await;
    let cookie = refresh_cookie(&login).unwrap();
    let logout = app
        .client
        .post(app.url("/api/auth/logout"))
        .header("host", "acme.localhost")
        .header(COOKIE, format!("bo_refresh={cookie}"))
        .bearer_auth("expired.or.garbage")
        .json(&json!({ "data": { "email": admin.email }, "ip": null }))
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), 200);
    assert_eq!(refresh_with(&app, "acme.localhost", &cookie).await.status(), 401);
}

#[tokio::test]
async fn api_clients_can_take_the_refresh_token_in_the_body() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let body = json!({ "email": admin.email, "password": admin.password, "ip": null, "refresh_in_body": true });
    let login: Value =
        app.call(Method::POST, "acme.localhost", "/api/auth/login", None, Some(body)).await.json().await.unwrap();
    let refresh = login["refresh_token"].as_str().unwrap();
    let refreshed = app
        .call(Method::POST, "acme.localhost", "/api/auth/refresh", None, Some(json!({ "refresh_token": refresh })))
        .await;
    assert_eq!(refreshed.status(), 200);
    let refreshed: Value = refreshed.json().await.unwrap();
    assert!(refreshed["refreshToken"]["token"].is_string() && refreshed["refresh_token"].is_string());
}

#[tokio::test]
async fn changing_the_password_ends_every_session() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let cookie = refresh_cookie(&app.login_response(&admin, &admin.password).await).unwrap();
    let db = app.tenant_db("acme").await;
    let unit = backoffice::domain::unit::Unit::begin(&db, std::sync::Arc::new(app.state.bus.clone())).await.unwrap();
    let account = backoffice::domain::users::find(&unit, admin.id).await.unwrap();
    backoffice::domain::users::account::change_after_login(&unit, &account, "Outra#Senha!42").await.unwrap();
    unit.commit().await.unwrap();

    let old = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(old.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));
    assert_eq!(refresh_with(&app, "acme.localhost", &cookie).await.status(), 401);
    let mut renewed = admin.clone();
    renewed.password = "Outra#Senha!42".into();
    app.login(&renewed).await;
}
