//! Consecutive failures block an account; an administrator unblocks it. Per-address limits answer
//! 429 with Retry-After, and stop one address from locking out accounts faster than the account
//! rule allows.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{TestApp, TestUser};

async fn attempt_from(app: &TestApp, user: &TestUser, password: &str, addr: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/login"))
        .header("host", user.host())
        .header("x-forwarded-for", addr)
        .json(&json!({ "email": user.email, "password": password, "ip": addr }))
        .send()
        .await
        .unwrap()
}

fn behind_proxy(config: &mut backoffice::config::Config) {
    config.trusted_proxies = "127.0.0.1".parse().unwrap();
}

#[tokio::test]
async fn five_wrong_passwords_block_the_user_until_an_administrator_unblocks() {
    let app = TestApp::spawn_with(behind_proxy).await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;

    for i in 0..5 {
        let response = attempt_from(&app, &agent, "Errada#Senha!7", &format!("198.51.100.{i}")).await;
        assert_eq!(response.status(), 401);
    }
    let blocked = attempt_from(&app, &agent, &agent.password, "198.51.100.50").await;
    assert_eq!(blocked.status(), 401);
    let body: Value = blocked.json().await.unwrap();
    assert_eq!(body["message"], "Email ou/e senha errado(s)");
    assert!(body["hint"].as_str().unwrap().contains("bloqueada"), "the right password learns why");
    let wrong = attempt_from(&app, &agent, "Errada#Senha!7", "198.51.100.51").await;
    assert!(wrong.json::<Value>().await.unwrap().get("hint").is_none(), "a wrong password learns nothing");

    let unblock = app
        .call(Method::PATCH, "acme.localhost", &format!("/api/users/{}", agent.id), Some(&admin_token), Some(json!({})))
        .await;
    assert_eq!(unblock.status(), 200);
    assert_eq!(unblock.json::<Value>().await.unwrap()["blocked"], false);
    assert_eq!(attempt_from(&app, &agent, &agent.password, "198.51.100.52").await.status(), 200);
}

#[tokio::test]
async fn an_agent_cannot_unblock_anyone() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&agent).await;
    let response =
        app.call(Method::PATCH, "acme.localhost", &format!("/api/users/{}", agent.id), Some(&token), None).await;
    assert_eq!(response.status(), 403);
}

#[tokio::test]
async fn one_address_gets_429_before_it_can_lock_out_a_third_account() {
    let app = TestApp::spawn_with(behind_proxy).await;
    app.tenant_with_admin("acme").await;
    let victims: Vec<TestUser> = futures::future::join_all(
        ["a@acme.example", "b@acme.example", "c@acme.example"].map(|email| app.create_user("acme", email, "atendente")),
    )
    .await;
    let attacker = "203.0.113.66";
    let mut limited = None;
    'outer: for victim in &victims {
        for _ in 0..5 {
            let response = attempt_from(&app, victim, "Chute#Errado!1", attacker).await;
            if response.status() == 429 {
                limited = Some(response);
                break 'outer;
            }
        }
    }
    let limited = limited.expect("the attacker's address was limited");
    let retry_after: u64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry_after));
    assert_eq!(limited.json::<Value>().await.unwrap()["code"], "rate_limited");

    let third = &victims[2];
    let response = attempt_from(&app, third, &third.password, "192.0.2.10").await;
    assert_eq!(response.status(), 200, "the third account was never locked");
}

#[tokio::test]
async fn the_forwarded_address_is_ignored_without_a_trusted_proxy() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    for i in 0..10 {
        // A client rotating X-Forwarded-For still counts as its real address.
        attempt_from(&app, &admin, "Chute#Errado!1", &format!("192.0.2.{i}")).await;
    }
    let response = attempt_from(&app, &admin, &admin.password, "192.0.2.200").await;
    assert_eq!(response.status(), 429);
}
