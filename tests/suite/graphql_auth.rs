//! GraphQL `logIn`, `refreshToken`, `updateUserPassword`, `userInfos` at `/graphql` and
//! `/{tenant}/graphql`, and the field-rule table.

use backoffice::graphql::rules::FIELD_RULES;
use reqwest::{Method, header::COOKIE};
use serde_json::{Value, json};

use crate::support::{TestApp, refresh_cookie};

const LOG_IN: &str = "mutation($email: String!, $password: String!) {
  logIn(email: $email, password: $password, remember: true) {
    token title message
    user { id name username email image isConnected role { id name display_name has_permission_routes } userDepartment { id name } userInstances { id instance { id name activated } } }
  }
}";

async fn gql(
    app: &TestApp,
    host: &str,
    path: &str,
    token: Option<&str>,
    query: &str,
    variables: Value,
) -> reqwest::Response {
    app.call(Method::POST, host, path, token, Some(json!({ "query": query, "variables": variables }))).await
}

#[tokio::test]
async fn log_in_answers_the_token_and_the_user_with_the_spec_fields() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    for path in ["/graphql", "/acme/graphql"] {
        let response = gql(
            &app,
            "acme.localhost",
            path,
            None,
            LOG_IN,
            json!({ "email": admin.email, "password": admin.password }),
        )
        .await;
        assert_eq!(response.status(), 200);
        assert!(refresh_cookie(&response).is_some(), "{path}: the refresh cookie is set");
        let body: Value = response.json().await.unwrap();
        let payload = &body["data"]["logIn"];
        assert!(payload["token"].is_string(), "{path}: {body}");
        assert_eq!(payload["user"]["email"], "admin@acme.example");
        assert_eq!(payload["user"]["role"]["display_name"], "Administrador");
        assert!(payload["user"]["role"]["has_permission_routes"].as_array().unwrap().iter().any(|r| r == "users"));
        assert_eq!(payload["user"]["isConnected"], true);
        assert_eq!(payload["title"], "Logado com sucesso!", "the alternate path's greeting (spec §8)");
        assert_eq!(payload["message"], "Você entrou na plataforma com sucesso!");
    }
}

#[tokio::test]
async fn a_wrong_password_gets_the_alternate_paths_message_and_the_rest_code() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let body: Value = gql(
        &app,
        "acme.localhost",
        "/graphql",
        None,
        LOG_IN,
        json!({ "email": admin.email, "password": "Errada#Senha!7" }),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(body["errors"][0]["message"], "Wrong Email or Password", "spec §8, the alternate login path");
    assert_eq!(body["errors"][0]["extensions"]["code"], "invalid_credentials");
    assert!(body["data"].is_null());
}

#[tokio::test]
async fn the_tenant_in_the_path_must_be_the_hosts() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    app.tenant_with_admin("beta").await;
    let response = gql(
        &app,
        "acme.localhost",
        "/beta/graphql",
        None,
        LOG_IN,
        json!({ "email": admin.email, "password": admin.password }),
    )
    .await;
    assert_eq!(response.status(), 404);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "tenant_not_found");
}

#[tokio::test]
async fn refresh_token_rotates_the_cookie_and_answers_a_working_token() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let login = gql(
        &app,
        "acme.localhost",
        "/graphql",
        None,
        LOG_IN,
        json!({ "email": admin.email, "password": admin.password }),
    )
    .await;
    let cookie = refresh_cookie(&login).unwrap();
    let response = app
        .client
        .post(app.url("/graphql"))
        .header("host", "acme.localhost")
        .header(COOKIE, format!("bo_refresh={cookie}"))
        .json(&json!({ "query": "mutation { refreshToken { token } }" }))
        .send()
        .await
        .unwrap();
    assert_ne!(refresh_cookie(&response).unwrap(), cookie);
    let body: Value = response.json().await.unwrap();
    let token = body["data"]["refreshToken"]["token"].as_str().unwrap();
    let me: Value = gql(&app, "acme.localhost", "/graphql", Some(token), "{ userInfos { email } }", json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["data"]["userInfos"]["email"], "admin@acme.example");

    let replay = gql(
        &app,
        "acme.localhost",
        "/graphql",
        None,
        "mutation($t: String) { refreshToken(refreshToken: $t) { token } }",
        json!({ "t": cookie }),
    )
    .await
    .json::<Value>()
    .await
    .unwrap();
    assert_eq!(replay["errors"][0]["message"], "Token is Expired");
}

#[tokio::test]
async fn update_user_password_checks_strength_and_ends_the_old_sessions() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let change = "mutation($p: String!) { updateUserPassword(password: $p) { token user { email } } }";

    let weak: Value = gql(&app, "acme.localhost", "/graphql", Some(&token), change, json!({ "p": "abc12345" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(weak["errors"][0]["extensions"]["code"], "weak_password");
    assert_eq!(weak["errors"][0]["extensions"]["errors"][0]["field"], "password");

    let changed: Value = gql(&app, "acme.localhost", "/graphql", Some(&token), change, json!({ "p": "Nova#Senha!84" }))
        .await
        .json()
        .await
        .unwrap();
    let fresh = changed["data"]["updateUserPassword"]["token"].as_str().unwrap().to_owned();

    let old = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(old.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));
    let new = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&fresh), None).await;
    assert_eq!(new.status(), 200);
}

#[tokio::test]
async fn protected_fields_need_a_token_and_bad_tokens_get_the_401_contract() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let anonymous: Value =
        gql(&app, "acme.localhost", "/graphql", None, "{ userInfos { email } }", json!({})).await.json().await.unwrap();
    assert_eq!(anonymous["errors"][0]["message"], "Authorization Token not found");

    let invalid = gql(&app, "acme.localhost", "/graphql", Some("garbage"), "{ userInfos { email } }", json!({})).await;
    assert_eq!(invalid.status(), 401);
    assert_eq!(invalid.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));
}

#[tokio::test]
async fn every_root_field_has_exactly_one_rule() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let query = "{ __schema { queryType { fields { name } } mutationType { fields { name } } } }";
    let body: Value =
        gql(&app, "acme.localhost", "/graphql", Some(&token), query, json!({})).await.json().await.unwrap();
    let mut fields: Vec<String> = ["queryType", "mutationType"]
        .iter()
        .flat_map(|t| body["data"]["__schema"][t]["fields"].as_array().cloned().unwrap_or_default())
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect();
    fields.sort();
    let mut ruled: Vec<String> = FIELD_RULES.iter().map(|(name, _)| (*name).to_owned()).collect();
    ruled.sort();
    assert_eq!(fields, ruled);
}

#[tokio::test]
async fn malformed_and_too_complex_requests_are_refused_cleanly() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let malformed = app
        .client
        .post(app.url("/graphql"))
        .header("host", "acme.localhost")
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(malformed.status(), 400);
    // Aliases multiply the work of one request: the complexity limit refuses it before execution.
    let wide: String = (0..120).map(|i| format!("a{i}: userInfos {{ id name email username image }} ")).collect();
    let body: Value =
        gql(&app, "acme.localhost", "/graphql", None, &format!("{{ {wide} }}"), json!({})).await.json().await.unwrap();
    assert!(body["errors"][0]["message"].as_str().unwrap().to_lowercase().contains("complex"), "{body}");
}

#[tokio::test]
async fn strangers_cannot_map_the_schema() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let query = "{ __schema { queryType { fields { name } } } }";
    let anonymous: Value = gql(&app, "acme.localhost", "/graphql", None, query, json!({})).await.json().await.unwrap();
    assert!(anonymous["data"]["__schema"].is_null(), "{anonymous}");
    let token = app.login(&admin).await;
    let known: Value =
        gql(&app, "acme.localhost", "/graphql", Some(&token), query, json!({})).await.json().await.unwrap();
    assert!(known["data"]["__schema"]["queryType"]["fields"].as_array().is_some_and(|f| !f.is_empty()), "{known}");
}

#[tokio::test]
async fn another_site_cannot_post_a_form_or_plain_text_to_graphql() {
    // `text/plain` and form bodies are what a page on another site can make a browser send
    // without asking (a CORS "simple request"): one `logIn` per visitor, from a new address each.
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let login = format!(
        r#"{{"query":"mutation {{ logIn(email: \"{}\", password: \"{}\") {{ token }} }}"}}"#,
        admin.email, admin.password
    );
    for content_type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let response = app
            .client
            .post(app.url("/graphql"))
            .header("host", "acme.localhost")
            .header("content-type", content_type)
            .body(login.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 415, "{content_type}");
        assert_eq!(response.json::<Value>().await.unwrap()["code"], "unsupported_media_type");
    }
    let json = app
        .client
        .post(app.url("/graphql"))
        .header("host", "acme.localhost")
        .header("content-type", "application/json")
        .body(login)
        .send()
        .await
        .unwrap();
    assert_eq!(json.status(), 200, "the same body as JSON works");
}
