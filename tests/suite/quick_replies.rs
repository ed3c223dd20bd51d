//! Quick replies (docs/quick-replies.md) through the real HTTP surface: who sees and keeps which
//! (the tenant's, a department's, a personal one), the `/` picker's replies filled for a ticket
//! with the empty variables named, uses counted by the messages sent with them, and another
//! tenant's or another person's replies answering as missing.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    TestApp, TestUser,
    provider::{FakeProvider, customer_message, push},
};

const HOST: &str = "acme.localhost";

struct Team {
    app: TestApp,
    admin_token: String,
    instance: i32,
    vendas: i64,
    suporte: i64,
}

impl Team {
    async fn call(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let response = self.app.call(method, HOST, path, Some(token), body).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// An attendant of `department`, linked to the instance, with a token.
    async fn agent(&self, email: &str, department: i64) -> (TestUser, String) {
        let (_, roles) = self.call(&self.admin_token, Method::GET, "/api/permission", None).await;
        let role = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
        let body = json!({ "name": email, "email": email, "password": "Senha#Forte!9", "role_id": role,
                           "chosen_instances": [self.instance], "user_department_id": department });
        let (status, created) = self.call(&self.admin_token, Method::POST, "/api/users", Some(body)).await;
        assert_eq!(status, 201, "{created}");
        let user = TestUser {
            id: created["id"].as_i64().unwrap() as i32,
            tenant: "acme".into(),
            email: email.into(),
            password: "Senha#Forte!9".into(),
        };
        let token = self.app.login(&user).await;
        (user, token)
    }
}

async fn team() -> (Team, FakeProvider) {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &admin_token, "WhatsApp Vendas", &provider).await;
    let mut team = Team { app, admin_token, instance, vendas: 0, suporte: 0 };
    for name in ["Vendas", "Suporte"] {
        let (status, created) =
            team.call(&team.admin_token, Method::POST, "/api/departments", Some(json!({ "name": name }))).await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_i64().unwrap();
        if name == "Vendas" { team.vendas = id } else { team.suporte = id }
    }
    (team, provider)
}

fn shortcuts(page: &Value) -> Vec<&str> {
    page["data"].as_array().unwrap().iter().map(|r| r["shortcut"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn each_reply_is_seen_and_kept_by_its_people_and_the_picker_fills_it_for_the_ticket() {
    let (team, _provider) = team().await;
    let admin = team.admin_token.clone();
    let (_, ana) = team.agent("ana@acme.example", team.vendas).await;
    let (_, bia) = team.agent("bia@acme.example", team.suporte).await;

    // The administrator keeps the tenant's and the departments' replies; a bad one says why.
    let (status, refused) = team
        .call(
            &admin,
            Method::POST,
            "/api/quick-replies",
            Some(json!({ "shortcut": "com espaço", "body": "x", "scope": "tenant" })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_shortcut")), "{refused}");
    let (status, refused) = team
        .call(
            &admin,
            Method::POST,
            "/api/quick-replies",
            Some(json!({ "shortcut": "oi", "body": "Olá {{cliente}}", "scope": "tenant" })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_variable")), "{refused}");
    let tenant_wide = json!({ "shortcut": "/Saudacao", "scope": "tenant",
                              "body": "{{saudacao}}, {{primeiro_nome}}! Aqui é {{atendente}}, protocolo {{protocolo}}." });
    let (status, created) = team.call(&admin, Method::POST, "/api/quick-replies", Some(tenant_wide.clone())).await;
    assert_eq!(
        (status, created["shortcut"].as_str(), created["scope"].as_str()),
        (201, Some("saudacao"), Some("tenant"))
    );
    let greeting = created["id"].as_i64().unwrap();
    let (status, refused) = team.call(&admin, Method::POST, "/api/quick-replies", Some(tenant_wide)).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("shortcut_taken")), "{refused}");
    let sales = json!({ "shortcut": "frete", "body": "Frete grátis acima de R$ 199 ({{departamento}}).",
                        "scope": "department", "departmentId": team.vendas });
    let (status, _) = team.call(&admin, Method::POST, "/api/quick-replies", Some(sales)).await;
    assert_eq!(status, 201);
    let support = json!({ "shortcut": "reset", "body": "Desligue e ligue o aparelho.", "scope": "department",
                          "departmentId": team.suporte });
    let (_, support) = team.call(&admin, Method::POST, "/api/quick-replies", Some(support)).await;
    let support_id = support["id"].as_i64().unwrap();

    // An attendant keeps only their own; the same shortcut is theirs to use.
    let (status, refused) = team
        .call(
            &ana,
            Method::POST,
            "/api/quick-replies",
            Some(json!({ "shortcut": "x", "body": "x", "scope": "tenant" })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("quick_reply_forbidden")));
    let (status, own) = team
        .call(&ana, Method::POST, "/api/quick-replies", Some(json!({ "shortcut": "frete", "body": "Meu frete" })))
        .await;
    assert_eq!((status, own["scope"].as_str(), own["editable"].as_bool()), (201, Some("personal"), Some(true)));
    let own_id = own["id"].as_i64().unwrap();

    // Who sees what: Ana her department's and her own, Bia hers, the administrator every shared one.
    let (_, page) = team.call(&ana, Method::GET, "/api/quick-replies", None).await;
    assert_eq!(shortcuts(&page), ["frete", "frete", "saudacao"]);
    assert!(page["data"].as_array().unwrap().iter().all(|r| r["editable"] == (r["scope"] == "personal")));
    let (_, page) = team.call(&bia, Method::GET, "/api/quick-replies", None).await;
    assert_eq!(shortcuts(&page), ["reset", "saudacao"]);
    let (_, page) = team.call(&admin, Method::GET, "/api/quick-replies?scope=department", None).await;
    assert_eq!(shortcuts(&page), ["frete", "reset"]);
    let (_, page) = team.call(&admin, Method::GET, "/api/quick-replies?q=GR%C3%81TIS", None).await;
    assert_eq!(shortcuts(&page), ["frete"], "the text is searched, case aside");
    let (_, first) = team.call(&admin, Method::GET, "/api/quick-replies?limit=2", None).await;
    let cursor = first["next_cursor"].as_str().unwrap().to_owned();
    let (_, second) =
        team.call(&admin, Method::GET, &format!("/api/quick-replies?limit=2&cursor={cursor}"), None).await;
    assert_eq!((shortcuts(&first), shortcuts(&second)), (vec!["frete", "reset"], vec!["saudacao"]));
    assert!(second["next_cursor"].is_null());

    // Another's personal reply does not exist for anyone else; a shared one is not theirs to change.
    for token in [&bia, &admin] {
        let (status, _) =
            team.call(token, Method::PUT, &format!("/api/quick-replies/{own_id}"), Some(json!({ "body": "x" }))).await;
        assert_eq!(status, 404);
    }
    let (status, _) = team.call(&ana, Method::DELETE, &format!("/api/quick-replies/{greeting}"), None).await;
    assert_eq!(status, 403);
    let (status, changed) = team
        .call(&ana, Method::PUT, &format!("/api/quick-replies/{own_id}"), Some(json!({ "shortcut": "meu-frete" })))
        .await;
    assert_eq!((status, changed["shortcut"].as_str()), (200, Some("meu-frete")));

    // Another tenant sees none of it.
    let beta = team.app.tenant_with_admin("beta").await;
    let beta_token = team.app.login(&beta).await;
    let response = team.app.call(Method::GET, "beta.localhost", "/api/quick-replies", Some(&beta_token), None).await;
    let page: Value = response.json().await.unwrap();
    assert_eq!(page["data"], json!([]));
    let response = team
        .app
        .call(Method::DELETE, "beta.localhost", &format!("/api/quick-replies/{greeting}"), Some(&beta_token), None)
        .await;
    assert_eq!(response.status(), 404);

    // A customer writes; the picker fills the replies for the ticket and names what is empty.
    let message = customer_message("qr-1", "+55 11 98888-7777", "Carla Dias", "Oi, e o frete?");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-qr-1", &message).await.status(), 200);
    let (_, tickets) = team.call(&ana, Method::GET, "/api/tickets?status=pending", None).await;
    let ticket = tickets["data"][0]["id"].as_i64().unwrap();
    let protocol = tickets["data"][0]["protocol"].as_str().unwrap().to_owned();
    let (status, picker) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}/quick-replies"), None).await;
    assert_eq!(status, 200, "{picker}");
    let filled =
        |shortcut: &str| picker.as_array().unwrap().iter().find(|r| r["shortcut"] == shortcut).cloned().unwrap();
    let text = filled("saudacao")["text"].as_str().unwrap().to_owned();
    assert!(text.ends_with(&format!(", Carla! Aqui é ana@acme.example, protocolo {protocol}.")), "{text}");
    assert!(["Bom dia", "Boa tarde", "Boa noite"].iter().any(|g| text.starts_with(g)), "{text}");
    // The ticket is in no department: {{departamento}} has nothing to fill.
    assert_eq!(filled("frete")["missing"], json!(["departamento"]));
    let (status, _) = team.call(&bia, Method::GET, &format!("/api/tickets/{ticket}/quick-replies"), None).await;
    assert_eq!(status, 200, "Bia attends the instance too");
    let response = team
        .app
        .call(Method::GET, "beta.localhost", &format!("/api/tickets/{ticket}/quick-replies"), Some(&beta_token), None)
        .await;
    assert_eq!(response.status(), 404);

    // A message written with replies counts a use of each, once; Suporte's reply is not Ana's to use.
    team.call(&ana, Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
    let path = format!("/api/tickets/{ticket}/messages");
    let (status, refused) =
        team.call(&ana, Method::POST, &path, Some(json!({ "body": "x", "quickReplyIds": [support_id] }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("quick_reply_not_found")), "{refused}");
    let (status, sent) = team
        .call(
            &ana,
            Method::POST,
            &path,
            Some(json!({ "body": text, "quickReplyIds": [greeting, greeting, own_id], "clientId": "q1" })),
        )
        .await;
    assert_eq!(status, 201, "{sent}");
    // The same send again (a lost answer) is the same message and no second use.
    team.call(&ana, Method::POST, &path, Some(json!({ "body": text, "quickReplyIds": [greeting], "clientId": "q1" })))
        .await;
    let (_, page) = team.call(&ana, Method::GET, "/api/quick-replies", None).await;
    let uses = |id: i64| page["data"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap()["uses"].as_i64();
    assert_eq!((uses(greeting), uses(own_id)), (Some(1), Some(1)));

    let (status, _) = team.call(&ana, Method::DELETE, &format!("/api/quick-replies/{own_id}"), None).await;
    assert_eq!(status, 204);
    let (_, page) = team.call(&ana, Method::GET, "/api/quick-replies", None).await;
    assert_eq!(shortcuts(&page), ["frete", "saudacao"]);
}

#[tokio::test]
async fn a_reply_with_a_file_sends_that_one_stored_file_each_time_and_its_uses_count_for_the_agent() {
    let (team, provider) = team().await;
    let (_, ana) = team.agent("ana@acme.example", team.vendas).await;
    let pdf = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".to_vec();
    let (status, uploaded) = team.app.upload(HOST, &ana, "/api/quick-replies/media?fileName=tabela.pdf", pdf).await;
    assert_eq!((status, uploaded["type"].as_str()), (201, Some("document")), "{uploaded}");
    let media_id = uploaded["id"].clone();

    // What a reply sends is checked: a file that is not the tenant's, nothing at all, a file and a
    // template at once.
    let post = |body: Value| team.call(&ana, Method::POST, "/api/quick-replies", Some(body));
    let (status, refused) =
        post(json!({ "shortcut": "x", "body": "", "attachment": { "mediaId": 999_999, "fileName": "x.pdf" } })).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("media_not_found")), "{refused}");
    assert_eq!(refused["errors"][0]["field"], "attachment.mediaId");
    let (status, refused) = post(json!({ "shortcut": "x", "body": " " })).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_body")), "{refused}");
    let (status, refused) = post(json!({ "shortcut": "x", "body": "",
        "attachment": { "mediaId": media_id, "fileName": "t.pdf" }, "template": { "id": 1, "parameters": [] } }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("template_with_media")), "{refused}");

    // A caption may be empty beside a file; it may hold variables.
    let (status, reply) =
        post(json!({ "shortcut": "tabela", "body": "{{saudacao}}, {{primeiro_nome}}! Segue a tabela.",
        "attachment": { "mediaId": media_id, "fileName": "Tabela de preços.pdf" } }))
        .await;
    assert_eq!(status, 201, "{reply}");
    let reply_id = reply["id"].as_i64().unwrap();
    assert_eq!(reply["attachment"]["fileName"], "Tabela de preços.pdf");
    assert_eq!(
        (reply["attachment"]["type"].as_str(), reply["attachment"]["mimeType"].as_str()),
        (Some("document"), Some("application/pdf"))
    );
    let holder = format!("SELECT COUNT(*) AS n FROM media_holds WHERE holder = 'quick_reply:{reply_id}'");
    assert_eq!(team.app.scalar("acme", &holder).await, 1, "the reply keeps its file from the retention");

    // In a conversation the picker offers it with its file; sent twice, the one stored file goes twice.
    let message = customer_message("qf-1", "+55 11 97777-1111", "Carla Dias", "Tem tabela?");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-qf-1", &message).await.status(), 200);
    let (_, tickets) = team.call(&ana, Method::GET, "/api/tickets?status=pending", None).await;
    let ticket = tickets["data"][0]["id"].as_i64().unwrap();
    team.call(&ana, Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
    let (_, picker) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}/quick-replies"), None).await;
    let offered = picker.as_array().unwrap().iter().find(|r| r["id"] == reply_id).cloned().expect("offered");
    assert_eq!(offered["attachment"]["mediaId"], media_id);
    let caption = offered["text"].as_str().unwrap().to_owned();
    assert!(caption.ends_with(", Carla! Segue a tabela."), "{caption}");
    for client_id in ["tab-1", "tab-2"] {
        let send = json!({ "body": caption, "mediaId": offered["attachment"]["mediaId"],
                           "fileName": offered["attachment"]["fileName"], "quickReplyIds": [reply_id], "clientId": client_id });
        let (status, sent) =
            team.call(&ana, Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
        assert_eq!(status, 201, "{sent}");
    }
    let sent = provider.wait_sent(2).await;
    for one in &sent {
        assert_eq!(
            (one.raw["type"].as_str(), one.raw["media"]["fileName"].as_str()),
            (Some("document"), Some("Tabela de preços.pdf"))
        );
    }
    assert_eq!(team.app.scalar("acme", "SELECT COUNT(*) AS n FROM media").await, 1, "stored once");
    assert_eq!(
        team.app.scalar("acme", "SELECT COUNT(DISTINCT media_id) AS n FROM messages WHERE media_id IS NOT NULL").await,
        1
    );

    // Both uses are Ana's in the productivity report (and its sheet's column).
    let control = team.app.dbs().control();
    let acme =
        backoffice::domain::tenants::find_by_name(control, &backoffice::tenancy::TenantName::parse("acme").unwrap())
            .await
            .unwrap();
    backoffice::domain::tenants::set_feature(control, &acme, "analytics", true, &team.app.state.bus).await.unwrap();
    let (status, _) = team.call(&team.admin_token, Method::GET, "/api/tenant/syncAnalytics", None).await;
    assert_eq!(status, 200);
    let today = backoffice::domain::analytics::local_day(chrono::Utc::now());
    let path = format!("/api/dashboard/productivity?from={today}&to={today}");
    let (status, view) = team.call(&team.admin_token, Method::GET, &path, None).await;
    assert_eq!(status, 200, "{view}");
    let row = view["agents"].as_array().unwrap().iter().find(|a| a["name"] == "ana@acme.example").cloned().unwrap();
    assert_eq!((row["messagesSent"].as_i64(), row["quickRepliesUsed"].as_i64()), (Some(2), Some(2)), "{row}");
    let filtered = format!("{path}&instanceId={}", team.instance + 1000);
    let (_, elsewhere) = team.call(&team.admin_token, Method::GET, &filtered, None).await;
    assert!(elsewhere["agents"].as_array().unwrap().iter().all(|a| a["quickRepliesUsed"] == 0), "{elsewhere}");

    // Its file taken off, the reply no longer holds it (its messages still do); then plain text.
    let path = format!("/api/quick-replies/{reply_id}");
    let (status, changed) = team.call(&ana, Method::PUT, &path, Some(json!({ "attachment": null }))).await;
    assert_eq!((status, changed["attachment"].clone()), (200, Value::Null), "{changed}");
    assert_eq!(changed["body"], "{{saudacao}}, {{primeiro_nome}}! Segue a tabela.", "the caption is its text now");
    assert_eq!(team.app.scalar("acme", &holder).await, 0);
    let (status, refused) = team.call(&ana, Method::PUT, &path, Some(json!({ "body": "" }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_body")), "no file, no text: {refused}");
}
