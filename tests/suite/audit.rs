//! The audit log (docs/audit.md) through the real HTTP surface: each audited change is recorded
//! once it succeeded — who (a person's session or an integration's token), when, from where,
//! what — and nothing else is; GraphQL's user mutations too; the log pages by key, filters by
//! person, action and period, exports to a sheet (itself recorded); no one changes a row, not even
//! in the database; only who keeps the users reads it, and only their own company's.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    provider::{customer_message, push},
    team::Team,
};

async fn log(team: &Team, query: &str) -> Value {
    let (status, page) = team.call(&team.admin_token, Method::GET, &format!("/api/audit{query}"), None).await;
    assert_eq!(status, 200, "{page}");
    page
}

fn actions(page: &Value) -> Vec<&str> {
    page["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn each_successful_change_is_recorded_with_who_when_where_and_through_what() {
    let (team, _provider) = Team::start().await;
    let before = log(&team, "").await["data"].as_array().unwrap().len();

    // A person's change, through their session.
    let (ana, ana_token) = team.agent("Ana", &[team.instance]).await;
    let page = log(&team, "").await;
    let entry = &page["data"][0];
    assert_eq!(entry["action"], "users_create", "{page}");
    assert_eq!(entry["label"], "Cria um usuário");
    assert_eq!(entry["area"], "usuários");
    assert_eq!((entry["method"].as_str(), entry["path"].as_str()), (Some("POST"), Some("/api/users")));
    assert_eq!(entry["status"], 201);
    assert_eq!(entry["userName"], "Pessoa de Teste");
    assert_eq!(entry["userId"].as_i64(), Some(i64::from(team.admin.id)));
    assert_eq!((entry["via"].as_str(), entry["apiTokenId"].as_i64()), (Some("session"), None));
    assert_eq!(entry["ip"], "127.0.0.1");
    let at = chrono::DateTime::parse_from_rfc3339(entry["at"].as_str().unwrap()).unwrap();
    assert!((chrono::Utc::now() - at.to_utc()).num_seconds().abs() < 60, "{entry}");
    assert_eq!(page["data"].as_array().unwrap().len(), before + 1);

    // Nothing for a read, a refused change or a change that failed.
    team.call(&team.admin_token, Method::GET, "/api/users", None).await;
    let (status, _) = team.call(&ana_token, Method::POST, "/api/tags", Some(json!({ "name": "Nope" }))).await;
    assert_eq!(status, 403);
    let taken = json!({ "name": "Outra Ana", "email": "ana@acme.example", "password": "Senha#Forte!9", "role_id": 1 });
    let (status, _) = team.call(&team.admin_token, Method::POST, "/api/users", Some(taken)).await;
    assert_eq!(status, 422, "the email is taken");
    assert_eq!(log(&team, "").await["data"].as_array().unwrap().len(), before + 1, "only the success");

    // An integration's change, attributed to its token.
    let (_, roles) = team.call(&team.admin_token, Method::GET, "/api/permission", None).await;
    let admin_role = roles.as_array().unwrap().iter().find(|r| r["name"] == "administrador").unwrap()["id"].clone();
    let (_, created) = team
        .call(&team.admin_token, Method::POST, "/api/tokens", Some(json!({ "name": "n8n", "roleId": admin_role })))
        .await;
    let token = created["token"].as_str().unwrap();
    let (status, tag) = team.call(token, Method::POST, "/api/tags", Some(json!({ "name": "Atacado" }))).await;
    assert_eq!(status, 201, "{tag}");
    let page = log(&team, "").await;
    assert_eq!(actions(&page)[..2], ["tags_create", "api_tokens_create"], "{page}");
    let by_token = &page["data"][0];
    assert_eq!((by_token["via"].as_str(), by_token["userName"].as_str()), (Some("token"), Some("n8n")));
    assert_eq!(by_token["apiTokenId"], created["id"]);
    assert!(!page.to_string().contains(token), "the secret is never in the log");

    // GraphQL's user mutations are recorded in their own transaction.
    let mutation =
        json!({ "query": format!("mutation {{ updateUser(id: {}, name: \"Ana Lima\") {{ name }} }}", ana.id) });
    let (status, answer) = team.call(&team.admin_token, Method::POST, "/graphql", Some(mutation)).await;
    assert_eq!((status, answer["data"]["updateUser"]["name"].as_str()), (200, Some("Ana Lima")), "{answer}");
    let page = log(&team, "").await;
    assert_eq!(page["data"][0]["action"], "graphql_updateUser", "{page}");
    assert_eq!(page["data"][0]["label"], "Altera um usuário (GraphQL)");

    // Filters: by action, by person, by period; a reversed period is a field error.
    let page = log(&team, "?action=users_create").await;
    assert!(actions(&page).iter().all(|a| *a == "users_create") && !actions(&page).is_empty(), "{page}");
    let integration = by_token["userId"].as_i64().unwrap();
    assert_eq!(actions(&log(&team, &format!("?userId={integration}")).await), ["tags_create"]);
    let today = chrono::Utc::now().date_naive();
    let long_ago = log(&team, "?from=2020-01-01&to=2020-01-31").await;
    assert_eq!(long_ago["data"].as_array().map(Vec::len), Some(0));
    let around = format!("?from={}&to={}", today - chrono::Duration::days(1), today + chrono::Duration::days(1));
    assert!(!log(&team, &around).await["data"].as_array().unwrap().is_empty());
    let (status, refused) =
        team.call(&team.admin_token, Method::GET, "/api/audit?from=2026-02-10&to=2026-02-01", None).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_audit_filter")), "{refused}");
    assert_eq!(refused["errors"][0]["field"], "to");

    // The filters offer every recorded action and the integration beside the people.
    let (_, filters) = team.call(&team.admin_token, Method::GET, "/api/audit/filters", None).await;
    let offered: Vec<&str> =
        filters["actions"].as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap()).collect();
    for action in ["users_create", "permissions_update", "api_tokens_revoke", "tenant_sheets", "graphql_updateUser"] {
        assert!(offered.contains(&action), "{action} in {offered:?}");
    }
    for not_a_change in ["users_list", "tickets_list", "users_by_email", "tickets_tags", "tickets_send"] {
        assert!(!offered.contains(&not_a_change), "{not_a_change} in {offered:?}");
    }
    let n8n = filters["actors"].as_array().unwrap().iter().find(|a| a["name"] == "n8n").unwrap();
    assert_eq!(n8n["kind"], "integration");

    // The sheet: a workbook, and its download is on the record.
    let response = team
        .app
        .call(Method::GET, "acme.localhost", "/api/audit/sheet?action=users_create", Some(&team.admin_token), None)
        .await;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-disposition"].to_str().unwrap().contains("auditoria-"),
        "{:?}",
        response.headers()
    );
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..2], b"PK", "an .xlsx (zip) file");
    assert_eq!(log(&team, "").await["data"][0]["action"], "audit_sheet");
}

#[tokio::test]
async fn the_log_pages_by_key_cannot_be_changed_and_is_each_companys_own() {
    let (team, _provider) = Team::start().await;
    // A long log, written behind the product's back.
    let rows: Vec<String> = (0..70)
        .map(|i| {
            format!(
                "('2026-11-02T12:{:02}:00+00:00', 1, 'Carga', 'areas_x', 'Ação {i}', 'teste', 'PUT', '/api/x/{i}', 200)",
                i % 60
            )
        })
        .collect();
    team.app
        .execute(
            "acme",
            &format!(
                "INSERT INTO audit_log (at, user_id, user_name, action, label, area, method, path, status) VALUES {}",
                rows.join(", ")
            ),
        )
        .await;
    let first = log(&team, "?action=areas_x").await;
    assert_eq!(first["data"].as_array().map(Vec::len), Some(50));
    assert_eq!(first["data"][0]["path"], "/api/x/69", "newest first");
    let cursor = first["nextCursor"].as_i64().expect("another page");
    let second = log(&team, &format!("?action=areas_x&before={cursor}")).await;
    assert_eq!(second["data"].as_array().map(Vec::len), Some(20));
    assert_eq!(second["data"][19]["path"], "/api/x/0");
    assert!(second["nextCursor"].is_null());

    // Append-only: no route changes or removes a row, and the database refuses an update.
    for method in [Method::PUT, Method::PATCH, Method::DELETE] {
        let (status, _) = team.call(&team.admin_token, method.clone(), "/api/audit", None).await;
        assert_eq!(status, 405, "{method}");
    }
    let refused = team.app.try_execute("acme", "UPDATE audit_log SET user_name = 'Ninguém'").await;
    assert!(refused.unwrap_err().contains("append-only"));
    let untouched = team.app.scalar("acme", "SELECT COUNT(*) FROM audit_log WHERE user_name = 'Ninguém'").await;
    assert_eq!(untouched, 0);

    // Only who keeps the users reads it.
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    for path in ["/api/audit", "/api/audit/filters", "/api/audit/sheet"] {
        let (status, _) = team.call(&ana, Method::GET, path, None).await;
        assert_eq!(status, 403, "{path}");
    }
    // Another company's administrator sees only their own company's log.
    let beta = team.app.tenant_with_admin("beta").await;
    let beta_token = team.app.login(&beta).await;
    let response = team.app.call(Method::GET, "beta.localhost", "/api/audit", Some(&beta_token), None).await;
    let page: Value = response.json().await.unwrap();
    assert!(!page.to_string().contains("/api/x/") && !page.to_string().contains("/api/users"), "{page}");
}

#[tokio::test]
async fn opening_someone_elses_conversation_is_recorded_once_an_hour_when_the_company_asks() {
    let (team, _provider) = Team::start().await;
    let hello = customer_message("m1", "+55 11 98888-7777", "Carla Dias", "Oi, tudo bem?");
    assert_eq!(push(&team.app, "acme.localhost", team.instance, "evt-1", &hello).await.status(), 200);
    let (_, page) = team.call(&team.admin_token, Method::GET, "/api/tickets?status=pending", None).await;
    let ticket = page["data"][0]["id"].as_i64().unwrap();
    let conversation = format!("/api/tickets/{ticket}/messages");
    let reads = |page: &Value| actions(page).iter().filter(|a| **a == "tickets_conversation_read").count();

    // Waiting for someone: anyone may look before accepting; nothing is recorded. (Opened once
    // before the settings change too: the server keeps them, and must let go of the old ones.)
    team.call(&team.admin_token, Method::GET, &conversation, None).await;
    let (_, settings) = team.call(&team.admin_token, Method::GET, "/api/audit/settings", None).await;
    assert_eq!(settings, json!({ "conversationReads": false }));
    let (status, _) = team
        .call(&team.admin_token, Method::PUT, "/api/audit/settings", Some(json!({ "conversationReads": true })))
        .await;
    assert_eq!(status, 200);
    team.call(&team.admin_token, Method::GET, &conversation, None).await;
    assert_eq!(reads(&log(&team, "").await), 0, "a ticket without an owner is anyone's to look at");

    // Ana's now: her own reading is not recorded; the administrator's is, once an hour.
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    let (status, _) = team.call(&ana, Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
    assert_eq!(status, 200);
    team.call(&ana, Method::GET, &conversation, None).await;
    assert_eq!(reads(&log(&team, "").await), 0);
    for _ in 0..3 {
        let (status, _) = team.call(&team.admin_token, Method::GET, &conversation, None).await;
        assert_eq!(status, 200);
    }
    team.call(&team.admin_token, Method::GET, &format!("{conversation}?before=999999"), None).await;
    let page = log(&team, "").await;
    assert_eq!(reads(&page), 1, "{page}");
    let read = page["data"].as_array().unwrap().iter().find(|e| e["action"] == "tickets_conversation_read").unwrap();
    assert_eq!(
        (read["userId"].as_i64(), read["path"].as_str()),
        (Some(i64::from(team.admin.id)), Some(conversation.as_str()))
    );
    assert_eq!(read["label"], "Abre a conversa de um atendimento de outra pessoa");

    // Off again: nothing more.
    team.call(&team.admin_token, Method::PUT, "/api/audit/settings", Some(json!({ "conversationReads": false }))).await;
    team.app.execute("acme", "DELETE FROM audit_log WHERE action = 'tickets_conversation_read'").await;
    team.call(&team.admin_token, Method::GET, &conversation, None).await;
    assert_eq!(reads(&log(&team, "").await), 0);
    let (status, _) =
        team.call(&ana, Method::PUT, "/api/audit/settings", Some(json!({ "conversationReads": true }))).await;
    assert_eq!(status, 403, "only who keeps the users decides");
}
