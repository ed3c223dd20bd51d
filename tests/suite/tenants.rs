//! `/api/tenant*` for back-office operators: create, paginate, search, soft-delete, restore,
//! plans and features.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

async fn operator(app: &TestApp) -> String {
    let ops = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    app.login(&ops).await
}

const HOST: &str = "backoffice.localhost";

#[tokio::test]
async fn an_operator_creates_a_tenant_that_then_resolves() {
    let app = TestApp::spawn().await;
    let token = operator(&app).await;
    let body = json!({
        "name": "loja-azul", "cnpj": "11.222.333/0001-81", "features": ["campaigns", "reports"],
        "template": "default", "pool": "default", "userLimit": 12, "plan": "pro", "ticketLimit": 5000
    });
    let response = app.call(Method::POST, HOST, "/api/tenant", Some(&token), Some(body)).await;
    assert_eq!(response.status(), 201);
    let tenant: Value = response.json().await.unwrap();
    assert_eq!(tenant["name"], "loja-azul");
    assert_eq!(tenant["cnpj"], "11222333000181");
    assert_eq!(tenant["userLimit"], 12);
    assert_eq!(tenant["ticketLimit"], 5000);
    assert_eq!(tenant["plan"], "pro");
    assert!(tenant["deleted_at"].is_null());
    let enabled: Vec<&str> = tenant["features"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["enabled"] == true)
        .map(|f| f["option"].as_str().unwrap())
        .collect();
    assert_eq!(enabled, ["campaigns", "reports"]);
    assert_eq!(app.get_on(b"loja-azul.localhost", "/api/ip").await.status(), 200);

    let again = app.call(Method::POST, HOST, "/api/tenant", Some(&token), Some(json!({ "name": "loja-azul" }))).await;
    assert_eq!(again.status(), 409);
    let bad = app.call(Method::POST, HOST, "/api/tenant", Some(&token), Some(json!({ "name": "Loja Azul" }))).await;
    assert_eq!(bad.status(), 422);
    let body: Value = bad.json().await.unwrap();
    assert_eq!(body["errors"][0]["field"], "name");
    let reserved =
        app.call(Method::POST, HOST, "/api/tenant", Some(&token), Some(json!({ "name": "backoffice" }))).await;
    assert_eq!(reserved.status(), 422);
}

#[tokio::test]
async fn the_paginated_list_defaults_to_four_newest_first_and_searches() {
    let app = TestApp::spawn().await;
    let token = operator(&app).await;
    for name in ["alfa", "bravo", "charlie", "delta", "echo", "foxtrot"] {
        app.create_tenant(name).await;
    }
    let page: Value = app
        .call(Method::POST, HOST, "/api/tenant/paginated", Some(&token), Some(json!({})))
        .await
        .json()
        .await
        .unwrap();
    let names: Vec<&str> = page["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["foxtrot", "echo", "delta", "charlie"]);
    assert_eq!(page["pagination"], json!({ "page": 1, "limit": 4, "total": 7, "pages": 2 }));

    let body = json!({ "pagination_page": 2, "pagination_limit": 4, "sort_name": "name", "sort_type": "asc" });
    let page: Value =
        app.call(Method::POST, HOST, "/api/tenant/paginated", Some(&token), Some(body)).await.json().await.unwrap();
    let names: Vec<&str> = page["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["delta", "echo", "foxtrot"], "page 1 was alfa, backoffice, bravo, charlie");

    let found: Value = app
        .call(Method::POST, HOST, "/api/tenant/paginated", Some(&token), Some(json!({ "search": "RAV" })))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(found["data"][0]["name"], "bravo");
    assert_eq!(found["pagination"]["total"], 1);

    let bad = app
        .call(Method::POST, HOST, "/api/tenant/paginated", Some(&token), Some(json!({ "sort_name": "password" })))
        .await;
    assert_eq!(bad.status(), 422);
    let bad = app
        .call(Method::POST, HOST, "/api/tenant/paginated", Some(&token), Some(json!({ "pagination_page": "um" })))
        .await;
    assert_eq!(bad.status(), 400);
}

#[tokio::test]
async fn a_tenant_name_longer_than_56_characters_is_refused_with_the_limit_named() {
    let app = TestApp::spawn().await;
    let token = operator(&app).await;
    let longest = "loja-".to_owned() + &"x".repeat(51);
    let created = app.call(Method::POST, HOST, "/api/tenant", Some(&token), Some(json!({ "name": longest }))).await;
    assert_eq!(created.status(), 201, "56 characters fit the schema name: {}", created.text().await.unwrap());
    assert_eq!(app.get_on(format!("{longest}.localhost").as_bytes(), "/api/ip").await.status(), 200);

    // One more: its schema would pass PostgreSQL's 63 bytes and be cut to the first one's.
    let longer = format!("{longest}b");
    let refused = app.call(Method::POST, HOST, "/api/tenant", Some(&token), Some(json!({ "name": longer }))).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["errors"][0]["field"], "name", "{body}");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("de 2 a 56 caracteres"), "{body}");
    let listed: Value = app
        .call(Method::POST, HOST, "/api/tenant/paginated", Some(&token), Some(json!({ "search": "loja-" })))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["pagination"]["total"], 1, "nothing was created: {listed}");
}

#[tokio::test]
async fn the_search_takes_percent_and_underscore_literally() {
    let app = TestApp::spawn().await;
    let token = operator(&app).await;
    for name in ["abc", "axc", "a-c"] {
        app.create_tenant(name).await;
    }
    let names = |search: &'static str| {
        let (app, token) = (&app, &token);
        async move {
            let body = json!({ "search": search, "pagination_limit": 100 });
            let response = app.call(Method::POST, HOST, "/api/tenant/paginated", Some(token), Some(body)).await;
            assert_eq!(response.status(), 200, "{search}");
            let page: Value = response.json().await.unwrap();
            let mut names: Vec<String> =
                page["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect();
            names.sort();
            names
        }
    };
    assert_eq!(names("a_c").await, Vec::<String>::new(), "`_` is an underscore, not any one character");
    assert_eq!(names("%").await, Vec::<String>::new(), "`%` is a percent sign, not anything");
    assert_eq!(names("\\").await, Vec::<String>::new(), "the escape character is searched for, not an error");
    assert_eq!(names("a-c").await, ["a-c"]);
    assert_eq!(names("XC").await, ["axc"], "a plain search still finds the name holding it");
}

#[tokio::test]
async fn deleted_tenants_are_hidden_until_restored() {
    let app = TestApp::spawn().await;
    let token = operator(&app).await;
    let acme = app.create_tenant("acme").await;
    let deleted =
        app.call(Method::POST, HOST, "/api/tenant/delete", Some(&token), Some(json!({ "id": acme.id }))).await;
    assert_eq!(deleted.status(), 200);
    assert!(deleted.json::<Value>().await.unwrap()["deleted_at"].is_string());
    assert_eq!(app.get_on(b"acme.localhost", "/api/ip").await.status(), 404);

    let listed: Value =
        app.call(Method::GET, HOST, "/api/tenant/active", Some(&token), None).await.json().await.unwrap();
    assert!(listed["data"].as_array().unwrap().iter().all(|t| t["name"] != "acme"));
    let only_deleted: Value = app
        .call(Method::POST, HOST, "/api/tenant/paginated", Some(&token), Some(json!({ "filter_users": "deleted" })))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(only_deleted["data"][0]["name"], "acme");

    let twice = app.call(Method::POST, HOST, "/api/tenant/delete", Some(&token), Some(json!({ "id": acme.id }))).await;
    assert_eq!(twice.status(), 409);
    let restored =
        app.call(Method::POST, HOST, "/api/tenant/restore", Some(&token), Some(json!({ "id": acme.id }))).await;
    assert_eq!(restored.status(), 200);
    assert_eq!(app.get_on(b"acme.localhost", "/api/ip").await.status(), 200);

    let backoffice =
        app.call(Method::GET, HOST, "/api/tenant/all", Some(&token), None).await.json::<Value>().await.unwrap();
    let id = backoffice["data"].as_array().unwrap().iter().find(|t| t["name"] == "backoffice").unwrap()["id"].clone();
    let refused = app.call(Method::POST, HOST, "/api/tenant/delete", Some(&token), Some(json!({ "id": id }))).await;
    assert_eq!(refused.status(), 409);
    let missing = app.call(Method::POST, HOST, "/api/tenant/delete", Some(&token), Some(json!({ "id": 424242 }))).await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn plans_and_features_are_set_per_tenant() {
    let app = TestApp::spawn().await;
    let token = operator(&app).await;
    let acme = app.create_tenant("acme").await;
    let body = json!({ "id": acme.id, "plan": "enterprise", "user": 40, "ticket": 0 });
    let updated: Value =
        app.call(Method::POST, HOST, "/api/tenant/set-plan", Some(&token), Some(body)).await.json().await.unwrap();
    assert_eq!(updated["plan"], "enterprise");
    assert_eq!(updated["userLimit"], 40);
    assert_eq!(updated["ticketLimit"], 0);
    let bad = app
        .call(Method::POST, HOST, "/api/tenant/set-plan", Some(&token), Some(json!({ "id": acme.id, "plan": "gold" })))
        .await;
    assert_eq!(bad.status(), 422);

    let set = json!({ "option": "campaigns", "enabled": true, "tenantName": "acme" });
    assert_eq!(app.call(Method::POST, HOST, "/api/tenant/feature", Some(&token), Some(set)).await.status(), 200);
    let features: Value = app
        .call(Method::GET, HOST, "/api/tenant/feature?tenantName=acme", Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    let campaigns = features.as_array().unwrap().iter().find(|f| f["option"] == "campaigns").unwrap().clone();
    assert_eq!(campaigns["enabled"], true);
    assert_eq!(campaigns["label"], "Campanhas");
    let unknown = json!({ "option": "teleport", "enabled": true, "tenantName": "acme" });
    assert_eq!(app.call(Method::POST, HOST, "/api/tenant/feature", Some(&token), Some(unknown)).await.status(), 422);
    let nobody = app.call(Method::GET, HOST, "/api/tenant/feature?tenantName=nobody", Some(&token), None).await;
    assert_eq!(nobody.status(), 404);
}

#[tokio::test]
async fn a_tenants_own_administrator_cannot_manage_tenants() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let response =
        app.call(Method::POST, "acme.localhost", "/api/tenant", Some(&token), Some(json!({ "name": "evil" }))).await;
    assert_eq!(response.status(), 403);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "backoffice_only");
}

#[tokio::test]
async fn operators_read_the_plans_and_the_feature_catalogue() {
    let app = TestApp::spawn().await;
    let token = operator(&app).await;
    let body: Value = app
        .call(Method::GET, "backoffice.localhost", "/api/tenant/plans", Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    let codes: Vec<&str> = body["plans"].as_array().unwrap().iter().map(|p| p["code"].as_str().unwrap()).collect();
    assert!(codes.contains(&"pro") && codes.contains(&"enterprise"), "{body}");
    let pro = body["plans"].as_array().unwrap().iter().find(|p| p["code"] == "pro").unwrap();
    assert!(pro["user_limit"].as_i64().unwrap() > 0 && pro["features"].is_array(), "{pro}");
    assert!(
        body["features"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["option"] == "two_factor" && f["label"] == "Autenticação em dois fatores")
    );
}
