//! Account self-service (docs/account.md): my password, my profile, the administrator's temporary
//! password and what it closes until it is replaced, two-factor recovery codes, the home board.

use backoffice::domain::auth::two_factor::code_at;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{TestApp, TestUser};

const HOST: &str = "acme.localhost";
const NEW_PASSWORD: &str = "Outra#Senha!42";

fn now() -> u64 {
    chrono::Utc::now().timestamp() as u64
}

async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn changing_my_password_checks_the_current_one_and_ends_my_other_sessions() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let other_session = app.login(&agent).await;
    let this_session = app.login(&agent).await;

    let change = |current: &str, new: &str| json!({ "currentPassword": current, "newPassword": new });
    let (status, wrong) = json_of(
        app.call(Method::POST, HOST, "/api/auth/password", Some(&this_session), Some(change("errada", NEW_PASSWORD)))
            .await,
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(wrong["code"], "invalid_current_password");
    assert_eq!(wrong["errors"][0]["field"], "currentPassword");
    let (status, weak) = json_of(
        app.call(Method::POST, HOST, "/api/auth/password", Some(&this_session), Some(change(&agent.password, "123")))
            .await,
    )
    .await;
    assert_eq!((status, weak["code"].as_str()), (422, Some("weak_password")));
    assert_eq!(weak["errors"][0]["field"], "newPassword");
    let (status, same) = json_of(
        app.call(
            Method::POST,
            HOST,
            "/api/auth/password",
            Some(&this_session),
            Some(change(&agent.password, &agent.password)),
        )
        .await,
    )
    .await;
    assert_eq!((status, same["code"].as_str()), (422, Some("same_password")));

    let (status, changed) = json_of(
        app.call(
            Method::POST,
            HOST,
            "/api/auth/password",
            Some(&this_session),
            Some(change(&agent.password, NEW_PASSWORD)),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    let fresh = changed["access_token"].as_str().expect("a new session").to_owned();
    assert_eq!(changed["must_change_password"], false);

    let me = app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&fresh), None).await;
    assert_eq!(me.status(), 200, "the new session goes on");
    for old in [&other_session, &this_session] {
        let refused = app.call(Method::GET, HOST, "/api/auth/userInfo", Some(old), None).await;
        assert_eq!(refused.status(), 401, "sessions from before the change end");
    }
    assert_eq!(app.login_response(&agent, &agent.password).await.status(), 401, "the old password is gone");
    let renewed = TestUser { password: NEW_PASSWORD.into(), ..agent.clone() };
    app.login(&renewed).await;
    let _ = admin;
}

#[tokio::test]
async fn wrong_current_passwords_count_against_the_address_login_limit() {
    let app = TestApp::spawn_with(|config| config.login_failures_per_address = 3).await;
    app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&agent).await;
    let body = json!({ "currentPassword": "errada", "newPassword": NEW_PASSWORD });
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(
            app.call(Method::POST, HOST, "/api/auth/password", Some(&token), Some(body.clone()))
                .await
                .status()
                .as_u16(),
        );
    }
    assert_eq!(statuses, [422, 422, 422, 429], "a stolen session cannot guess the password freely");
}

#[tokio::test]
async fn a_person_edits_their_own_name_and_photo() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&agent).await;
    let (status, saved) = json_of(
        app.call(
            Method::PUT,
            HOST,
            "/api/auth/profile",
            Some(&token),
            Some(json!({ "name": "  Beatriz Souza ", "image": "https://fotos.example/bia.png" })),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["name"], "Beatriz Souza");
    let (_, me) = json_of(app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&token), None).await).await;
    assert_eq!(me["user"]["name"], "Beatriz Souza", "the cached auth state follows the change");
    assert_eq!(me["user"]["image"], "https://fotos.example/bia.png");

    let (status, bad) = json_of(
        app.call(Method::PUT, HOST, "/api/auth/profile", Some(&token), Some(json!({ "name": "", "image": "ftp://x" })))
            .await,
    )
    .await;
    assert_eq!(status, 422);
    let fields: Vec<&str> = bad["errors"].as_array().unwrap().iter().filter_map(|e| e["field"].as_str()).collect();
    assert!(fields.contains(&"name") && fields.contains(&"image"), "{bad}");
    let (_, me) = json_of(app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&token), None).await).await;
    assert_eq!(me["user"]["name"], "Beatriz Souza", "nothing half-written");
}

#[tokio::test]
async fn a_temporary_password_opens_only_the_password_change_until_it_is_replaced() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let agent_old_session = app.login(&agent).await;
    let temporary = "Tempor#aria!77";
    let path = format!("/api/users/{}/temporary-password", agent.id);

    let (status, weak) =
        json_of(app.call(Method::POST, HOST, &path, Some(&admin_token), Some(json!({ "password": "abc" }))).await)
            .await;
    assert_eq!((status, weak["code"].as_str()), (422, Some("weak_password")));
    let own = format!("/api/users/{}/temporary-password", admin.id);
    let (status, _) =
        json_of(app.call(Method::POST, HOST, &own, Some(&admin_token), Some(json!({ "password": temporary }))).await)
            .await;
    assert_eq!(status, 422, "nobody sets their own temporary password");
    let agent_token = app.login(&agent).await;
    let (status, _) =
        json_of(app.call(Method::POST, HOST, &path, Some(&agent_token), Some(json!({ "password": temporary }))).await)
            .await;
    assert_eq!(status, 403, "an attendant has no users route");

    let (status, view) =
        json_of(app.call(Method::POST, HOST, &path, Some(&admin_token), Some(json!({ "password": temporary }))).await)
            .await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["mustChangePassword"], true);
    let refused = app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&agent_old_session), None).await;
    assert_eq!(refused.status(), 401, "the person's sessions ended");

    let with_temporary = TestUser { password: temporary.into(), ..agent.clone() };
    let (status, login) = json_of(app.login_response(&with_temporary, temporary).await).await;
    assert_eq!(status, 200);
    assert_eq!(login["must_change_password"], true);
    let token = login["access_token"].as_str().unwrap().to_owned();
    let (status, me) = json_of(app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&token), None).await).await;
    assert_eq!((status, me["must_change_password"].as_bool()), (200, Some(true)));
    for (method, path) in
        [(Method::GET, "/api/tickets"), (Method::GET, "/api/home"), (Method::GET, "/api/users/is-funcional-user")]
    {
        let (status, closed) = json_of(app.call(method, HOST, path, Some(&token), None).await).await;
        assert_eq!(status, 403, "{path}");
        assert_eq!(closed["code"], "password_change_required");
        assert_eq!(closed["message"], "Troque a sua senha temporária para continuar.");
    }
    let graphql = app
        .call(Method::POST, HOST, "/graphql", Some(&token), Some(json!({ "query": "{ userInfos { id name } }" })))
        .await;
    let (_, answer) = json_of(graphql).await;
    assert_eq!(answer["data"]["userInfos"]["id"], agent.id, "GraphQL's who-am-I stays open: {answer}");

    let (status, changed) = json_of(
        app.call(
            Method::POST,
            HOST,
            "/api/auth/password",
            Some(&token),
            Some(json!({ "currentPassword": temporary, "newPassword": NEW_PASSWORD })),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["must_change_password"], false);
    let fresh = changed["access_token"].as_str().unwrap();
    let open = app.call(Method::GET, HOST, "/api/tickets", Some(fresh), None).await;
    assert_eq!(open.status(), 200, "everything opens again");
}

#[tokio::test]
async fn recovery_codes_are_shown_once_and_each_logs_in_once() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let settings = format!("/api/user-settings/{}", admin.id);
    let (_, enrolled) =
        json_of(app.call(Method::PATCH, HOST, &settings, Some(&token), Some(json!({"action":"enroll"}))).await).await;
    let secret = enrolled["secret"].as_str().unwrap().to_owned();
    let code = code_at(&secret, now()).unwrap();
    let (status, confirmed) = json_of(
        app.call(Method::PATCH, HOST, &settings, Some(&token), Some(json!({"action":"confirm","code":code}))).await,
    )
    .await;
    assert_eq!(status, 200);
    let codes: Vec<String> =
        confirmed["recovery_codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    assert_eq!(codes.len(), 10);
    let (_, me) = json_of(app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&token), None).await).await;
    assert_eq!(me["user"]["recoveryCodesLeft"], 10);

    let step = |code: String| recovery_login(&app, &admin, code);
    // Typed in capitals and without the dash: still the code.
    assert_eq!(step(codes[0].to_uppercase().replace('-', "")).await, 200);
    assert_eq!(step(codes[0].clone()).await, 401, "a used code is refused");
    let (_, me) = json_of(app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&token), None).await).await;
    assert_eq!(me["user"]["recoveryCodesLeft"], 9);

    // New codes need a valid code; the old ones stop working.
    let renew = format!("{settings}/recovery-codes");
    let (status, _) =
        json_of(app.call(Method::POST, HOST, &renew, Some(&token), Some(json!({ "code": "000000" }))).await).await;
    assert_eq!(status, 422);
    let (status, renewed) =
        json_of(app.call(Method::POST, HOST, &renew, Some(&token), Some(json!({ "code": codes[1] }))).await).await;
    assert_eq!(status, 200, "{renewed}");
    let fresh: Vec<String> =
        renewed["recovery_codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    assert_eq!(fresh.len(), 10);
    let (_, me) = json_of(app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&token), None).await).await;
    assert_eq!(me["user"]["recoveryCodesLeft"], 10, "who-am-I counts the new codes at once");
    assert_eq!(step(codes[2].clone()).await, 401, "the old codes were replaced");
    assert_eq!(step(fresh[0].clone()).await, 200);
    let other = app.create_user("acme", "bia@acme.example", "atendente").await;
    let other_token = app.login(&other).await;
    let (status, _) =
        json_of(app.call(Method::POST, HOST, &renew, Some(&other_token), Some(json!({ "code": fresh[1] }))).await)
            .await;
    assert_eq!(status, 403, "nobody renews someone else's codes");
}

/// The two login steps with `code` at the second: its status.
async fn recovery_login(app: &TestApp, user: &TestUser, code: String) -> u16 {
    let (_, first) = json_of(app.login_response(user, &user.password).await).await;
    let challenge = first["challenge"].as_str().unwrap().to_owned();
    app.call(
        Method::POST,
        HOST,
        "/api/auth/login/two-factor",
        None,
        Some(json!({ "challenge": challenge, "code": code })),
    )
    .await
    .status()
    .as_u16()
}

#[tokio::test]
async fn the_home_board_shows_each_person_what_they_may_act_on() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    app.create_instance("acme", "Vendas").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    // Five wrong passwords block the attendant: the board lists the block and the failures.
    for _ in 0..5 {
        app.login_response(&agent, "errada").await;
    }

    let (status, board) = json_of(app.call(Method::GET, HOST, "/api/home", Some(&admin_token), None).await).await;
    assert_eq!(status, 200, "{board}");
    assert_eq!(board["people"]["total"], 2);
    assert_eq!(board["people"]["blockedCount"], 1);
    assert_eq!(board["people"]["blocked"][0]["email"], "bia@acme.example");
    assert!(board["loginFailures"]["last24h"].as_i64().unwrap() >= 5);
    assert_eq!(board["loginFailures"]["recent"][0]["email"], "bia@acme.example");
    assert_eq!(board["usage"]["users"]["used"], 2);
    assert!(board["usage"]["ticketsThisMonth"]["used"].is_i64());
    assert_eq!(board["instances"]["total"], 1);
    assert_eq!(board["operator"], Value::Null, "a tenant's administrator is no operator");

    // An attendant sees neither people nor usage.
    let helper = app.create_user("acme", "caio@acme.example", "atendente").await;
    let helper_token = app.login(&helper).await;
    let (status, own) = json_of(app.call(Method::GET, HOST, "/api/home", Some(&helper_token), None).await).await;
    assert_eq!(status, 200);
    for section in ["people", "usage", "loginFailures", "instances", "operator"] {
        assert_eq!(own[section], Value::Null, "{section}");
    }

    // An operator sees recently deleted tenants.
    let operator = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let operator_token = app.login(&operator).await;
    let antiga = app.create_tenant("antiga").await;
    let deleted = app
        .call(
            Method::POST,
            "backoffice.localhost",
            "/api/tenant/delete",
            Some(&operator_token),
            Some(json!({ "id": antiga.id })),
        )
        .await;
    assert!(deleted.status().is_success(), "{}", deleted.status());
    let (status, ops) =
        json_of(app.call(Method::GET, "backoffice.localhost", "/api/home", Some(&operator_token), None).await).await;
    assert_eq!(status, 200, "{ops}");
    assert_eq!(ops["operator"]["recentlyDeleted"][0]["tenant"], "antiga");
    assert!(ops["operator"]["nearLimits"].is_array());
}
