//! `/api/users*` and `/api/departments*` through HTTP: the spec's fields, validation in pt_BR,
//! the plan's user limit (also under concurrency), soft delete, and tenant isolation.

use backoffice::domain::tenants;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{TestApp, TestUser};

const HOST: &str = "acme.localhost";

async fn setup(app: &TestApp) -> (TestUser, String) {
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    (admin, token)
}

async fn role_id(app: &TestApp, token: &str, name: &str) -> i64 {
    let roles: Value = app.call(Method::GET, HOST, "/api/permission", Some(token), None).await.json().await.unwrap();
    roles.as_array().unwrap().iter().find(|r| r["name"] == name).unwrap()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn an_administrator_creates_a_user_who_can_then_log_in() {
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    let atendente = role_id(&app, &token, "atendente").await;
    let departments: Value =
        app.call(Method::GET, HOST, "/api/departments", Some(&token), None).await.json().await.unwrap();
    let department = departments[0]["id"].clone();
    let whatsapp = app.create_instance("acme", "WhatsApp Vendas").await;
    let body = json!({
        "name": "Bruna Lima", "email": "Bruna@Acme.example", "password": "Senha#Forte!9", "username": "bruna",
        "role_id": atendente, "user_department_id": department, "chosen_instances": [whatsapp]
    });
    let response = app.call(Method::POST, HOST, "/api/users", Some(&token), Some(body)).await;
    assert_eq!(response.status(), 201);
    let user: Value = response.json().await.unwrap();
    assert_eq!(user["email"], "bruna@acme.example");
    assert_eq!(user["username"], "bruna");
    assert_eq!(user["role"]["name"], "atendente");
    assert_eq!(user["userDepartment"]["id"], department);
    assert_eq!(user["userInstances"][0]["instance"]["name"], "WhatsApp Vendas");
    assert_eq!(user["isConnected"], false);
    assert!(user.get("password").is_none() && user.get("password_hash").is_none());

    let bruna = TestUser {
        id: user["id"].as_i64().unwrap() as i32,
        tenant: "acme".into(),
        email: "bruna@acme.example".into(),
        password: "Senha#Forte!9".into(),
    };
    app.login(&bruna).await;
}

#[tokio::test]
async fn invalid_users_get_every_field_error_at_once() {
    let app = TestApp::spawn().await;
    let (admin, token) = setup(&app).await;
    let body = json!({ "name": "", "email": "não-é-email", "password": "abc12345", "role_id": 999, "chosen_instances": [777] });
    let response = app.call(Method::POST, HOST, "/api/users", Some(&token), Some(body)).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    let fields: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    for field in ["name", "email", "password", "role_id", "chosen_instances"] {
        assert!(fields.contains(&field), "{field} missing in {body}");
    }
    let duplicate = json!({ "name": "Outra", "email": admin.email, "password": "Senha#Forte!9", "role_id": role_id(&app, &token, "atendente").await });
    let response = app.call(Method::POST, HOST, "/api/users", Some(&token), Some(duplicate)).await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["errors"][0]["message"], "Este email já está em uso.");
    let wrong_type = app.call(Method::POST, HOST, "/api/users", Some(&token), Some(json!({ "name": 5 }))).await;
    assert_eq!(wrong_type.status(), 400);
}

#[tokio::test]
async fn users_are_listed_a_page_at_a_time_and_searchable() {
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    for i in 0..7 {
        app.create_user("acme", &format!("pessoa{i}@acme.example"), "atendente").await;
    }
    let page: Value =
        app.call(Method::GET, HOST, "/api/users?page=2&limit=3", Some(&token), None).await.json().await.unwrap();
    assert_eq!(page["data"].as_array().unwrap().len(), 3);
    assert_eq!(page["pagination"], json!({ "page": 2, "limit": 3, "total": 8, "pages": 3 }));
    let found: Value =
        app.call(Method::GET, HOST, "/api/users?search=PESSOA3", Some(&token), None).await.json().await.unwrap();
    assert_eq!(found["pagination"]["total"], 1);
    assert_eq!(found["data"][0]["email"], "pessoa3@acme.example");
    // A renamed person is found by the new name only; wildcards are plain characters.
    let total = |path: &'static str| {
        let (app, token) = (&app, &token);
        async move {
            let page: Value = app.call(Method::GET, HOST, path, Some(token), None).await.json().await.unwrap();
            page["pagination"]["total"].as_u64().unwrap()
        }
    };
    let named_before = total("/api/users?search=pessoa%20de%20teste").await;
    assert!(named_before >= 7, "{named_before}");
    let renamed = found["data"][0]["id"].as_i64().unwrap();
    let body = json!({ "name": "Íris Gonçalves_Souza" });
    let response = app.call(Method::PUT, HOST, &format!("/api/users/{renamed}"), Some(&token), Some(body)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(total("/api/users?search=%C3%ADris%20GON%C3%87ALVES_souza").await, 1, "any case, accents kept");
    assert_eq!(total("/api/users?search=Pessoa%20de%20Teste").await, named_before - 1, "the old name is gone");
    assert_eq!(total("/api/users?search=pessoa3@ACME").await, 1, "the email still finds them");
    assert_eq!(total("/api/users?search=s_s").await, 1, "_ matches itself");
    assert_eq!(total("/api/users?search=gon_alves").await, 0, "_ is no wildcard");
    assert_eq!(total("/api/users?search=%25").await, 0, "% matches only itself");
    // The unsearched total is kept by the database as people come and go.
    assert_eq!(total("/api/users").await, 8);
    let response = app.call(Method::DELETE, HOST, &format!("/api/users/{renamed}"), Some(&token), None).await;
    assert!(response.status().is_success(), "{}", response.status());
    assert_eq!(total("/api/users").await, 7, "a deleted person leaves the total");
    app.create_user("acme", "nova@acme.example", "atendente").await;
    assert_eq!(total("/api/users?limit=5").await, 8);
    assert_eq!(total("/api/users?page=99").await, 8, "a page past the end still tells the total");
    let bad = app.call(Method::GET, HOST, "/api/users?page=um", Some(&token), None).await;
    assert_eq!(bad.status(), 400);
}

#[tokio::test]
async fn a_searched_total_follows_every_change_between_its_pages() {
    // The server remembers a search's total between pages (domain::users::KnownTotal); whoever
    // changes the users in between — this API, or another process writing to the database — the
    // next page must tell the new number.
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    let mut people = Vec::new();
    for i in 0..5 {
        people.push(app.create_user("acme", &format!("lia{i}@acme.example"), "atendente").await);
    }
    let total = |page: u32| {
        let (app, token) = (&app, &token);
        async move {
            let path = format!("/api/users?search=LIA&limit=2&page={page}");
            let page: Value = app.call(Method::GET, HOST, &path, Some(token), None).await.json().await.unwrap();
            (page["pagination"]["total"].as_u64().unwrap(), page["data"].as_array().unwrap().len())
        }
    };
    assert_eq!(total(1).await, (5, 2));
    assert_eq!(total(2).await, (5, 2), "the next page, same total");
    // Added outside the HTTP API (as the CLI and imports do): no event tells this server.
    app.create_user("acme", "lia5@acme.example", "atendente").await;
    assert_eq!(total(3).await, (6, 2));
    let body = json!({ "email": "rosa@acme.example", "username": "rosa" });
    let path = format!("/api/users/{}", people[0].id);
    assert_eq!(app.call(Method::PUT, HOST, &path, Some(&token), Some(body)).await.status(), 200);
    assert_eq!(total(1).await, (5, 2), "an email and username that no longer match leave the total");
    let path = format!("/api/users/{}", people[1].id);
    assert!(app.call(Method::DELETE, HOST, &path, Some(&token), None).await.status().is_success());
    assert_eq!(total(2).await, (4, 2), "a deleted person leaves it too");
    assert_eq!(total(3).await, (4, 0), "past the end, still the total");
    let body = json!({ "name": "Lia Nova" });
    let path = format!("/api/users/{}", people[0].id);
    assert_eq!(app.call(Method::PUT, HOST, &path, Some(&token), Some(body)).await.status(), 200);
    assert_eq!(total(1).await, (5, 2), "a new name that matches counts again");
}

#[tokio::test]
async fn a_user_is_altered_whole_or_only_by_email_or_name() {
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let path = format!("/api/users/{}", bia.id);
    let only_email: Value = app
        .call(Method::PUT, HOST, &path, Some(&token), Some(json!({ "email": "beatriz@acme.example" })))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(only_email["email"], "beatriz@acme.example");
    assert_eq!(only_email["name"], "Pessoa de Teste");
    let only_name: Value = app
        .call(Method::PUT, HOST, &path, Some(&token), Some(json!({ "name": "Beatriz Souza" })))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(only_name["name"], "Beatriz Souza");
    assert_eq!(only_name["email"], "beatriz@acme.example");
    let supervisor = role_id(&app, &token, "supervisor").await;
    let whole = json!({ "name": "Beatriz S.", "username": "beatriz", "email": "bea@acme.example", "image": "https://cdn.example/b.png", "role_id": supervisor, "user_department_id": null, "chosen_instances": [] });
    let whole: Value = app.call(Method::PUT, HOST, &path, Some(&token), Some(whole)).await.json().await.unwrap();
    assert_eq!(whole["role"]["name"], "supervisor");
    assert_eq!(whole["image"], "https://cdn.example/b.png");
    let taken = app.call(Method::PUT, HOST, &path, Some(&token), Some(json!({ "email": "admin@acme.example" }))).await;
    assert_eq!(taken.status(), 422);
}

#[tokio::test]
async fn a_deleted_user_can_no_longer_log_in_and_frees_the_email() {
    let app = TestApp::spawn().await;
    let (admin, token) = setup(&app).await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let bia_token = app.login(&bia).await;
    let deleted = app.call(Method::DELETE, HOST, &format!("/api/users/{}", bia.id), Some(&token), None).await;
    assert_eq!(deleted.status(), 204);
    let session = app.call(Method::GET, HOST, "/api/auth/userInfo", Some(&bia_token), None).await;
    assert_eq!(session.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));
    assert_eq!(app.login_response(&bia, &bia.password).await.status(), 401);
    app.create_user("acme", "bia@acme.example", "atendente").await;
    let myself = app.call(Method::DELETE, HOST, &format!("/api/users/{}", admin.id), Some(&token), None).await;
    assert_eq!(myself.status(), 422);
    let again = app.call(Method::DELETE, HOST, &format!("/api/users/{}", bia.id), Some(&token), None).await;
    assert_eq!(again.status(), 404);
}

#[tokio::test]
async fn the_plan_user_limit_holds_even_for_concurrent_creations() {
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    let acme = tenants::find_by_name(app.dbs().control(), &"acme".parse().unwrap()).await.unwrap();
    tenants::set_plan(app.dbs().control(), acme, "pro", Some(2), None, None, &app.state.bus).await.unwrap();
    let atendente = role_id(&app, &token, "atendente").await;
    let attempts = (0..6).map(|i| {
        let body = json!({ "name": format!("Pessoa {i}"), "email": format!("p{i}@acme.example"), "password": "Senha#Forte!9", "role_id": atendente });
        app.call(Method::POST, HOST, "/api/users", Some(&token), Some(body))
    });
    let responses = futures::future::join_all(attempts).await;
    let created = responses.iter().filter(|r| r.status() == 201).count();
    assert_eq!(created, 1, "the admin holds one of the two seats; exactly one more fits");
    for response in responses.into_iter().filter(|r| r.status() != 201) {
        assert_eq!(response.status(), 422);
        assert_eq!(response.json::<Value>().await.unwrap()["code"], "user_limit_reached");
    }
}

#[tokio::test]
async fn another_tenants_user_id_answers_exactly_like_a_missing_one() {
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    app.tenant_with_admin("beta").await;
    // Ids are per tenant: give beta more users, so the stranger's id exists only there.
    for i in 0..3 {
        app.create_user("beta", &format!("extra{i}@beta.example"), "atendente").await;
    }
    let stranger = app.create_user("beta", "x@beta.example", "atendente").await;
    let mine = app.create_user("acme", "y@acme.example", "atendente").await;
    assert!(stranger.id > mine.id);
    for (method, body) in
        [(Method::PUT, Some(json!({ "name": "Invasor" }))), (Method::PATCH, None), (Method::DELETE, None)]
    {
        let foreign =
            app.call(method.clone(), HOST, &format!("/api/users/{}", stranger.id), Some(&token), body.clone()).await;
        let missing = app.call(method.clone(), HOST, "/api/users/987654", Some(&token), body).await;
        assert_eq!(foreign.status(), 404, "{method}");
        assert_eq!(foreign.json::<Value>().await.unwrap(), missing.json::<Value>().await.unwrap(), "{method}");
    }
    let by_email = app
        .call(Method::POST, HOST, "/api/users/email", Some(&token), Some(json!({ "email": "x@beta.example" })))
        .await;
    assert_eq!(by_email.status(), 404);
    let own: Value = app
        .call(Method::POST, HOST, "/api/users/email", Some(&token), Some(json!({ "email": "y@acme.example" })))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(own, json!({ "id": mine.id, "name": "Pessoa de Teste", "email": "y@acme.example" }));
}

#[tokio::test]
async fn departments_are_created_renamed_and_deactivated() {
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    let created =
        app.call(Method::POST, HOST, "/api/departments", Some(&token), Some(json!({ "name": "Logística" }))).await;
    assert_eq!(created.status(), 201);
    let created: Value = created.json().await.unwrap();
    let path = format!("/api/departments/{}", created["id"]);
    let renamed: Value = app
        .call(
            Method::PUT,
            HOST,
            &path,
            Some(&token),
            Some(json!({ "name": "Logística e Entregas", "activated": false })),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(renamed, json!({ "id": created["id"], "name": "Logística e Entregas", "activated": false }));
    let taken =
        app.call(Method::POST, HOST, "/api/departments", Some(&token), Some(json!({ "name": "Comercial" }))).await;
    assert_eq!(taken.status(), 422);
    let functional: Value =
        app.call(Method::GET, HOST, "/api/users/is-funcional-user", Some(&token), None).await.json().await.unwrap();
    assert_eq!(functional, json!({ "isFunctional": false }));
}

#[tokio::test]
async fn whoever_manages_users_gets_the_forms_options_without_the_roles_or_instances_routes() {
    let app = TestApp::spawn().await;
    let (_, token) = setup(&app).await;
    let vendas = app.create_instance("acme", "WhatsApp Vendas").await;
    let atendente = role_id(&app, &token, "atendente").await;
    let grant = json!({ "roleId": atendente, "permissions": ["users"] });
    assert_eq!(app.call(Method::POST, HOST, "/api/permission/update", Some(&token), Some(grant)).await.status(), 200);
    let manager = app.create_user("acme", "bia@acme.example", "atendente").await;
    let manager_token = app.login(&manager).await;

    assert_eq!(app.call(Method::GET, HOST, "/api/permission", Some(&manager_token), None).await.status(), 403);
    let options: Value =
        app.call(Method::GET, HOST, "/api/users/options", Some(&manager_token), None).await.json().await.unwrap();
    let roles: Vec<&str> = options["roles"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert!(roles.contains(&"administrador") && roles.contains(&"atendente"), "{options}");
    assert_eq!(options["instances"], json!([{ "id": vendas, "name": "WhatsApp Vendas", "activated": true }]));
    assert!(options["departments"].is_array());
}

#[tokio::test]
async fn the_list_shows_connected_only_users_with_a_socket_open() {
    let app = TestApp::spawn().await;
    let (admin, token) = setup(&app).await;
    let connected = |page: &Value| {
        page["data"].as_array().unwrap().iter().find(|u| u["email"] == admin.email).unwrap()["isConnected"].clone()
    };
    let page: Value = app.call(Method::GET, HOST, "/api/users", Some(&token), None).await.json().await.unwrap();
    assert_eq!(connected(&page), false, "logged in, no socket");
    let _socket = crate::support::socket::open(&app, &admin, &token, None).await.unwrap();
    let page: Value = app.call(Method::GET, HOST, "/api/users", Some(&token), None).await.json().await.unwrap();
    assert_eq!(connected(&page), true, "socket open");
}

/// Creates `email` through the API; the status and the error code (if any).
async fn try_create(app: &TestApp, token: &str, atendente: i64, email: &str, username: &str) -> (u16, Value) {
    let body = json!({ "name": "Mesma Pessoa", "email": email, "username": username, "password": "Senha#Forte!9", "role_id": atendente });
    let response = app.call(Method::POST, HOST, "/api/users", Some(token), Some(body)).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn a_taken_email_gets_one_answer_whether_the_requests_race_or_not() {
    let app = TestApp::spawn().await;
    let (admin, token) = setup(&app).await;
    let atendente = role_id(&app, &token, "atendente").await;

    // Eight creations of the same address at once: one wins, every other gets the same 422.
    let racing = (0..8).map(|i| {
        let (app, token) = (&app, token.clone());
        async move { try_create(app, &token, atendente, "dupla@acme.example", &format!("dupla{i}")).await }
    });
    let answers = futures::future::join_all(racing).await;
    assert_eq!(answers.iter().filter(|(status, _)| *status == 201).count(), 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(*status, 422, "{body}");
        assert_eq!(body["code"], "email_taken", "{body}");
        assert_eq!(body["errors"][0]["field"], "email", "{body}");
    }

    // The same fact afterwards, on create (any case) and on changing another user's email.
    let (status, body) = try_create(&app, &token, atendente, "DUPLA@acme.example", "outra").await;
    assert_eq!((status, body["code"].clone()), (422, json!("email_taken")));
    let changed = app
        .call(
            Method::PUT,
            HOST,
            &format!("/api/users/{}", admin.id),
            Some(&token),
            Some(json!({ "email": "dupla@acme.example" })),
        )
        .await;
    assert_eq!(changed.status(), 422);
    assert_eq!(changed.json::<Value>().await.unwrap()["code"], "email_taken");
    // And a taken username is its own fact.
    let winner = answers.iter().find(|(status, _)| *status == 201).unwrap().1["username"].as_str().unwrap().to_owned();
    let (status, body) = try_create(&app, &token, atendente, "livre@acme.example", &winner).await;
    assert_eq!((status, body["code"].clone()), (422, json!("username_taken")), "{body}");
}
