//! API tokens (docs/api-tokens.md): an integration calls REST and GraphQL with a `bo_…` bearer,
//! within its role's routes and its instances, attributed to its own name, until it expires or is
//! revoked — never on the socket, never logging in, never holding a seat, kept only as a hash.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    TestApp,
    provider::{FakeProvider, customer_message, push},
    socket,
    team::Team,
};

const HOST: &str = "acme.localhost";

async fn role_id(team: &Team, name: &str) -> Value {
    let (_, roles) = team.call(&team.admin_token, Method::GET, "/api/permission", None).await;
    roles.as_array().unwrap().iter().find(|r| r["name"] == name).unwrap()["id"].clone()
}

async fn create(team: &Team, body: Value) -> Value {
    let (status, created) = team.call(&team.admin_token, Method::POST, "/api/tokens", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    created
}

#[tokio::test]
async fn an_integration_works_with_its_token_within_its_role_and_instances_until_revoked() {
    let (team, provider) = Team::start().await;
    let other_provider = FakeProvider::start().await;
    let other_instance =
        team.app.instance_with_provider("acme", &team.admin_token, "WhatsApp Suporte", &other_provider).await;
    let attendant = role_id(&team, "atendente").await;
    let admin_role = role_id(&team, "administrador").await;

    // Checked by field; kept by whoever keeps the users.
    let past = (chrono::Utc::now() - chrono::Duration::hours(1)).to_rfc3339();
    let (status, refused) = team
        .call(
            &team.admin_token,
            Method::POST,
            "/api/tokens",
            Some(json!({ "name": " ", "roleId": 999_999, "instanceIds": [999_999], "expiresAt": past })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_api_token")), "{refused}");
    let fields: Vec<&str> =
        refused["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["name", "roleId", "instanceIds", "expiresAt"]);
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    let (status, _) =
        team.call(&ana, Method::POST, "/api/tokens", Some(json!({ "name": "x", "roleId": attendant }))).await;
    assert_eq!(status, 403, "an attendant does not keep the users");

    // Created: the secret once, then only its first characters.
    let created =
        create(&team, json!({ "name": "ERP Bling", "roleId": attendant, "instanceIds": [team.instance] })).await;
    let token = created["token"].as_str().unwrap().to_owned();
    assert!(token.starts_with("bo_") && token.len() == 43, "{token}");
    assert_eq!(created["prefix"].as_str(), Some(&token[..9]));
    assert_eq!((created["status"].as_str(), created["roleName"].as_str()), (Some("active"), Some("atendente")));
    assert_eq!(created["instanceIds"], json!([team.instance]));
    let (_, listed) = team.call(&team.admin_token, Method::GET, "/api/tokens", None).await;
    assert_eq!(listed[0]["name"], "ERP Bling");
    assert!(listed[0].get("token").is_none() && !listed.to_string().contains(&token), "never shown again");
    let stored = team
        .app
        .scalar("acme", &format!("SELECT COUNT(*) FROM api_tokens WHERE secret_hash = '{token}' OR prefix = '{token}'"))
        .await;
    assert_eq!(stored, 0, "kept as a hash");
    assert_eq!(team.app.scalar("acme", "SELECT COUNT(*) FROM api_tokens WHERE length(secret_hash) = 64").await, 1);

    // Its conversations: the customer on its number; not the other number's.
    let message = customer_message("t-1", "+55 11 95555-0001", "Carla Dias", "Quero o boleto");
    push(&team.app, HOST, team.instance, "evt-t-1", &message).await;
    let (status, page) = team.call(&token, Method::GET, "/api/tickets?status=pending", None).await;
    assert_eq!(status, 200, "{page}");
    let ticket = page["data"][0]["id"].as_i64().expect("its number's ticket");
    let (status, _) = team.call(&token, Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
    assert_eq!(status, 200);
    let (status, sent) = team
        .call(
            &token,
            Method::POST,
            &format!("/api/tickets/{ticket}/messages"),
            Some(json!({ "body": "Segue o boleto." })),
        )
        .await;
    assert_eq!(status, 201, "{sent}");
    assert_eq!(sent["user"]["name"], "ERP Bling", "attributed to the integration");
    assert_eq!(provider.wait_sent(1).await[0].body, "Segue o boleto.");
    let message = customer_message("t-2", "+55 11 95555-0002", "Davi Lima", "Oi, suporte");
    push(&team.app, HOST, other_instance, "evt-t-2", &message).await;
    let (_, all) = team.call(&team.admin_token, Method::GET, "/api/tickets?status=pending", None).await;
    let elsewhere = all["data"][0]["id"].as_i64().expect("the other number's ticket");
    let (status, _) = team.call(&token, Method::GET, &format!("/api/tickets/{elsewhere}"), None).await;
    assert_eq!(status, 404, "another number's conversation is not there for it");
    let (_, page) = team.call(&token, Method::GET, "/api/tickets?status=pending", None).await;
    assert_eq!(page["data"].as_array().map(Vec::len), Some(0), "{page}");
    let (status, _) = team.call(&token, Method::GET, "/api/instance", None).await;
    assert_eq!(status, 403, "instances are not its role's");
    let (status, _) = team.call(&token, Method::GET, "/api/users", None).await;
    assert_eq!(status, 403, "outside its role's routes");

    // Last use recorded; not a seat; no login; no socket.
    let (_, listed) = team.call(&team.admin_token, Method::GET, "/api/tokens", None).await;
    assert_eq!(listed[0]["lastUsedIp"], "127.0.0.1", "{listed}");
    assert!(listed[0]["lastUsedAt"].is_string());
    let principal = listed[0]["userId"].as_i64().unwrap();
    let integration = team
        .app
        .scalar("acme", &format!("SELECT COUNT(*) FROM users WHERE id = {principal} AND kind = 'integration'"))
        .await;
    assert_eq!(integration, 1, "acting through its own principal");
    // Not among the people: the users list, its total and the home board's count leave it out, and
    // the users screens cannot change it (it is changed and revoked through its token).
    let (_, people) = team.call(&team.admin_token, Method::GET, "/api/users?page=1&limit=50", None).await;
    let ids: Vec<i64> = people["data"].as_array().unwrap().iter().filter_map(|u| u["id"].as_i64()).collect();
    assert!(!ids.contains(&principal), "{people}");
    assert_eq!(people["pagination"]["total"].as_u64(), Some(ids.len() as u64), "{people}");
    let (_, board) = team.call(&team.admin_token, Method::GET, "/api/home", None).await;
    assert_eq!(board["people"]["total"].as_u64(), Some(ids.len() as u64), "{board}");
    let body = json!({ "email": "erp@acme.example", "password": "Senha#Forte!9" });
    let (status, _) = team.call(&team.admin_token, Method::PUT, &format!("/api/users/{principal}"), Some(body)).await;
    assert_eq!(status, 404);
    let (status, _) = team.call(&team.admin_token, Method::DELETE, &format!("/api/users/{principal}"), None).await;
    assert_eq!(status, 404);
    // Its instance links are its restriction: no one removes them but by revoking the token.
    let link = team
        .app
        .scalar("acme", &format!("SELECT CAST(MIN(id) AS BIGINT) FROM user_instances WHERE user_id = {principal}"))
        .await;
    let mutation = json!({ "query": format!("mutation {{ deleteUserInstance(id: {link}) }}") });
    let (_, answer) = team.call(&team.admin_token, Method::POST, "/graphql", Some(mutation)).await;
    assert!(answer["errors"].is_array(), "{answer}");
    let kept = team.app.scalar("acme", &format!("SELECT COUNT(*) FROM user_instances WHERE id = {link}")).await;
    assert_eq!(kept, 1);
    // Even given a person's email and password behind the product's back, it never logs in.
    team.app
        .execute(
            "acme",
            &format!(
                "UPDATE users SET email = 'erp@acme.example', password_hash = \
                 (SELECT password_hash FROM users WHERE id = {}) WHERE id = {principal}",
                team.admin.id
            ),
        )
        .await;
    let principal_user = crate::support::TestUser {
        id: principal as i32,
        tenant: "acme".into(),
        email: "erp@acme.example".into(),
        password: team.admin.password.clone(),
    };
    let password = principal_user.password.clone();
    assert_eq!(team.app.login_response(&principal_user, &password).await.status(), 401);
    let refused = socket::open(&team.app, &team.admin, &token, None).await;
    assert!(refused.is_err(), "never on the socket");

    // An administrator's token reads GraphQL too, but never mints tokens.
    let admin_token =
        create(&team, json!({ "name": "n8n", "roleId": admin_role })).await["token"].as_str().unwrap().to_owned();
    let response = team
        .app
        .call(Method::POST, HOST, "/graphql", Some(&admin_token), Some(json!({ "query": "{ instances { id name } }" })))
        .await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["data"]["instances"].as_array().map(Vec::len), Some(2), "{answer}");
    let (status, refused) =
        team.call(&admin_token, Method::POST, "/api/tokens", Some(json!({ "name": "x", "roleId": attendant }))).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("api_token_by_token")));

    // Another tenant's host does not know it.
    let stranger = team.app.tenant_with_admin("globex").await;
    let response = team.app.call(Method::GET, &stranger.host(), "/api/tickets", Some(&token), None).await;
    assert_eq!(response.status(), 401);

    // Revoked: the next request is refused; what it did keeps its author.
    let (status, revoked) =
        team.call(&team.admin_token, Method::DELETE, &format!("/api/tokens/{}", created["id"]), None).await;
    assert_eq!((status, revoked["status"].as_str()), (200, Some("revoked")));
    let (status, _) = team.call(&token, Method::GET, "/api/tickets", None).await;
    assert_eq!(status, 401);
    let (_, messages) =
        team.call(&team.admin_token, Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
    assert!(messages.to_string().contains("ERP Bling"));
}

#[tokio::test]
async fn a_token_expires_and_is_held_to_its_rate() {
    let app = TestApp::spawn_with(|config| config.api_token_requests_per_minute = 3).await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    let response = app.call(Method::GET, HOST, "/api/permission", Some(&admin_token), None).await;
    let roles: Value = response.json().await.unwrap();
    let role = roles.as_array().unwrap().iter().find(|r| r["name"] == "administrador").unwrap()["id"].clone();
    let soon = (chrono::Utc::now() + chrono::Duration::seconds(2)).to_rfc3339();
    let body = json!({ "name": "Loja", "roleId": role, "expiresAt": soon });
    let response = app.call(Method::POST, HOST, "/api/tokens", Some(&admin_token), Some(body)).await;
    assert_eq!(response.status(), 201);
    let token = response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
    // Three a minute: seven calls meet the limit whichever minute boundary they straddle.
    let mut answered = Vec::new();
    for _ in 0..7 {
        let response = app.call(Method::GET, HOST, "/api/tickets", Some(&token), None).await;
        if response.status() == 429 {
            assert!(response.headers().contains_key("retry-after"));
        }
        answered.push(response.status().as_u16());
    }
    let passed = answered.iter().filter(|s| **s == 200).count();
    assert!((3..=6).contains(&passed) && answered.contains(&429), "{answered:?}");
    tokio::time::sleep(Duration::from_millis(2_200)).await;
    let expired = app.call(Method::GET, HOST, "/api/tickets", Some(&token), None).await;
    assert_eq!(expired.status(), 401);
    let body: Value = expired.json().await.unwrap();
    let (_, listed) = {
        let response = app.call(Method::GET, HOST, "/api/tokens", Some(&admin_token), None).await;
        (response.status(), response.json::<Value>().await.unwrap())
    };
    assert_eq!(listed[0]["status"], "expired", "{body}");
}
