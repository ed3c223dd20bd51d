//! Consecutive failures block an account; an administrator unblocks it. Per-address limits answer
//! 429 with Retry-After, and stop one address from locking out accounts faster than the account
//! rule allows.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{TestApp, TestUser};

/// The administrator limits count in fixed windows aligned on the clock (`ratelimit`), so a test
/// that straddles a boundary sees two windows' worth of guesses (it failed so in CI at 12:00:00).
/// Tests about one window start well inside one.
async fn well_inside_one_admin_window() {
    let window = backoffice::domain::auth::login::ADMIN_WINDOW.as_secs();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let left = window - now % window;
    if left < 45 {
        tokio::time::sleep(std::time::Duration::from_secs(left + 1)).await;
    }
}

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
async fn a_blocked_account_answers_the_right_password_exactly_like_a_wrong_one() {
    let app = TestApp::spawn_with(behind_proxy).await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;

    for i in 0..5 {
        let response = attempt_from(&app, &agent, "Errada#Senha!7", &format!("198.51.100.{i}")).await;
        assert_eq!(response.status(), 401);
    }
    let right = attempt_from(&app, &agent, &agent.password, "198.51.100.50").await;
    let wrong = attempt_from(&app, &agent, "Errada#Senha!7", "198.51.100.51").await;
    assert_eq!((right.status().as_u16(), wrong.status().as_u16()), (401, 401));
    let (right, wrong): (Value, Value) = (right.json().await.unwrap(), wrong.json().await.unwrap());
    assert_eq!(right, wrong, "no oracle: the right password learns nothing more than a wrong one");
    assert_eq!(right, json!({ "code": "invalid_credentials", "message": "Email ou/e senha errado(s)", "errors": [] }));

    let unblock = app
        .call(Method::PATCH, "acme.localhost", &format!("/api/users/{}", agent.id), Some(&admin_token), Some(json!({})))
        .await;
    assert_eq!(unblock.status(), 200);
    assert_eq!(unblock.json::<Value>().await.unwrap()["blocked"], false);
    assert_eq!(attempt_from(&app, &agent, &agent.password, "198.51.100.52").await.status(), 200);
}

/// The reasons recorded for an account's failed logins, oldest first.
async fn failure_reasons(app: &TestApp, user: &TestUser) -> Vec<String> {
    use backoffice::entities::tenant::login_failure;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    let db = app.tenant_db(&user.tenant).await;
    let tx = db.begin().await.unwrap();
    let rows = login_failure::Entity::find()
        .filter(login_failure::Column::UserId.eq(user.id))
        .order_by_asc(login_failure::Column::Id)
        .all(&tx)
        .await
        .unwrap();
    rows.into_iter().map(|r| r.reason).collect()
}

#[tokio::test]
async fn blocks_expire_and_each_block_in_a_row_lasts_twice_the_last() {
    use backoffice::entities::tenant::user;
    use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
    let app = TestApp::spawn_with(behind_proxy).await;
    app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let db = app.tenant_db("acme").await;
    let lock = |round: u8| {
        let (app, agent) = (&app, &agent);
        async move {
            for i in 0..5 {
                attempt_from(app, agent, "Errada#Senha!7", &format!("198.51.{round}.{i}")).await;
            }
        }
    };
    let row = || async {
        let tx = db.begin().await.unwrap();
        user::Entity::find_by_id(agent.id).one(&tx).await.unwrap().unwrap()
    };
    let expire = |found: user::Model| async {
        let tx = db.begin().await.unwrap();
        let mut active = found.into_active_model();
        active.locked_until = Set(Some(chrono::Utc::now() - chrono::Duration::seconds(1)));
        active.update(&tx).await.unwrap();
        tx.commit().await.unwrap();
    };

    lock(1).await;
    let first = row().await;
    let minutes = |u: &user::Model| (u.locked_until.unwrap() - u.blocked_at.unwrap()).num_minutes();
    assert_eq!(minutes(&first), 15);
    expire(first).await;
    // The block ran out: the account works again by itself, no administrator needed...
    lock(2).await;
    // ...but guessing again right away blocks it for twice as long.
    let second = row().await;
    assert_eq!(minutes(&second), 30);
    expire(second).await;
    assert_eq!(attempt_from(&app, &agent, &agent.password, "198.51.3.1").await.status(), 200);
    let after_success = row().await;
    assert_eq!((after_success.lockouts, after_success.blocked_at), (0, None), "a login starts the count over");
}

#[tokio::test]
async fn guesses_on_one_account_stay_few_however_many_addresses_they_come_from() {
    well_inside_one_admin_window().await;
    let app = TestApp::spawn_with(behind_proxy).await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    // Fifty addresses, one guess each, on each account: the attack the probe made.
    for user in [&agent, &admin] {
        for i in 0..50 {
            let response = attempt_from(&app, user, &format!("Chute#{i}!x"), &format!("203.0.{}.{i}", user.id)).await;
            assert_eq!(response.status(), 401);
        }
    }
    let checked = |reasons: &[String]| reasons.iter().filter(|r| *r == "wrong_password" || *r == "locked_out").count();
    let agent_reasons = failure_reasons(&app, &agent).await;
    assert_eq!(checked(&agent_reasons), 5, "an attendant's password is checked five times, then the account blocks");
    let admin_reasons = failure_reasons(&app, &admin).await;
    assert_eq!(checked(&admin_reasons), 20, "an administrator's password is checked at most twenty times per window");
    assert!(admin_reasons.iter().all(|r| r != "locked_out"), "and strangers never block an administrator");
}

#[tokio::test]
async fn strangers_cannot_lock_a_tenants_administrator_out() {
    well_inside_one_admin_window().await;
    let app = TestApp::spawn_with(behind_proxy).await;
    let admin = app.tenant_with_admin("acme").await;
    // The administrator works from the office; they logged in from there before.
    assert_eq!(attempt_from(&app, &admin, &admin.password, "192.0.2.10").await.status(), 200);
    // One stranger guesses five times from one address, then thirty more from thirty others.
    for _ in 0..5 {
        attempt_from(&app, &admin, "Chute#Errado!1", "198.51.100.99").await;
    }
    for i in 0..30 {
        attempt_from(&app, &admin, "Chute#Errado!1", &format!("203.0.113.{i}")).await;
    }
    assert_eq!(
        attempt_from(&app, &admin, &admin.password, "192.0.2.10").await.status(),
        200,
        "the administrator still logs in from their own address"
    );
    assert_eq!(
        attempt_from(&app, &admin, &admin.password, "198.51.100.99").await.status(),
        401,
        "an address that guessed wrong five times is refused for this account, even with the right password"
    );
}

#[tokio::test]
async fn operators_unblock_a_user_of_any_tenant_by_email() {
    let app = TestApp::spawn_with(behind_proxy).await;
    app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    for i in 0..5 {
        attempt_from(&app, &agent, "Errada#Senha!7", &format!("198.51.100.{i}")).await;
    }
    assert_eq!(attempt_from(&app, &agent, &agent.password, "198.51.100.20").await.status(), 401);
    let operator = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let token = app.login(&operator).await;
    let body = json!({ "tenantName": "acme", "email": "bia@acme.example" });
    let response =
        app.call(Method::POST, "backoffice.localhost", "/api/tenant/unblock-user", Some(&token), Some(body)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap()["blocked"], false);
    assert_eq!(attempt_from(&app, &agent, &agent.password, "198.51.100.21").await.status(), 200);
    // A tenant's own administrator cannot use the operators' way in.
    let acme_admin = app.login(&app.create_user("acme", "chefe@acme.example", "administrador").await).await;
    let body = json!({ "tenantName": "acme", "email": "bia@acme.example" });
    let refused =
        app.call(Method::POST, "acme.localhost", "/api/tenant/unblock-user", Some(&acme_admin), Some(body)).await;
    assert_eq!(refused.status(), 403);
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
