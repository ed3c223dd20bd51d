//! Every directory operation of docs/contracts.md#api-calls GraphQL, through `/graphql` and `/{tenant}/graphql`,
//! and the field rules refusing a user without the `users` route.

use backoffice::{context::Access, domain::tenants, graphql::rules::FIELD_RULES, tenancy::TenantName};
use reqwest::Method;
use serde_json::{Value, json};

use std::time::Duration;

use crate::support::{
    TestApp,
    socket::{next_event, open},
};

async fn gql(app: &TestApp, path: &str, token: &str, query: &str, variables: Value) -> Value {
    let response = app
        .call(
            Method::POST,
            "acme.localhost",
            path,
            Some(token),
            Some(json!({ "query": query, "variables": variables })),
        )
        .await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_directory_operations_work_at_both_endpoints() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let vendas = app.create_instance("acme", "WhatsApp Vendas").await;
    let suporte = app.create_instance("acme", "WhatsApp Suporte").await;
    let roles: Value =
        app.call(Method::GET, "acme.localhost", "/api/permission", Some(&token), None).await.json().await.unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();

    for (i, path) in ["/graphql", "/acme/graphql"].into_iter().enumerate() {
        let email = format!("nova{i}@acme.example");
        let created = gql(
            &app,
            path,
            &token,
            "mutation($email: String!, $role: Int!, $inst: [Int!]) { newUser(username: null, name: \"Nova Pessoa\", email: $email, password: \"Senha#Forte!9\", role_id: $role, user_department_id: null, chosen_instances: $inst) { id email role { name } userInstances { id instance { id name } } } }",
            json!({ "email": email, "role": atendente, "inst": [vendas] }),
        )
        .await;
        let user = &created["data"]["newUser"];
        assert_eq!(user["email"], email, "{created}");
        assert_eq!(user["role"]["name"], "atendente");
        let id = user["id"].as_i64().unwrap();
        let link = user["userInstances"][0]["id"].as_i64().unwrap();

        let updated = gql(&app, path, &token, "mutation($id: Int!, $inst: [Int!]) { updateUser(id: $id, name: \"Nome Novo\", chosen_instances: $inst) { name userInstances { instance { name } } } }", json!({ "id": id, "inst": [vendas, suporte] })).await;
        assert_eq!(updated["data"]["updateUser"]["name"], "Nome Novo");
        assert_eq!(updated["data"]["updateUser"]["userInstances"].as_array().unwrap().len(), 2);

        let links = gql(
            &app,
            path,
            &token,
            "query($id: Int!) { userInstances(user_id: $id) { id instance { id name activated } } }",
            json!({ "id": id }),
        )
        .await;
        assert_eq!(links["data"]["userInstances"].as_array().unwrap().len(), 2);
        let first = links["data"]["userInstances"][0]["id"].as_i64().unwrap();
        assert_ne!(first, link, "links were replaced");
        let removed =
            gql(&app, path, &token, "mutation($id: Int!) { deleteUserInstance(id: $id) }", json!({ "id": first }))
                .await;
        assert_eq!(removed["data"]["deleteUserInstance"], true);

        let listed =
            gql(&app, path, &token, "{ users { id email isConnected userDepartment { id name } } }", json!({})).await;
        assert!(listed["data"]["users"].as_array().unwrap().iter().any(|u| u["id"] == id));

        let others = gql(
            &app,
            path,
            &token,
            "query($r: [Int!]) { instances(remove_ids: $r) { id name activated } }",
            json!({ "r": [vendas] }),
        )
        .await;
        assert_eq!(
            others["data"]["instances"],
            json!([{ "id": suporte, "name": "WhatsApp Suporte", "activated": true }])
        );

        let deleted = gql(&app, path, &token, "mutation($id: Int!) { deleteUser(id: $id) }", json!({ "id": id })).await;
        assert_eq!(deleted["data"]["deleteUser"], true);
        let missing = gql(&app, path, &token, "mutation($id: Int!) { deleteUser(id: $id) }", json!({ "id": id })).await;
        assert_eq!(missing["errors"][0]["extensions"]["code"], "user_not_found");
    }
}

/// `connected`, `disconnected` and `disconnectUser` tell the managers and the user concerned on the
/// socket (`UserConnected` / `UserDisconnected`), and no other agent.
#[tokio::test]
async fn presence_changes_reach_the_managers_and_the_user_concerned() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let caio = app.create_user("acme", "caio@acme.example", "atendente").await;
    let (admin_token, bia_token, caio_token) = (app.login(&admin).await, app.login(&bia).await, app.login(&caio).await);
    let mut admin_socket = open(&app, &admin, &admin_token, None).await.unwrap();
    let mut bia_socket = open(&app, &bia, &bia_token, None).await.unwrap();
    let mut caio_socket = open(&app, &caio, &caio_token, None).await.unwrap();
    let wait = Duration::from_secs(5);

    gql(&app, "/graphql", &bia_token, "mutation { disconnected }", json!({})).await;
    for socket in [&mut admin_socket, &mut bia_socket] {
        let event = next_event(socket, wait).await.expect("the change is told");
        assert_eq!(
            (event["event"].as_str(), event["user_id"].as_i64()),
            (Some("UserDisconnected"), Some(bia.id as i64))
        );
        // The agent status it is (docs/service-levels.md#agent-status).
        let status = next_event(socket, wait).await.expect("and the status");
        assert_eq!((status["event"].as_str(), status["status"].as_str()), (Some("UserStatusChanged"), Some("offline")));
    }
    gql(&app, "/graphql", &bia_token, "mutation { connected }", json!({})).await;
    let event = next_event(&mut admin_socket, wait).await.expect("the manager is told");
    assert_eq!(event["event"], "UserConnected");
    assert_eq!(next_event(&mut admin_socket, wait).await.unwrap()["status"], "online");
    assert_eq!(next_event(&mut bia_socket, wait).await.expect("so is Bia")["event"], "UserConnected");
    assert_eq!(next_event(&mut bia_socket, wait).await.unwrap()["status"], "online");

    let kicked = "mutation($u: Int!) { disconnectUser(user_id: $u) }";
    assert_eq!(
        gql(&app, "/graphql", &admin_token, kicked, json!({ "u": bia.id })).await["data"]["disconnectUser"],
        true
    );
    let event = next_event(&mut bia_socket, wait).await.expect("Bia learns an administrator set her away");
    assert_eq!((event["event"].as_str(), event["user_id"].as_i64()), (Some("UserDisconnected"), Some(bia.id as i64)));
    assert!(next_event(&mut caio_socket, Duration::from_millis(300)).await.is_none(), "another agent is not told");
}

#[tokio::test]
async fn presence_and_online_users() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let vendas = app.create_instance("acme", "WhatsApp Vendas").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let admin_token = app.login(&admin).await;
    let bia_token = app.login(&bia).await;
    link(&app, &admin_token, bia.id, vendas).await;

    // Logged in (available) but without a realtime socket: not online.
    let online = gql(
        &app,
        "/graphql",
        &admin_token,
        "query($i: Int) { onlineUsers(user_id: null, instance_id: $i) { email } }",
        json!({ "i": vendas }),
    )
    .await;
    assert_eq!(online["data"]["onlineUsers"], json!([]), "no socket open");
    let bia_socket = open(&app, &bia, &bia_token, None).await.unwrap();

    assert_eq!(
        gql(&app, "/graphql", &bia_token, "mutation { disconnected }", json!({})).await["data"]["disconnected"],
        true
    );
    let online = gql(
        &app,
        "/graphql",
        &admin_token,
        "query($i: Int) { onlineUsers(user_id: null, instance_id: $i) { email } }",
        json!({ "i": vendas }),
    )
    .await;
    assert_eq!(online["data"]["onlineUsers"], json!([]), "away");
    assert_eq!(gql(&app, "/graphql", &bia_token, "mutation { connected }", json!({})).await["data"]["connected"], true);
    let online = gql(&app, "/graphql", &admin_token, "query($i: Int) { onlineUsers(user_id: null, instance_id: $i) { id email name image userDepartment { id name } } }", json!({ "i": vendas })).await;
    assert_eq!(online["data"]["onlineUsers"][0]["email"], "bia@acme.example");
    let except_bia = gql(
        &app,
        "/graphql",
        &admin_token,
        "query($u: Int, $i: Int) { onlineUsers(user_id: $u, instance_id: $i) { email } }",
        json!({ "u": bia.id, "i": vendas }),
    )
    .await;
    assert_eq!(except_bia["data"]["onlineUsers"], json!([]));

    let kicked = gql(
        &app,
        "/graphql",
        &admin_token,
        "mutation($u: Int!) { disconnectUser(user_id: $u) }",
        json!({ "u": bia.id }),
    )
    .await;
    assert_eq!(kicked["data"]["disconnectUser"], true);
    let online = gql(
        &app,
        "/graphql",
        &admin_token,
        "query($i: Int) { onlineUsers(instance_id: $i) { email } }",
        json!({ "i": vendas }),
    )
    .await;
    assert_eq!(online["data"]["onlineUsers"], json!([]));

    // Available again, then the socket closes: offline once the server saw the close.
    gql(&app, "/graphql", &bia_token, "mutation { connected }", json!({})).await;
    let online = gql(&app, "/graphql", &admin_token, "{ onlineUsers { email } }", json!({})).await;
    assert_eq!(online["data"]["onlineUsers"][0]["email"], "bia@acme.example");
    drop(bia_socket);
    let mut online = Value::Null;
    for _ in 0..50 {
        online = gql(&app, "/graphql", &admin_token, "{ onlineUsers { email } }", json!({})).await;
        if online["data"]["onlineUsers"] == json!([]) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(online["data"]["onlineUsers"], json!([]), "socket closed");
}

#[tokio::test]
async fn fields_needing_the_users_route_refuse_an_agent() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&agent).await;
    let calls = [
        ("users", "{ users { id } }"),
        ("userInstances", "{ userInstances(user_id: 1) { id } }"),
        (
            "newUser",
            "mutation { newUser(name: \"x\", email: \"x@x.example\", password: \"Senha#Forte!9\", role_id: 1) { id } }",
        ),
        ("updateUser", "mutation { updateUser(id: 1, name: \"x\") { id } }"),
        ("deleteUser", "mutation { deleteUser(id: 1) }"),
        ("deleteUserInstance", "mutation { deleteUserInstance(id: 1) }"),
        ("disconnectUser", "mutation { disconnectUser(user_id: 1) }"),
    ];
    let protected: Vec<&str> =
        FIELD_RULES.iter().filter(|(_, a)| matches!(a, Access::Route(_))).map(|(name, _)| *name).collect();
    assert_eq!(protected.len(), calls.len(), "every route-protected field is exercised here");
    for (field, query) in calls {
        let body = gql(&app, "/graphql", &token, query, json!({})).await;
        assert_eq!(body["errors"][0]["extensions"]["code"], "forbidden", "{field}: {body}");
    }
}

/// Issue 46's agent status (docs/service-levels.md#agent-status): an agent says she is ausente,
/// with a reason. She stays connected, the managers hear it live and see it on the control panel
/// with its start, she is offered as nobody's transfer target, her own status says so, bad input is
/// refused in Portuguese, and her next login starts her online again.
#[tokio::test]
async fn an_agent_going_ausente_is_shown_live_to_managers_and_offered_no_transfers() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    // The control panel is part of the analytics feature.
    let acme = tenants::find_by_name(app.dbs().control(), &TenantName::parse("acme").unwrap()).await.unwrap();
    tenants::set_feature(app.dbs().control(), &acme, "analytics", true, &app.state.bus).await.unwrap();
    let vendas = app.create_instance("acme", "WhatsApp Vendas").await;
    let bia = app.create_user("acme", "bia@acme.example", "atendente").await;
    let caio = app.create_user("acme", "caio@acme.example", "atendente").await;
    let (admin_token, bia_token, caio_token) = (app.login(&admin).await, app.login(&bia).await, app.login(&caio).await);
    link(&app, &admin_token, bia.id, vendas).await;
    let mut admin_socket = open(&app, &admin, &admin_token, None).await.unwrap();
    let _bia_socket = open(&app, &bia, &bia_token, None).await.unwrap();
    let mut caio_socket = open(&app, &caio, &caio_token, None).await.unwrap();
    let status = |token: &str, body: Value| {
        let token = token.to_owned();
        let app = &app;
        async move {
            let response = app.call(Method::PUT, "acme.localhost", "/api/auth/status", Some(&token), Some(body)).await;
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
        }
    };
    let targets = || async {
        let query = "query($i: Int) { onlineUsers(user_id: null, instance_id: $i) { email } }";
        gql(&app, "/graphql", &admin_token, query, json!({ "i": vendas })).await["data"]["onlineUsers"].clone()
    };
    assert_eq!(targets().await, json!([{ "email": "bia@acme.example" }]), "online: a transfer target");

    let (code, away) = status(&bia_token, json!({ "status": "ausente", "reason": "  almoço " })).await;
    assert_eq!(
        (code, away["status"].as_str(), away["reason"].as_str()),
        (200, Some("ausente"), Some("almoço")),
        "{away}"
    );
    let event = next_event(&mut admin_socket, Duration::from_secs(5)).await.expect("the managers are told");
    assert_eq!(
        (event["event"].as_str(), event["user_id"].as_i64(), event["status"].as_str(), event["reason"].as_str()),
        (Some("UserStatusChanged"), Some(bia.id as i64), Some("ausente"), Some("almoço"))
    );
    assert!(next_event(&mut caio_socket, Duration::from_millis(300)).await.is_none(), "another agent is not told");
    assert_eq!(targets().await, json!([]), "ausente: offered to nobody");

    let panel = app.call(Method::GET, "acme.localhost", "/api/dashboard/control-panel", Some(&admin_token), None).await;
    let panel: Value = panel.json().await.unwrap();
    let row = panel["agents"].as_array().unwrap().iter().find(|a| a["userId"] == bia.id).cloned().expect("{panel}");
    assert_eq!(
        (row["online"].as_bool(), row["status"].as_str(), row["awayReason"].as_str()),
        (Some(true), Some("ausente"), Some("almoço"))
    );
    assert_eq!(row["statusSince"], away["since"], "since when");

    // Another reason for the same absence keeps its start; her own view says it.
    let (_, meeting) = status(&bia_token, json!({ "status": "ausente", "reason": "reunião" })).await;
    assert_eq!((meeting["reason"].as_str(), &meeting["since"]), (Some("reunião"), &away["since"]));
    let own = app.call(Method::GET, "acme.localhost", "/api/auth/status", Some(&bia_token), None).await;
    assert_eq!(own.json::<Value>().await.unwrap()["reason"], "reunião");
    let info = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&bia_token), None).await;
    let info: Value = info.json().await.unwrap();
    assert_eq!(
        (info["status"]["status"].as_str(), info["user"]["isConnected"].as_bool()),
        (Some("ausente"), Some(true))
    );

    let (code, refused) = status(&bia_token, json!({ "status": "away" })).await;
    assert_eq!((code, refused["code"].as_str()), (422, Some("invalid_status")), "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("online, ausente ou offline"));
    let (code, refused) = status(&bia_token, json!({ "status": "ausente", "reason": "x".repeat(61) })).await;
    assert_eq!((code, refused["code"].as_str()), (422, Some("invalid_reason")), "{refused}");

    // Online again: the reason goes, a transfer target again; the next login starts online too.
    let (_, back) = status(&bia_token, json!({ "status": "online", "reason": "ignorado" })).await;
    assert_eq!((back["status"].as_str(), &back["reason"]), (Some("online"), &Value::Null));
    assert_eq!(targets().await, json!([{ "email": "bia@acme.example" }]));
    status(&bia_token, json!({ "status": "ausente" })).await;
    app.login(&bia).await;
    assert_eq!(targets().await, json!([{ "email": "bia@acme.example" }]), "a login starts the day online");
}

/// Links user `user_id` to instance `instance` (the administrator's `updateUser`).
async fn link(app: &TestApp, admin_token: &str, user_id: i32, instance: i32) {
    let mutation = "mutation($id: Int!, $i: [Int!]) { updateUser(id: $id, chosen_instances: $i) { id } }";
    gql(app, "/graphql", admin_token, mutation, json!({ "id": user_id, "i": [instance] })).await;
}
