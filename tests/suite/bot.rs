//! Maria, the menu bot, through the real HTTP and WebSocket surface with a fake provider: the
//! greeting and menu reach the provider, answers are matched, fixed answers given, tickets routed
//! to the right department (its people told, nobody else), handed over after the invalid limit,
//! out of hours, taken over by an agent, closed when the customer goes silent; the simulator says
//! exactly what the live bot said; the feature gate, the route permissions and tenant isolation.

use std::time::{Duration, Instant};

use backoffice::{domain::tenants, tenancy::TenantName};
use reqwest::Method;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::support::{
    TestApp, TestUser,
    provider::{FakeProvider, customer_message, push},
    socket::{Socket, next_event, open},
};

const HOST: &str = "acme.localhost";

struct Bot {
    app: TestApp,
    provider: FakeProvider,
    admin_token: String,
    instance: i32,
    /// Department ids: Financeiro, Suporte.
    financeiro: i32,
    suporte: i32,
}

async fn feature(app: &TestApp, tenant: &str, option: &str, on: bool) {
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse(tenant).unwrap()).await.unwrap();
    tenants::set_feature(app.dbs().control(), &record, option, on, &app.state.bus).await.unwrap();
}

async fn bot() -> Bot {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    feature(&app, "acme", "chatbot", true).await;
    feature(&app, "acme", "analytics", true).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &admin_token, "WhatsApp Loja", &provider).await;
    let mut bot = Bot { app, provider, admin_token, instance, financeiro: 0, suporte: 0 };
    bot.financeiro = bot.department("Financeiro Bot").await;
    bot.suporte = bot.department("Suporte Bot").await;
    bot
}

impl Bot {
    async fn call(&self, method: Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
        let response = self.app.call(method, HOST, path, Some(token), body).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn department(&self, name: &str) -> i32 {
        let (status, body) =
            self.call(Method::POST, "/api/departments", &self.admin_token, Some(json!({ "name": name }))).await;
        assert_eq!(status, 201, "{body}");
        body["id"].as_i64().unwrap() as i32
    }

    /// A user of `role` in `department`, linked to the instance, with a token.
    async fn user(&self, email: &str, role: &str, department: i32) -> (TestUser, String) {
        let (_, roles) = self.call(Method::GET, "/api/permission", &self.admin_token, None).await;
        let role = roles.as_array().unwrap().iter().find(|r| r["name"] == role).unwrap()["id"].clone();
        let body = json!({ "name": email, "email": email, "password": "Senha#Forte!9", "role_id": role,
            "chosen_instances": [self.instance], "user_department_id": department });
        let (status, created) = self.call(Method::POST, "/api/users", &self.admin_token, Some(body)).await;
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

    /// Financeiro routes, "Horário" answers, "Falar com atendente" hands over; always open.
    fn config(&self) -> Value {
        json!({
            "enabled": true, "name": "Maria",
            "greeting": "Olá, {{nome}}! Sou a {{bot}}.", "menuPrompt": "Escolha uma opção:",
            "options": [
                { "label": "Financeiro", "action": "department", "departmentId": self.financeiro },
                { "label": "Horário de atendimento", "action": "answer", "answer": "Das 8h às 18h." },
                { "label": "Falar com atendente", "action": "human" }
            ],
            "invalidMessage": "Não entendi.", "invalidLimit": 3,
            "handoverMessage": "Vou te passar para {{departamento}}.",
            "outOfHoursMessage": "Estamos fechados agora.",
            "inactivityMinutes": 30, "inactivityReasonId": null, "inactivityMessage": "Encerramos por inatividade."
        })
    }

    async fn save(&self, config: Value) -> Value {
        let (status, saved) = self.call(Method::PUT, "/api/bot/config", &self.admin_token, Some(config)).await;
        assert_eq!(status, 200, "{saved}");
        saved
    }

    async fn customer_writes(&self, id: &str, phone: &str, body: &str) {
        let event = customer_message(id, phone, "Carla Dias", body);
        let response = push(&self.app, HOST, self.instance, &format!("evt-{id}"), &event).await;
        assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    }

    /// The customer's current ticket.
    async fn ticket_of(&self, phone_digits: &str) -> Value {
        let (_, page) =
            self.call(Method::GET, &format!("/api/tickets?search={phone_digits}"), &self.admin_token, None).await;
        page["data"][0].clone()
    }

    async fn ticket(&self, id: i64) -> Value {
        self.call(Method::GET, &format!("/api/tickets/{id}"), &self.admin_token, None).await.1
    }
}

/// The events a socket receives until it has been quiet for a moment.
async fn drain(socket: &mut Socket) -> Vec<Value> {
    let mut events = Vec::new();
    while let Some(event) = next_event(socket, Duration::from_millis(400)).await {
        events.push(event);
    }
    events
}

/// The notices (`ChatNotification` without a message) among events.
fn notices(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["event"] == "ChatNotification" && e["notice"].is_string())
        .map(|e| e["notice"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_bot_greets_answers_and_routes_to_the_department_whose_people_alone_are_told() {
    let bot = bot().await;
    bot.save(bot.config()).await;
    let (fin_user, fin_token) = bot.user("fin@acme.example", "atendente", bot.financeiro).await;
    let (sup_user, sup_token) = bot.user("sup@acme.example", "atendente", bot.suporte).await;
    let mut fin_socket = open(&bot.app, &fin_user, &fin_token, None).await.unwrap();
    let mut sup_socket = open(&bot.app, &sup_user, &sup_token, None).await.unwrap();

    // Act 1: a new customer writes.
    bot.customer_writes("m1", "+55 11 91234-0001", "oi, bom dia").await;

    // The greeting and the menu go out as one message; the ticket is the bot's, out of the queue.
    let sent = bot.provider.wait_sent(1).await;
    assert_eq!(
        sent[0].body,
        "Olá, Carla! Sou a Maria.\n\nEscolha uma opção:\n1 - Financeiro\n2 - Horário de atendimento\n3 - Falar com atendente"
    );
    let ticket = bot.ticket_of("912340001").await;
    assert_eq!(ticket["status"], "bot");
    let (_, pending) = bot.call(Method::GET, "/api/tickets?status=pending", &bot.admin_token, None).await;
    assert_eq!(pending["data"].as_array().unwrap().len(), 0, "not in the people's queue");
    assert_eq!(pending["counts"]["bot"], 1);
    let (_, held) = bot.call(Method::GET, "/api/tickets?status=bot", &fin_token, None).await;
    assert_eq!(held["data"][0]["id"], ticket["id"], "agents see bot tickets in their own tab");

    // Act 2: a fixed answer, an unclear answer, then the option's word with other case and accents.
    bot.customer_writes("m2", "+55 11 91234-0001", "2").await;
    let sent = bot.provider.wait_sent(2).await;
    assert!(sent[1].body.starts_with("Das 8h às 18h.\n\nEscolha uma opção:"), "{}", sent[1].body);
    bot.customer_writes("m3", "+55 11 91234-0001", "hã?").await;
    let sent = bot.provider.wait_sent(3).await;
    assert!(sent[2].body.starts_with("Não entendi.\n\nEscolha"), "{}", sent[2].body);
    assert_eq!(bot.ticket(ticket["id"].as_i64().unwrap()).await["status"], "bot", "still with the bot");
    drain(&mut fin_socket).await;
    drain(&mut sup_socket).await;
    let (_, before) = bot.call(Method::GET, "/api/tickets?status=pending", &bot.admin_token, None).await;
    assert_eq!((before["counts"]["bot"].as_u64(), before["counts"]["pending"].as_u64()), (Some(1), Some(0)));
    bot.customer_writes("m4", "+55 11 91234-0001", "FINANCEIRO").await;

    // The ticket waits in Financeiro's queue; Financeiro's agent is told, Suporte's is not.
    let sent = bot.provider.wait_sent(4).await;
    assert_eq!(sent[3].body, "Vou te passar para Financeiro Bot.");
    let routed = bot.ticket(ticket["id"].as_i64().unwrap()).await;
    assert_eq!(routed["status"], "pending");
    assert_eq!(routed["department"]["id"], bot.financeiro);
    let told = notices(&drain(&mut fin_socket).await);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("Financeiro Bot"), "{}", told[0]);
    assert!(notices(&drain(&mut sup_socket).await).is_empty(), "another department hears nothing");
    let (_, after) = bot.call(Method::GET, "/api/tickets?status=pending", &bot.admin_token, None).await;
    assert_eq!(
        (after["counts"]["bot"].as_u64(), after["counts"]["pending"].as_u64()),
        (Some(0), Some(1)),
        "the tabs moved with it"
    );
    let (_, queue) = bot.call(Method::GET, "/api/tickets?status=pending", &sup_token, None).await;
    assert_eq!(queue["data"].as_array().unwrap().len(), 0, "nor sees it");

    // The bot's messages are in the conversation, marked as the bot's.
    let (_, conversation) =
        bot.call(Method::GET, &format!("/api/tickets/{}/messages", ticket["id"]), &bot.admin_token, None).await;
    let kinds: Vec<&str> =
        conversation["data"].as_array().unwrap().iter().map(|m| m["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["text", "bot", "text", "bot", "text", "bot", "text", "bot"]);

    // The simulator, given the same answers, says exactly what the live bot said.
    let messages = json!(["oi, bom dia", "2", "hã?", "FINANCEIRO"]);
    let (status, simulated) =
        bot.call(Method::POST, "/api/bot/simulate", &bot.admin_token, Some(json!({ "messages": messages }))).await;
    assert_eq!(status, 200, "{simulated}");
    let simulated_bot: Vec<String> = simulated["transcript"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["from"] == "bot")
        .map(|l| l["text"].as_str().unwrap().replace("Olá, Cliente!", "Olá, Carla!"))
        .collect();
    let live: Vec<String> = bot.provider.sent().into_iter().map(|s| s.body).collect();
    assert_eq!(simulated_bot, live);
    assert_eq!(simulated["outcome"]["status"], "routed");
    assert_eq!(simulated["outcome"]["departmentId"], bot.financeiro);

    // The Maria panel: today live, and by day once the analytics sync ran.
    let today = (chrono::Utc::now() - chrono::Duration::hours(3)).date_naive();
    let (status, synced) =
        bot.call(Method::GET, "/api/tenant/syncAnalytics?forceUpdate=true", &bot.admin_token, None).await;
    assert_eq!(status, 200, "{synced}");
    let (status, panel) =
        bot.call(Method::GET, &format!("/api/dashboard/maria?from={today}&to={today}"), &bot.admin_token, None).await;
    assert_eq!(status, 200, "{panel}");
    assert_eq!(panel["totals"]["received"], 1);
    assert_eq!(panel["totals"]["routed"], 1);
    assert_eq!(panel["live"]["routedToday"], 1);
    assert!(panel["handoverMedianSecs"].is_number());
    let options = panel["options"].as_array().unwrap();
    let by_label = |label: &str| options.iter().find(|o| o["label"] == label).cloned().unwrap_or(Value::Null);
    assert_eq!(by_label("Financeiro")["routed"], 1);
    assert_eq!(by_label("Horário de atendimento")["answered"], 1);
}

#[tokio::test]
async fn out_of_hours_the_bot_says_so_and_hands_over_after_the_invalid_limit() {
    let bot = bot().await;
    let today = (chrono::Utc::now() - chrono::Duration::hours(3)).date_naive().to_string();
    let mut config = bot.config();
    config["invalidLimit"] = json!(2);
    bot.save(config).await;
    // The company's calendar, which the bot reads (docs/service-levels.md#the-calendar): today is a
    // holiday. Saving it drops the bots the inbound path keeps, so the next greeting sees it.
    let calendar = json!({ "businessHours": [], "holidays": [today] });
    let (status, saved) = bot.call(Method::PUT, "/api/calendar", &bot.admin_token, Some(calendar)).await;
    assert_eq!((status, saved["holidays"][0].as_str()), (200, Some(today.as_str())), "{saved}");

    bot.customer_writes("h1", "+55 11 95555-0002", "boa noite").await;
    let sent = bot.provider.wait_sent(1).await;
    assert!(sent[0].body.contains("\n\nEstamos fechados agora.\n\nEscolha"), "{}", sent[0].body);
    bot.customer_writes("h2", "+55 11 95555-0002", "quero saber do meu pedido").await;
    bot.provider.wait_sent(2).await;
    bot.customer_writes("h3", "+55 11 95555-0002", "???").await;

    let sent = bot.provider.wait_sent(3).await;
    assert_eq!(sent[2].body, "Vou te passar para um de nossos atendentes.");
    let ticket = bot.ticket_of("955550002").await;
    assert_eq!(ticket["status"], "pending");
    assert!(ticket["department"].is_null(), "anyone may take it");
    // Once handed over, the bot stays quiet.
    bot.customer_writes("h4", "+55 11 95555-0002", "alô?").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(bot.provider.sent().len(), 3);
}

#[tokio::test]
async fn an_agent_takes_over_and_a_silent_customer_is_closed_with_the_configured_reason() {
    let bot = bot().await;
    let (_, reasons) = bot.call(Method::GET, "/api/closing-reasons", &bot.admin_token, None).await;
    let reason = reasons.as_array().unwrap()[0]["id"].clone();
    let mut config = bot.config();
    config["inactivityReasonId"] = reason.clone();
    bot.save(config).await;
    let (_, agent_token) = bot.user("ana@acme.example", "atendente", bot.suporte).await;

    // An agent takes a ticket over from the bot: it is theirs and the bot stops answering.
    bot.customer_writes("t1", "+55 11 97777-0003", "oi").await;
    bot.provider.wait_sent(1).await;
    let taken = bot.ticket_of("977770003").await;
    let (status, accepted) =
        bot.call(Method::POST, &format!("/api/tickets/{}/accept", taken["id"]), &agent_token, None).await;
    assert_eq!(status, 200, "{accepted}");
    assert_eq!(accepted["status"], "open");
    bot.customer_writes("t2", "+55 11 97777-0003", "1").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(bot.provider.sent().len(), 1, "the bot is quiet on a ticket taken over");

    // A customer who stops answering: the check due after the inactivity finds them silent.
    bot.customer_writes("s1", "+55 11 98888-0004", "oi").await;
    bot.provider.wait_sent(2).await;
    let silent = bot.ticket_of("988880004").await;
    {
        let db = bot.app.tenant_db("acme").await;
        let tx = db.begin().await.unwrap();
        let backend = tx.get_database_backend();
        let an_hour_ago = chrono::Utc::now() - chrono::Duration::hours(1);
        let (p1, p2) = if backend == sea_orm::DbBackend::Postgres { ("$1", "$2") } else { ("?1", "?2") };
        let ticket_id = silent["id"].as_i64().unwrap();
        let rewind_session = format!("UPDATE bot_sessions SET last_customer_at = {p1} WHERE ticket_id = {p2}");
        let rewind_check = format!("UPDATE jobs SET run_at = {p1} WHERE kind = 'bot.timeout'");
        tx.execute_raw(Statement::from_sql_and_values(backend, rewind_session, [an_hour_ago.into(), ticket_id.into()]))
            .await
            .unwrap();
        tx.execute_raw(Statement::from_sql_and_values(backend, rewind_check, [an_hour_ago.into()])).await.unwrap();
        tx.commit().await.unwrap();
    }
    // Another customer writing wakes the worker, which finds the overdue check.
    bot.customer_writes("w1", "+55 11 96666-0005", "olá").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    let closed = loop {
        let current = bot.ticket(silent["id"].as_i64().unwrap()).await;
        if current["status"] == "closed" {
            break current;
        }
        assert!(Instant::now() < deadline, "the silent ticket was not closed: {current}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(closed["closingReasonId"], reason, "{closed}");
    let sent = bot.provider.wait_sent(4).await;
    assert!(sent.iter().any(|s| s.body == "Encerramos por inatividade." && s.phone.ends_with("988880004")));
}

#[tokio::test]
async fn without_the_feature_there_is_no_bot_and_its_api_answers_403_and_each_tenant_has_its_own() {
    let bot = bot().await;
    bot.save(bot.config()).await;
    let (_, attendant_token) = bot.user("bia@acme.example", "atendente", bot.suporte).await;
    let (_, supervisor_token) = bot.user("chefe@acme.example", "supervisor", bot.suporte).await;

    // Reading is for the panel's people, writing for the editor's.
    let (status, _) = bot.call(Method::GET, "/api/bot/config", &supervisor_token, None).await;
    assert_eq!(status, 200);
    let (status, _) = bot.call(Method::PUT, "/api/bot/config", &supervisor_token, Some(bot.config())).await;
    assert_eq!(status, 403);
    let (status, _) = bot.call(Method::GET, "/api/bot/config", &attendant_token, None).await;
    assert_eq!(status, 403);

    // Bad input: every problem by field, nothing stored.
    let mut broken = bot.config();
    broken["options"][0]["departmentId"] = json!(999_999);
    broken["invalidLimit"] = json!(0);
    let (status, error) = bot.call(Method::PUT, "/api/bot/config", &bot.admin_token, Some(broken)).await;
    assert_eq!(status, 422, "{error}");
    let fields: Vec<&str> = error["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["invalidLimit"], "checked on its own first: {error}");
    let mut unknown = bot.config();
    unknown["options"][0]["departmentId"] = json!(999_999);
    let (status, error) = bot.call(Method::PUT, "/api/bot/config", &bot.admin_token, Some(unknown)).await;
    assert_eq!((status, error["errors"][0]["field"].as_str()), (422, Some("options[0].departmentId")));
    let (_, stored) = bot.call(Method::GET, "/api/bot/config", &bot.admin_token, None).await;
    assert_eq!(stored["options"][0]["departmentId"], bot.financeiro, "the saved bot is untouched");

    // Another tenant sees its own (never saved) bot, not acme's.
    let beta_admin = bot.app.tenant_with_admin("beta").await;
    let beta_token = bot.app.login(&beta_admin).await;
    feature(&bot.app, "beta", "chatbot", true).await;
    let beta = bot.app.call(Method::GET, "beta.localhost", "/api/bot/config", Some(&beta_token), None).await;
    let beta: Value = beta.json().await.unwrap();
    assert_eq!(beta["enabled"], false, "{beta}");
    assert_ne!(beta["options"], stored["options"]);
    let (status, body) = bot.call(Method::GET, "/api/bot/config", &beta_token, None).await;
    assert!(matches!(status, 401 | 403 | 404), "acme's API refuses beta's token: {status} {body}");

    // The feature switched off: no bot for new tickets, and 403 on its API.
    feature(&bot.app, "acme", "chatbot", false).await;
    bot.customer_writes("f1", "+55 11 93333-0006", "oi").await;
    let ticket = bot.ticket_of("933330006").await;
    assert_eq!(ticket["status"], "pending");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(bot.provider.sent().is_empty(), "nothing was sent");
    for (method, path) in [(Method::GET, "/api/bot/config"), (Method::POST, "/api/bot/simulate")] {
        let (status, body) = bot.call(method, path, &bot.admin_token, Some(json!({ "messages": ["oi"] }))).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("feature_disabled")), "{path}");
    }
}

#[tokio::test]
async fn a_saved_change_and_a_renamed_department_reach_the_very_next_message() {
    // The inbound path keeps the tenant's bots in process: a change must not wait for it to expire.
    let bot = bot().await;
    bot.save(bot.config()).await;
    bot.customer_writes("c1", "+55 11 91234-0101", "oi").await;
    let sent = bot.provider.wait_sent(1).await;
    assert!(sent[0].body.starts_with("Olá, Carla! Sou a Maria."), "{}", sent[0].body);

    // Another greeting and another name: the next customer meets them at once.
    let mut config = bot.config();
    config["name"] = json!("Júlia");
    config["greeting"] = json!("Bem-vinda, {{nome}}! Aqui é a {{bot}}.");
    bot.save(config).await;
    bot.customer_writes("c2", "+55 11 91234-0102", "oi").await;
    let sent = bot.provider.wait_sent(2).await;
    assert!(sent[1].body.starts_with("Bem-vinda, Carla! Aqui é a Júlia."), "{}", sent[1].body);

    // A renamed department: the bot hands over naming it as it is now.
    let path = format!("/api/departments/{}", bot.financeiro);
    let (status, renamed) = bot.call(Method::PUT, &path, &bot.admin_token, Some(json!({ "name": "Cobrança" }))).await;
    assert_eq!(status, 200, "{renamed}");
    bot.customer_writes("c3", "+55 11 91234-0102", "1").await;
    let sent = bot.provider.wait_sent(3).await;
    assert_eq!(sent[2].body, "Vou te passar para Cobrança.");

    // Switched off: a new customer's ticket goes straight to the people.
    let mut config = bot.config();
    config["enabled"] = json!(false);
    bot.save(config).await;
    bot.customer_writes("c4", "+55 11 91234-0104", "oi").await;
    assert_eq!(bot.ticket_of("912340104").await["status"], "pending");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(bot.provider.sent().len(), 3, "nothing more was sent");
}

#[tokio::test]
async fn the_bots_routing_feeds_the_departments_distribution() {
    let bot = bot().await;
    bot.save(bot.config()).await;
    let (ana_user, ana) = bot.user("ana@acme.example", "atendente", bot.financeiro).await;
    let (bia_user, bia) = bot.user("bia@acme.example", "atendente", bot.financeiro).await;
    let (sup_user, sup) = bot.user("sup@acme.example", "atendente", bot.suporte).await;
    let _sockets = [
        open(&bot.app, &ana_user, &ana, None).await.unwrap(),
        open(&bot.app, &bia_user, &bia, None).await.unwrap(),
        open(&bot.app, &sup_user, &sup, None).await.unwrap(),
    ];
    let policy = json!({ "departmentId": bot.financeiro, "strategy": "round_robin", "capacity": 2 });
    let (status, _) = bot.call(Method::PUT, "/api/distribution/policies", &bot.admin_token, Some(policy)).await;
    assert_eq!(status, 200);

    // Three customers choose Financeiro, one after the other.
    for i in 0..3 {
        let phone = format!("+55 11 91234-20{i:02}");
        bot.customer_writes(&format!("rr{i}a"), &phone, "oi").await;
        bot.customer_writes(&format!("rr{i}b"), &phone, "1").await;
    }

    // Financeiro's people take turns; Suporte's receives none of it.
    let deadline = Instant::now() + Duration::from_secs(15);
    let owners = loop {
        let (_, page) = bot.call(Method::GET, "/api/tickets?status=open", &bot.admin_token, None).await;
        let tickets = page["data"].as_array().unwrap().clone();
        if tickets.len() == 3 {
            break tickets;
        }
        assert!(Instant::now() < deadline, "not all assigned: {page}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let mut by_customer: Vec<(i64, String, i64)> = owners
        .iter()
        .map(|t| {
            (
                t["customer"]["id"].as_i64().unwrap(),
                t["assignedUser"]["name"].as_str().unwrap().to_owned(),
                t["department"]["id"].as_i64().unwrap(),
            )
        })
        .collect();
    by_customer.sort();
    let names: Vec<&str> = by_customer.iter().map(|(_, name, _)| name.as_str()).collect();
    assert_eq!(names, ["ana@acme.example", "bia@acme.example", "ana@acme.example"], "{by_customer:?}");
    assert!(by_customer.iter().all(|(_, _, department)| *department == i64::from(bot.financeiro)));
}
