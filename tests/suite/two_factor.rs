//! TOTP two-factor: enrollment, login with a code computed here, replay refused, disable.

use backoffice::domain::auth::two_factor::code_at;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

fn now() -> u64 {
    chrono::Utc::now().timestamp() as u64
}

#[tokio::test]
async fn a_user_enrolls_and_then_logs_in_with_a_code_that_works_once() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let settings = format!("/api/user-settings/{}", admin.id);

    let enrolled =
        app.call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(json!({"action":"enroll"}))).await;
    assert_eq!(enrolled.status(), 200);
    let enrolled: Value = enrolled.json().await.unwrap();
    let secret = enrolled["secret"].as_str().unwrap().to_owned();
    assert!(enrolled["otpauth_url"].as_str().unwrap().starts_with("otpauth://totp/"));

    let wrong = app
        .call(
            Method::PATCH,
            "acme.localhost",
            &settings,
            Some(&token),
            Some(json!({"action":"confirm","code":"000000"})),
        )
        .await;
    assert_eq!(wrong.status(), 422);
    let code = code_at(&secret, now()).unwrap();
    let confirmed = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(json!({"action":"confirm","code":code})))
        .await;
    assert_eq!(confirmed.status(), 200);

    let first: Value = app.login_response(&admin, &admin.password).await.json().await.unwrap();
    assert_eq!(first["two_factor_required"], true);
    assert!(first.get("access_token").is_none());
    let challenge = first["challenge"].as_str().unwrap();
    // The next time step (within the allowed skew): the confirmation used the current one.
    let next = code_at(&secret, now() + 30).unwrap();
    let step = |code: &str| json!({ "challenge": challenge, "code": code });
    let ok = app.call(Method::POST, "acme.localhost", "/api/auth/login/two-factor", None, Some(step(&next))).await;
    assert_eq!(ok.status(), 200);
    assert!(ok.json::<Value>().await.unwrap()["access_token"].is_string());

    let replay = app.call(Method::POST, "acme.localhost", "/api/auth/login/two-factor", None, Some(step(&next))).await;
    assert_eq!(replay.status(), 401);
    assert_eq!(replay.json::<Value>().await.unwrap()["message"], "Email ou/e senha errado(s)");

    let forged = app
        .call(
            Method::POST,
            "acme.localhost",
            "/api/auth/login/two-factor",
            None,
            Some(json!({"challenge": token, "code": next})),
        )
        .await;
    assert_eq!(forged.status(), 401, "an access token is not a challenge");
}

#[tokio::test]
async fn disabling_needs_a_code_and_an_administrator_can_reset_another_user() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let agent_token = app.login(&agent).await;
    let settings = format!("/api/user-settings/{}", agent.id);
    let enrolled: Value = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&agent_token), Some(json!({"action":"enroll"})))
        .await
        .json()
        .await
        .unwrap();
    let secret = enrolled["secret"].as_str().unwrap().to_owned();
    let code = code_at(&secret, now()).unwrap();
    app.call(
        Method::PATCH,
        "acme.localhost",
        &settings,
        Some(&agent_token),
        Some(json!({"action":"confirm","code":code})),
    )
    .await;

    let no_code = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&agent_token), Some(json!({"action":"disable"})))
        .await;
    assert_eq!(no_code.status(), 422);

    let other = format!("/api/user-settings/{}", admin.id);
    let meddling =
        app.call(Method::PATCH, "acme.localhost", &other, Some(&agent_token), Some(json!({"action":"disable"}))).await;
    assert_eq!(meddling.status(), 403);

    let admin_token = app.login(&admin).await;
    let reset = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&admin_token), Some(json!({"action":"disable"})))
        .await;
    assert_eq!(reset.status(), 200);
    let login: Value = app.login_response(&agent, &agent.password).await.json().await.unwrap();
    assert!(login["access_token"].is_string(), "no second step any more");
}

#[tokio::test]
async fn enrollment_needs_the_tenant_feature() {
    let app = TestApp::spawn().await;
    app.create_tenant("basica").await;
    let user = app.create_user("basica", "ana@basica.example", "administrador").await;
    let token = app.login(&user).await;
    let response = app
        .call(
            Method::PATCH,
            "basica.localhost",
            &format!("/api/user-settings/{}", user.id),
            Some(&token),
            Some(json!({"action":"enroll"})),
        )
        .await;
    assert_eq!(response.status(), 403);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "feature_disabled");
}

#[tokio::test]
async fn a_role_that_requires_two_factor_closes_checked_routes_until_the_user_enrolls() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;
    let roles: Value = app
        .call(Method::GET, "acme.localhost", "/api/permission", Some(&admin_token), None)
        .await
        .json()
        .await
        .unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    let update = json!({ "roleId": atendente, "permissions": ["home", "users"], "requireTwoFactor": true });
    let updated =
        app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&admin_token), Some(update)).await;
    assert_eq!(updated.json::<Value>().await.unwrap()["require_two_factor"], true);

    let login: Value = app.login_response(&agent, &agent.password).await.json().await.unwrap();
    assert_eq!(login["two_factor_enrollment_required"], true);
    let token = login["access_token"].as_str().unwrap().to_owned();
    let own = format!("/api/users/{}", agent.id);
    let closed = app.call(Method::PATCH, "acme.localhost", &own, Some(&token), None).await;
    assert_eq!(closed.status(), 403);
    assert_eq!(closed.json::<Value>().await.unwrap()["code"], "two_factor_enrollment_required");
    let info = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(info.status(), 200, "open routes stay open to let the user enroll");

    let settings = format!("/api/user-settings/{}", agent.id);
    let enrolled: Value = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(json!({"action":"enroll"})))
        .await
        .json()
        .await
        .unwrap();
    let code = code_at(enrolled["secret"].as_str().unwrap(), now()).unwrap();
    app.call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(json!({"action":"confirm","code":code})))
        .await;
    let open = app.call(Method::PATCH, "acme.localhost", &own, Some(&token), None).await;
    assert_eq!(open.status(), 200);
}

#[tokio::test]
async fn the_two_factor_enrollment_gate_holds_on_graphql_as_on_rest() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;
    let roles: Value = app
        .call(Method::GET, "acme.localhost", "/api/permission", Some(&admin_token), None)
        .await
        .json()
        .await
        .unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    let update = json!({ "roleId": atendente, "permissions": ["home", "users"], "requireTwoFactor": true });
    app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&admin_token), Some(update)).await;
    let token = app.login(&agent).await;

    // `users`, `newUser` and `updateUser` need the route `users`: closed until the user enrolls.
    for query in [
        "{ users { id } }",
        "mutation { newUser(name: \"X\", email: \"x@acme.example\", password: \"Senha#Forte!9\", role_id: 1) { id } }",
        &format!("mutation {{ updateUser(id: {}, name: \"Outro\") {{ id }} }}", agent.id),
    ] {
        let answer: Value = app
            .call(Method::POST, "acme.localhost", "/graphql", Some(&token), Some(json!({ "query": query })))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(answer["errors"][0]["extensions"]["code"], "two_factor_enrollment_required", "{query}: {answer}");
        assert!(answer["data"].is_null(), "{query} ran: {answer}");
    }
    // An authenticated-only field stays open, as on REST, so the user can see who they are.
    let me: Value = app
        .call(
            Method::POST,
            "acme.localhost",
            "/graphql",
            Some(&token),
            Some(json!({ "query": "{ userInfos { id } }" })),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["data"]["userInfos"]["id"], agent.id, "{me}");
}

#[tokio::test]
async fn a_login_challenge_dies_after_five_wrong_codes() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let secret = app.enroll_two_factor(&admin, &token).await;
    let first: Value = app.login_response(&admin, &admin.password).await.json().await.unwrap();
    let challenge = first["challenge"].as_str().unwrap().to_owned();
    let step = |code: &str| json!({ "challenge": challenge, "code": code });
    for wrong in ["111111", "222222", "333333", "444444", "555555"] {
        let answer =
            app.call(Method::POST, "acme.localhost", "/api/auth/login/two-factor", None, Some(step(wrong))).await;
        assert_eq!(answer.status(), 401);
    }
    let right = code_at(&secret, now() + 30).unwrap();
    let dead = app.call(Method::POST, "acme.localhost", "/api/auth/login/two-factor", None, Some(step(&right))).await;
    assert_eq!(dead.status(), 401, "the sixth try is refused even with the right code");
}

#[tokio::test]
async fn a_stolen_session_cannot_brute_force_turning_two_factor_off() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let secret = app.enroll_two_factor(&admin, &token).await;
    let settings = format!("/api/user-settings/{}", admin.id);
    let disable = |code: String| {
        let (app, token, settings) = (&app, token.clone(), settings.clone());
        async move {
            app.call(
                Method::PATCH,
                "acme.localhost",
                &settings,
                Some(&token),
                Some(json!({"action":"disable","code":code})),
            )
            .await
        }
    };
    for i in 0..5 {
        assert_eq!(disable(format!("00000{i}")).await.status(), 422);
    }
    let limited = disable(code_at(&secret, now() + 30).unwrap()).await;
    assert_eq!(limited.status(), 429, "five wrong codes per 15 minutes, whatever the session");
    assert!(limited.headers().contains_key("retry-after"));
    assert_eq!(limited.json::<Value>().await.unwrap()["code"], "rate_limited");
    // The same budget guards the login step: the user's codes are spent for the window.
    let first: Value = app.login_response(&admin, &admin.password).await.json().await.unwrap();
    let step = json!({ "challenge": first["challenge"], "code": code_at(&secret, now() + 30).unwrap() });
    let answer = app.call(Method::POST, "acme.localhost", "/api/auth/login/two-factor", None, Some(step)).await;
    assert_eq!(answer.status(), 429);
}
