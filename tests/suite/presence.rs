//! A stolen access token must not become a permanent takeover: changing the password or
//! two-factor needs proof that the caller is the person (the current password, or a password
//! login of the last five minutes), on GraphQL as on REST, one field call per request; and a
//! two-factor challenge dies with the password it proved.

use backoffice::domain::auth::two_factor::code_at;
use reqwest::{Method, header::COOKIE};
use serde_json::{Value, json};

use crate::support::{TestApp, TestUser, refresh_cookie};

const CHANGE: &str =
    "mutation($p: String!, $c: String) { updateUserPassword(password: $p, currentPassword: $c) { token } }";

fn now() -> u64 {
    chrono::Utc::now().timestamp() as u64
}

async fn gql(app: &TestApp, token: &str, query: &str, variables: Value) -> (reqwest::header::HeaderMap, Value) {
    let response = app
        .call(
            Method::POST,
            "acme.localhost",
            "/graphql",
            Some(token),
            Some(json!({ "query": query, "variables": variables })),
        )
        .await;
    let headers = response.headers().clone();
    (headers, response.json().await.unwrap())
}

/// A token that no password login issued: the login's, refreshed once (what a thief holding a
/// session's cookie or a leaked token from a long-running tab has).
async fn refreshed_token(app: &TestApp, user: &TestUser) -> String {
    let login = app.login_response(user, &user.password).await;
    let cookie = refresh_cookie(&login).unwrap();
    let refreshed = app
        .client
        .post(app.url("/api/auth/refresh"))
        .header("host", user.host())
        .header(COOKIE, format!("bo_refresh={cookie}"))
        .send()
        .await
        .unwrap();
    assert_eq!(refreshed.status(), 200);
    refreshed.json::<Value>().await.unwrap()["refreshToken"]["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_token_without_a_recent_login_changes_the_password_only_with_the_current_one() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = refreshed_token(&app, &admin).await;

    let (_, bare) = gql(&app, &token, CHANGE, json!({ "p": "Nova#Senha!84" })).await;
    assert_eq!(bare["errors"][0]["extensions"]["code"], "reauthentication_required", "{bare}");
    let (_, wrong) = gql(&app, &token, CHANGE, json!({ "p": "Nova#Senha!84", "c": "não é a senha" })).await;
    assert_eq!(wrong["errors"][0]["extensions"]["code"], "invalid_current_password", "{wrong}");
    let (_, same) = gql(&app, &token, CHANGE, json!({ "p": admin.password, "c": admin.password })).await;
    assert_eq!(same["errors"][0]["extensions"]["code"], "same_password", "{same}");
    // Nothing changed so far: the password still logs in.
    assert_eq!(app.login_response(&admin, &admin.password).await.status(), 200);

    let (_, changed) = gql(&app, &token, CHANGE, json!({ "p": "Nova#Senha!84", "c": admin.password })).await;
    assert!(changed["data"]["updateUserPassword"]["token"].is_string(), "{changed}");
    assert_eq!(app.login_response(&admin, &admin.password).await.status(), 401, "the old password stopped working");
}

#[tokio::test]
async fn a_fresh_login_changes_the_password_as_the_specification_signature_says_but_not_to_the_same() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let (_, same) = gql(&app, &token, CHANGE, json!({ "p": admin.password })).await;
    assert_eq!(same["errors"][0]["extensions"]["code"], "same_password", "{same}");
    let (_, changed) = gql(&app, &token, CHANGE, json!({ "p": "Nova#Senha!84" })).await;
    assert!(changed["data"]["updateUserPassword"]["token"].is_string(), "{changed}");
}

#[tokio::test]
async fn aliased_repeats_of_a_password_field_are_refused_after_the_first() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let aliases: String = (0..40)
        .map(|n| {
            format!(
                "a{n}: updateUserPassword(password: \"Outra#Senha!{n}x\", currentPassword: \"errada\") {{ token }} "
            )
        })
        .collect();
    let (_, answer) = gql(&app, &token, &format!("mutation {{ {aliases} }}"), json!({})).await;
    let codes: Vec<&str> =
        answer["errors"].as_array().unwrap().iter().filter_map(|e| e["extensions"]["code"].as_str()).collect();
    assert_eq!(codes.len(), 40, "{answer}");
    assert_eq!(codes.iter().filter(|c| **c == "repeated_field").count(), 39, "only one alias ran: {codes:?}");
    let logins = format!(
        "mutation {{ {} }}",
        (0..5)
            .map(|n| format!("l{n}: logIn(email: \"x@acme.example\", password: \"x\") {{ token }} "))
            .collect::<String>()
    );
    let (_, answer) = gql(&app, &token, &logins, json!({})).await;
    let repeated =
        answer["errors"].as_array().unwrap().iter().filter(|e| e["extensions"]["code"] == "repeated_field").count();
    assert_eq!(repeated, 4, "{answer}");
}

#[tokio::test]
async fn graphql_rate_limits_say_when_to_retry() {
    let app = TestApp::spawn_with(|config| config.login_attempts_per_minute = 2).await;
    app.tenant_with_admin("acme").await;
    let login = "mutation { logIn(email: \"x@acme.example\", password: \"x\") { token } }";
    let mut last = None;
    for _ in 0..3 {
        let response =
            app.call(Method::POST, "acme.localhost", "/graphql", None, Some(json!({ "query": login }))).await;
        let retry = response.headers().get("retry-after").cloned();
        last = Some((retry, response.json::<Value>().await.unwrap()));
    }
    let (retry, body) = last.unwrap();
    assert_eq!(body["errors"][0]["extensions"]["code"], "rate_limited", "{body}");
    let seconds: u64 = retry.expect("a Retry-After header").to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&seconds), "{seconds}");
    assert_eq!(body["errors"][0]["extensions"]["retryAfter"], seconds);
}

#[tokio::test]
async fn two_factor_enrollment_and_removal_ask_for_the_same_proof() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = refreshed_token(&app, &admin).await;
    let settings = format!("/api/user-settings/{}", admin.id);
    let call = |body: Value| app.call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(body));

    let bare = call(json!({ "action": "enroll" })).await;
    assert_eq!(bare.status(), 422);
    let bare: Value = bare.json().await.unwrap();
    assert_eq!(bare["code"], "reauthentication_required");
    assert_eq!(bare["errors"][0]["field"], "currentPassword");
    let wrong: Value = call(json!({ "action": "enroll", "currentPassword": "errada" })).await.json().await.unwrap();
    assert_eq!(wrong["code"], "invalid_current_password");

    let enrolled: Value =
        call(json!({ "action": "enroll", "currentPassword": admin.password })).await.json().await.unwrap();
    let secret = enrolled["secret"].as_str().expect("enrolled with the password").to_owned();
    let code = code_at(&secret, now()).unwrap();
    assert_eq!(call(json!({ "action": "confirm", "code": code })).await.status(), 200);

    let later = code_at(&secret, now() + 30).unwrap();
    let removal: Value = call(json!({ "action": "disable", "code": later })).await.json().await.unwrap();
    assert_eq!(removal["code"], "reauthentication_required", "a code alone does not remove it: {removal}");
    let removed = call(json!({ "action": "disable", "code": later, "currentPassword": admin.password })).await;
    assert_eq!(removed.status(), 200);
}

#[tokio::test]
async fn a_two_factor_challenge_dies_with_the_password_it_proved() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let secret = app.enroll_two_factor(&admin, &token).await;

    // Someone with the old password gets a challenge; then the person changes the password.
    let step: Value = app.login_response(&admin, &admin.password).await.json().await.unwrap();
    let challenge = step["challenge"].as_str().expect("a two-factor challenge").to_owned();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let change = json!({ "currentPassword": admin.password, "newPassword": "Nova#Senha!84" });
    let changed = app.call(Method::POST, "acme.localhost", "/api/auth/password", Some(&token), Some(change)).await;
    assert_eq!(changed.status(), 200);

    let code = code_at(&secret, now() + 30).unwrap();
    let late = app
        .call(
            Method::POST,
            "acme.localhost",
            "/api/auth/login/two-factor",
            None,
            Some(json!({ "challenge": challenge, "code": code })),
        )
        .await;
    assert_eq!(late.status(), 401, "the challenge of the old password no longer logs in");
}
