//! Official numbers on Meta's WhatsApp Business Cloud API (docs/providers.md#cloud), through the
//! real HTTP surface with a fake Graph API that speaks Meta's documented format
//! (`support::graph`): connecting and testing a number, the webhook's handshake and signatures
//! (good, bad, replayed), every message type a customer sends, replies and reactions both ways,
//! statuses with Meta's error codes read in Portuguese, throttling retried.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    TestApp,
    graph::{self, ACCESS_TOKEN, APP_SECRET, FakeGraph, PHONE_NUMBER_ID, VERIFY_TOKEN, WABA_ID},
    provider::{FakeProvider, customer_message, push},
};

pub(crate) const HOST: &str = "acme.localhost";
const CUSTOMER: &str = "5511987654321";

pub(crate) struct Official {
    pub(crate) app: TestApp,
    pub(crate) graph: FakeGraph,
    pub(crate) token: String,
    pub(crate) instance: i32,
}

fn cloud_body(name: &str, phone_number_id: &str) -> Value {
    json!({ "name": name, "providerKind": "cloud", "isOfficial": true, "cloud": {
        "phoneNumberId": phone_number_id, "wabaId": WABA_ID, "accessToken": ACCESS_TOKEN,
        "appSecret": APP_SECRET, "verifyToken": VERIFY_TOKEN } })
}

pub(crate) async fn official() -> Official {
    let graph = FakeGraph::start().await;
    let graph_url = graph.url();
    let app = TestApp::spawn_with(move |config| {
        config.allow_private_providers = true;
        config.graph_api_url = graph_url;
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let response =
        app.call(Method::POST, HOST, "/api/instance", Some(&token), Some(cloud_body("Oficial", PHONE_NUMBER_ID))).await;
    assert_eq!(response.status(), 201);
    let instance = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap() as i32;
    Official { app, graph, token, instance }
}

impl Official {
    pub(crate) async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let response = self.app.call(method, HOST, path, Some(&self.token), body).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    pub(crate) fn webhook(&self) -> String {
        self.app.url(&format!("/api/instance/{}/cloud", self.instance))
    }

    pub(crate) async fn deliver(&self, body: &Value) -> Value {
        let response = graph::post_delivery(&self.app.client, &self.webhook(), HOST, body, APP_SECRET).await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    pub(crate) async fn ticket(&self) -> i64 {
        let (_, page) = self.call(Method::GET, "/api/tickets?status=pending", None).await;
        let ticket = page["data"][0]["id"].as_i64().expect("a pending ticket");
        let (status, _) = self.call(Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
        assert_eq!(status, 200);
        ticket
    }

    pub(crate) async fn messages(&self, ticket: i64) -> Vec<Value> {
        let (status, page) = self.call(Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
        assert_eq!(status, 200, "{page}");
        page["data"].as_array().unwrap().clone()
    }

    /// Waits until the message `id` of `ticket` satisfies `done`.
    pub(crate) async fn wait_message(&self, ticket: i64, id: i64, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let message = self.messages(ticket).await.into_iter().find(|m| m["id"] == id).expect("the message");
            if done(&message) {
                return message;
            }
            assert!(std::time::Instant::now() < deadline, "still {message}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub(crate) async fn reply(&self, ticket: i64, body: Value) -> i64 {
        let (status, sent) = self.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(body)).await;
        assert_eq!(status, 201, "{sent}");
        sent["id"].as_i64().unwrap()
    }
}

#[tokio::test]
async fn an_official_number_is_connected_and_tested_and_its_secrets_never_come_back() {
    let o = official().await;
    let (_, list) = o.call(Method::GET, "/api/instance", None).await;
    let shown = list.as_array().unwrap().iter().find(|i| i["id"] == o.instance).unwrap().clone();
    assert_eq!(shown["providerKind"], "cloud");
    assert_eq!(shown["hasProvider"], true);
    assert_eq!(shown["cloud"]["phoneNumberId"], PHONE_NUMBER_ID);
    assert_eq!(shown["cloud"]["webhookPath"], format!("/api/instance/{}/cloud", o.instance));
    for secret in [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN] {
        assert!(!list.to_string().contains(secret), "the list shows no secret");
    }

    let (status, health) = o.call(Method::POST, &format!("/api/instance/{}/test", o.instance), None).await;
    assert_eq!(status, 200, "{health}");
    assert_eq!(health["displayPhoneNumber"], "+55 11 4002-8922");
    assert_eq!(health["qualityRating"], "GREEN");
    assert_eq!(health["messagingLimit"], "TIER_1K");
    let (_, list) = o.call(Method::GET, "/api/instance", None).await;
    let tested = list.as_array().unwrap().iter().find(|i| i["id"] == o.instance).unwrap().clone();
    assert_eq!(tested["status"], "connected", "a test Meta answered shows the number connected");

    // A rename that leaves the secrets out keeps them: the test still passes.
    let change = json!({ "id": o.instance, "name": "Oficial SAC", "providerKind": "cloud",
                         "cloud": { "phoneNumberId": PHONE_NUMBER_ID, "wabaId": WABA_ID } });
    let (status, changed) = o.call(Method::POST, "/api/instance/update", Some(change)).await;
    assert_eq!((status, changed["name"].as_str()), (200, Some("Oficial SAC")), "{changed}");
    let (status, _) = o.call(Method::POST, &format!("/api/instance/{}/test", o.instance), None).await;
    assert_eq!(status, 200);

    // Every missing field at once; a number already connected elsewhere; no QR pairing.
    let (status, refused) = o
        .call(
            Method::POST,
            "/api/instance",
            Some(json!({ "name": "Outro", "providerKind": "cloud", "cloud": { "phoneNumberId": "12a" } })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_cloud")), "{refused}");
    let fields: Vec<&str> =
        refused["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(
        fields,
        ["cloud.phoneNumberId", "cloud.wabaId", "cloud.accessToken", "cloud.appSecret", "cloud.verifyToken"]
    );
    let (status, taken) = o.call(Method::POST, "/api/instance", Some(cloud_body("Duplicada", PHONE_NUMBER_ID))).await;
    assert_eq!((status, taken["code"].as_str()), (422, Some("cloud_number_taken")), "{taken}");
    let (status, qr) = o.call(Method::POST, &format!("/api/instance/{}/connect", o.instance), None).await;
    assert_eq!((status, qr["code"].as_str()), (422, Some("not_paired_by_qr")));

    // A number Meta does not know: its answer, explained.
    let (status, created) = o.call(Method::POST, "/api/instance", Some(cloud_body("Errada", "999"))).await;
    assert_eq!(status, 201);
    let wrong = created["id"].as_i64().unwrap();
    let (status, failed) = o.call(Method::POST, &format!("/api/instance/{wrong}/test"), None).await;
    assert_eq!((status, failed["code"].as_str()), (422, Some("provider_error")), "{failed}");
    assert!(failed["message"].as_str().unwrap().contains("parâmetro"), "{failed}");
}

#[tokio::test]
async fn the_webhook_answers_metas_handshake_and_takes_only_signed_deliveries_once() {
    let o = official().await;
    let handshake = |token: &str| {
        let url = format!("{}?hub.mode=subscribe&hub.verify_token={token}&hub.challenge=1158201444", o.webhook());
        o.app.client.get(url).header("host", HOST).send()
    };
    let answered = handshake(VERIFY_TOKEN).await.unwrap();
    assert_eq!(answered.status(), 200);
    assert_eq!(answered.text().await.unwrap(), "1158201444");
    assert_eq!(handshake("outro-token").await.unwrap().status(), 403);

    let hello =
        graph::customer_message("wamid.HELLO", CUSTOMER, "Carla Dias", "text", json!({ "body": "Oi, tudo bem?" }));
    let raw = hello.to_string();
    let unsigned = o
        .app
        .client
        .post(o.webhook())
        .header("host", HOST)
        .header("content-type", "application/json")
        .body(raw.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(unsigned.status(), 401);
    let forged = graph::post_delivery(&o.app.client, &o.webhook(), HOST, &hello, "outro-segredo").await;
    assert_eq!(forged.status(), 401);
    // The same bytes signed right, then replayed: one message.
    assert_eq!(o.deliver(&hello).await, json!({ "received": 1, "duplicates": 0, "skipped": 0 }));
    assert_eq!(o.deliver(&hello).await, json!({ "received": 0, "duplicates": 1, "skipped": 0 }));
    let ticket = o.ticket().await;
    let messages = o.messages(ticket).await;
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["body"], "Oi, tudo bem?");
    let (_, view) = o.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(view["customer"]["name"], "Carla Dias", "{view}");

    // Another number's change (an app shared by two numbers) is left to that number's endpoint.
    let mut other = graph::customer_message("wamid.OTHER", CUSTOMER, "Carla Dias", "text", json!({ "body": "?" }));
    other["entry"][0]["changes"][0]["value"]["metadata"]["phone_number_id"] = json!("555");
    assert_eq!(o.deliver(&other).await["skipped"], 1);

    // The generic contract's endpoint does not take an official number's events, nor the other way round.
    let generic = push(&o.app, HOST, o.instance, "evt-x", &customer_message("x", "+5511912345678", "X", "oi")).await;
    assert_eq!(generic.status(), 401);
    let provider = FakeProvider::start().await;
    let plain = o.app.instance_with_provider("acme", &o.token, "Genérica", &provider).await;
    let url = o.app.url(&format!("/api/instance/{plain}/cloud"));
    assert_eq!(graph::post_delivery(&o.app.client, &url, HOST, &hello, APP_SECRET).await.status(), 401);
}

#[tokio::test]
async fn every_message_type_arrives_and_replies_reactions_and_statuses_go_both_ways() {
    let o = official().await;
    let photo = {
        let img = image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([(x * 4) as u8, (y * 5) as u8, 90]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    };
    o.graph.keep_media("1037543291543636", photo.clone(), "image/png");
    o.graph.keep_media("2093811", b"%PDF-1.4\n% nota fiscal\n".to_vec(), "application/pdf");
    let deliveries = [
        ("text", json!({ "body": "Meu pedido chegou quebrado" })),
        (
            "image",
            json!({ "caption": "Olha a caixa", "mime_type": "image/png", "sha256": "x", "id": "1037543291543636" }),
        ),
        (
            "document",
            json!({ "caption": "A nota", "filename": "nota.pdf", "mime_type": "application/pdf", "sha256": "y", "id": "2093811" }),
        ),
        (
            "location",
            json!({ "latitude": -23.5614, "longitude": -46.6559, "name": "Loja Paulista", "address": "Av. Paulista, 1000" }),
        ),
        (
            "contacts",
            json!([{ "name": { "formatted_name": "Maria Souza", "first_name": "Maria" },
                              "phones": [{ "phone": "+55 11 98765-4321", "wa_id": "5511987654321", "type": "CELL" }] }]),
        ),
        ("interactive", json!({ "type": "button_reply", "button_reply": { "id": "troca", "title": "Quero trocar" } })),
        ("order", json!({ "catalog_id": "1", "product_items": [] })),
    ];
    for (index, (kind, object)) in deliveries.iter().enumerate() {
        let body = graph::customer_message(&format!("wamid.IN{index}"), CUSTOMER, "Carla Dias", kind, object.clone());
        assert_eq!(o.deliver(&body).await["received"], 1, "{kind}");
    }
    let ticket = o.ticket().await;
    let messages = o.messages(ticket).await;
    assert_eq!(messages.len(), deliveries.len());
    assert_eq!(messages[0]["body"], "Meu pedido chegou quebrado");
    assert_eq!((messages[1]["type"].as_str(), messages[1]["body"].as_str()), (Some("image"), Some("Olha a caixa")));
    assert_eq!(messages[3]["location"]["name"], "Loja Paulista");
    assert_eq!(messages[4]["contacts"][0]["phones"][0], "+55 11 98765-4321");
    assert_eq!(messages[5]["body"], "Quero trocar");
    assert_eq!(messages[6]["type"], "unsupported");
    // The photo's bytes were fetched from the Graph API by id, with the number's token.
    let image = o.wait_message(ticket, messages[1]["id"].as_i64().unwrap(), |m| m["media"]["status"] == "ready").await;
    assert_eq!(image["media"]["mimeType"], "image/png");
    let document =
        o.wait_message(ticket, messages[2]["id"].as_i64().unwrap(), |m| m["media"]["status"] == "ready").await;
    assert_eq!(document["media"]["fileName"], "nota.pdf");
    assert!(o.graph.downloads().iter().all(|auth| auth == &format!("Bearer {ACCESS_TOKEN}")));

    // The agent replies quoting the first message, and reacts to it: Meta's formats.
    let first = messages[0]["id"].as_i64().unwrap();
    let reply = o
        .reply(ticket, json!({ "body": "Sinto muito! Vamos trocar.", "quotedMessageId": first, "clientId": "r1" }))
        .await;
    let (status, _) = o
        .call(Method::PUT, &format!("/api/tickets/{ticket}/messages/{first}/reaction"), Some(json!({ "emoji": "🙏" })))
        .await;
    assert_eq!(status, 200);
    let sent = o.graph.wait_sent(2).await;
    let text = sent.iter().find(|s| s["type"] == "text").expect("the reply");
    assert_eq!(text["to"], CUSTOMER);
    assert_eq!(text["text"]["body"], "Sinto muito! Vamos trocar.");
    assert_eq!(text["context"]["message_id"], "wamid.IN0");
    let reaction = sent.iter().find(|s| s["type"] == "reaction").expect("the reaction");
    assert_eq!(reaction["reaction"], json!({ "message_id": "wamid.IN0", "emoji": "🙏" }));
    let sent_id = o.wait_message(ticket, reply, |m| m["ack"] == "sent").await;
    assert_eq!(sent_id["ack"], "sent");

    // A place and a contact card: refused off the map or without a phone, said per field;
    // Meta gets its `location` and `contacts` objects, the queue shows what they are.
    let path = format!("/api/tickets/{ticket}/messages");
    let (status, refused) =
        o.call(Method::POST, &path, Some(json!({ "location": { "latitude": -95.0, "longitude": 10.0 } }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_location")), "{refused}");
    let (status, refused) =
        o.call(Method::POST, &path, Some(json!({ "contacts": [{ "name": "Suporte", "phones": ["12"] }] }))).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("contacts[0].phones")), "{refused}");
    let both = json!({ "location": { "latitude": 1.0, "longitude": 1.0 }, "contacts": [{ "name": "A", "phones": ["+5511999990000"] }] });
    let (status, refused) = o.call(Method::POST, &path, Some(both)).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("one_attachment")), "{refused}");
    o.reply(
        ticket,
        json!({ "location": { "latitude": -23.5614, "longitude": -46.6559, "name": " Loja Paulista ", "address": "" } }),
    )
    .await;
    let card = o
        .reply(
            ticket,
            json!({ "contacts": [{ "name": "Suporte Acme", "phones": ["+55 (11) 3000-1000"] }], "clientId": "c1" }),
        )
        .await;
    let sent = o.graph.wait_sent(4).await;
    let place = sent.iter().find(|s| s["type"] == "location").expect("the place");
    assert_eq!(place["location"], json!({ "latitude": -23.5614, "longitude": -46.6559, "name": "Loja Paulista" }));
    let cards = sent.iter().find(|s| s["type"] == "contacts").expect("the card");
    assert_eq!(cards["contacts"][0]["phones"][0]["phone"], "+551130001000");
    let shown = o.wait_message(ticket, card, |m| m["ack"] == "sent").await;
    assert_eq!(
        (shown["type"].as_str(), shown["contacts"][0]["name"].as_str()),
        (Some("contacts"), Some("Suporte Acme"))
    );
    let (_, queue) = o.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(queue["lastMessage"]["body"], "👤 Contato: Suporte Acme", "{queue}");

    // Meta's statuses move it on; the customer reacts to it.
    let wamid = text_wamid(&o, "Sinto muito! Vamos trocar.");
    o.deliver(&graph::status(&wamid, CUSTOMER, "delivered", None)).await;
    o.deliver(&graph::status(&wamid, CUSTOMER, "read", None)).await;
    o.wait_message(ticket, reply, |m| m["ack"] == "read").await;
    let reacted = graph::customer_message(
        "wamid.R1",
        CUSTOMER,
        "Carla Dias",
        "reaction",
        json!({ "message_id": wamid, "emoji": "❤️" }),
    );
    o.deliver(&reacted).await;
    let with_reaction =
        o.wait_message(ticket, reply, |m| m["reactions"].as_array().is_some_and(|r| !r.is_empty())).await;
    assert_eq!(with_reaction["reactions"][0]["emoji"], "❤️");

    // A send Meta fails later (the window closed) reads in Portuguese.
    let late = o.reply(ticket, json!({ "body": "Ainda está aí?", "clientId": "r2" })).await;
    o.wait_message(ticket, late, |m| m["ack"] == "sent").await;
    let late_wamid = text_wamid(&o, "Ainda está aí?");
    let errors = json!([{ "code": 131047, "title": "Re-engagement message",
                          "message": "Re-engagement message", "error_data": { "details": "Message failed to send because more than 24 hours have passed since the customer last replied to this number." } }]);
    o.deliver(&graph::status(&late_wamid, CUSTOMER, "failed", Some(errors))).await;
    let failed = o.wait_message(ticket, late, |m| m["ack"] == "failed").await;
    assert!(failed["error"].as_str().unwrap().contains("24 horas"), "{failed}");

    // Throttling is retried; a refusal is not, and says why.
    o.graph.fail_next(400, 130429, "Rate limit hit");
    let throttled = o.reply(ticket, json!({ "body": "Mensagem após limite", "clientId": "r3" })).await;
    o.wait_message(ticket, throttled, |m| m["ack"] == "sent").await;
    o.graph.fail_next(400, 131026, "Message undeliverable");
    let refused = o.reply(ticket, json!({ "body": "Não vai chegar", "clientId": "r4" })).await;
    let refused = o.wait_message(ticket, refused, |m| m["ack"] == "failed").await;
    assert!(refused["error"].as_str().unwrap().contains("não entregou"), "{refused}");
}

/// The id Meta gave the text sent with `body`.
fn text_wamid(o: &Official, body: &str) -> String {
    let sent = o.graph.sent();
    let found = sent.iter().find(|s| s["text"]["body"] == body).expect("sent to Meta");
    found["__wamid"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn templates_are_synced_and_the_24_hour_window_decides_between_free_text_and_a_template() {
    let o = official().await;
    let (status, synced) = o.call(Method::POST, &format!("/api/instance/{}/templates/sync", o.instance), None).await;
    assert_eq!((status, synced["synced"].as_u64()), (200, Some(3)), "both of Meta's pages: {synced}");
    let (status, templates) = o.call(Method::GET, &format!("/api/templates?instanceId={}", o.instance), None).await;
    assert_eq!(status, 200);
    let templates = templates.as_array().unwrap().clone();
    let named = |name: &str| templates.iter().find(|t| t["name"] == name).unwrap().clone();
    let shipped = named("pedido_enviado");
    assert_eq!((shipped["status"].as_str(), shipped["category"].as_str()), (Some("APPROVED"), Some("UTILITY")));
    assert_eq!(shipped["header"], "Seu pedido");
    assert_eq!(shipped["parameters"], json!([{ "index": 1, "example": "Maria" }, { "index": 2, "example": "12345" }]));
    assert_eq!(named("promocao_natal")["status"], "PENDING");

    // The forms that pick a number learn which are official (templates, the 24-hour window).
    let other = o.app.create_instance("acme", "Loja").await;
    let (status, numbers) = o.call(Method::GET, "/api/inbox/instances", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        numbers,
        json!([{ "id": other, "name": "Loja", "official": false },
               { "id": o.instance, "name": "Oficial", "official": true }]),
        "by name, the Cloud number official"
    );

    // The customer last wrote 25 hours ago: the window is closed.
    let mut old = graph::customer_message("wamid.OLD", CUSTOMER, "Carla Dias", "text", json!({ "body": "Oi" }));
    let then = chrono::Utc::now() - chrono::Duration::hours(25);
    old["entry"][0]["changes"][0]["value"]["messages"][0]["timestamp"] = json!(then.timestamp().to_string());
    o.deliver(&old).await;
    let ticket = o.ticket().await;
    let (_, view) = o.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    let closes: chrono::DateTime<chrono::Utc> = view["windowClosesAt"].as_str().expect("a window").parse().unwrap();
    assert!((closes - (then + chrono::Duration::hours(24))).num_seconds().abs() <= 1, "{view}");

    let path = format!("/api/tickets/{ticket}/messages");
    let send = |body: Value| o.call(Method::POST, &path, Some(body));
    let (status, refused) = send(json!({ "body": "Oi, Carla!" })).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("window_closed")), "{refused}");
    let choose =
        |name: &str, parameters: Value| json!({ "template": { "id": named(name)["id"], "parameters": parameters } });
    let (status, missing) = send(choose("pedido_enviado", json!(["Carla", " "]))).await;
    assert_eq!((status, missing["code"].as_str()), (422, Some("template_parameters")), "{missing}");
    assert_eq!(missing["errors"][0]["field"], "template.parameters[1]");
    let (status, pending) = send(choose("promocao_natal", json!(["Carla"]))).await;
    assert_eq!((status, pending["code"].as_str()), (422, Some("template_not_approved")));
    let (status, sent) = send(choose("pedido_enviado", json!(["Carla", "98765"]))).await;
    assert_eq!(status, 201, "{sent}");
    assert_eq!(sent["body"], "Seu pedido\n\nOlá Carla, seu pedido 98765 saiu para entrega.\n\nAcme Lojas");
    let at_meta = o.graph.wait_sent(1).await[0].clone();
    assert_eq!(at_meta["type"], "template");
    assert_eq!(at_meta["template"]["name"], "pedido_enviado");
    assert_eq!(at_meta["template"]["language"]["code"], "pt_BR");
    assert_eq!(
        at_meta["template"]["components"],
        json!([{ "type": "body", "parameters": [{ "type": "text", "text": "Carla" }, { "type": "text", "text": "98765" }] }])
    );

    // The customer answers: the window opens again for 24 hours, and free text goes.
    let answer = graph::customer_message("wamid.NEW", CUSTOMER, "Carla Dias", "text", json!({ "body": "Obrigada!" }));
    o.deliver(&answer).await;
    let (_, view) = o.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    let closes: chrono::DateTime<chrono::Utc> = view["windowClosesAt"].as_str().unwrap().parse().unwrap();
    assert!(closes > chrono::Utc::now() + chrono::Duration::hours(23), "{view}");
    let (status, _) = send(json!({ "body": "De nada, Carla!" })).await;
    assert_eq!(status, 201);

    // Meta pauses a template: the picker sees it at once.
    o.deliver(&graph::template_status("pedido_enviado", "pt_BR", "PAUSED")).await;
    let (_, templates) = o.call(Method::GET, &format!("/api/templates?instanceId={}", o.instance), None).await;
    let paused = templates.as_array().unwrap().iter().find(|t| t["name"] == "pedido_enviado").unwrap().clone();
    assert_eq!(paused["status"], "PAUSED");

    // A generic number has no window and no templates.
    let provider = FakeProvider::start().await;
    let plain = o.app.instance_with_provider("acme", &o.token, "Genérica", &provider).await;
    let (status, unsupported) = o.call(Method::POST, &format!("/api/instance/{plain}/templates/sync"), None).await;
    assert_eq!((status, unsupported["code"].as_str()), (422, Some("templates_unsupported")));
    push(&o.app, HOST, plain, "evt-g", &customer_message("g1", "+5511912345678", "Gui", "oi")).await;
    let (_, page) = o.call(Method::GET, "/api/tickets?status=pending", None).await;
    let generic_ticket =
        page["data"].as_array().unwrap().iter().find(|t| t["instance"]["id"] == plain).unwrap().clone();
    assert_eq!(generic_ticket["windowClosesAt"], Value::Null);
}

#[tokio::test]
async fn a_campaign_on_an_official_number_sends_an_approved_template_with_its_cost_estimated() {
    let o = official().await;
    let record = backoffice::domain::tenants::find_by_name(
        o.app.dbs().control(),
        &backoffice::tenancy::TenantName::parse("acme").unwrap(),
    )
    .await
    .unwrap();
    backoffice::domain::tenants::set_feature(o.app.dbs().control(), &record, "campaigns", true, &o.app.state.bus)
        .await
        .unwrap();
    o.call(Method::POST, &format!("/api/instance/{}/templates/sync", o.instance), None).await;
    let (_, templates) = o.call(Method::GET, &format!("/api/templates?instanceId={}", o.instance), None).await;
    let shipped = templates.as_array().unwrap().iter().find(|t| t["name"] == "pedido_enviado").unwrap()["id"].clone();

    // The price table an administrator keeps; nonsense is refused in words.
    let (status, refused) = o
        .call(
            Method::PUT,
            "/api/templates/prices",
            Some(json!({ "prices": [{ "category": "PROMO", "priceBrl": -1 }] })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_prices")));
    assert_eq!(refused["errors"].as_array().unwrap().len(), 2);
    let prices = json!({ "prices": [{ "category": "UTILITY", "priceBrl": 0.045 }, { "category": "MARKETING", "priceBrl": 0.3125 }] });
    let (status, saved) = o.call(Method::PUT, "/api/templates/prices", Some(prices)).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved[0], json!({ "category": "MARKETING", "priceBrl": 0.3125 }));

    let phones = json!(["+55 11 98765-4321", "+55 21 99876-5432"]);
    let free_text = json!({ "name": "Avisos", "instanceId": o.instance, "body": "Seu pedido saiu!", "phones": phones });
    let (status, refused) = o.call(Method::POST, "/api/campaigns/preview", Some(free_text)).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("template")), "{refused}");
    let missing = json!({ "name": "Avisos", "instanceId": o.instance, "body": "", "phones": phones,
                          "template": { "id": shipped, "parameters": ["{{nome}}"] } });
    let (status, refused) = o.call(Method::POST, "/api/campaigns/preview", Some(missing)).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("template.parameters[1]")), "{refused}");

    let body = json!({ "name": "Avisos", "instanceId": o.instance, "body": "", "phones": phones,
                       "template": { "id": shipped, "parameters": ["{{nome}}", "{{telefone}}"] } });
    let (status, preflight) = o.call(Method::POST, "/api/campaigns/preview", Some(body.clone())).await;
    assert_eq!(status, 200, "{preflight}");
    assert_eq!(preflight["template"]["name"], "pedido_enviado");
    assert_eq!(preflight["estimatedCost"], json!({ "category": "UTILITY", "perMessageBrl": 0.045, "totalBrl": 0.09 }));
    // Phones only: no name is known, and Meta refuses an empty parameter.
    assert_eq!(
        preflight["samples"][0]["text"],
        "Seu pedido\n\nOlá cliente, seu pedido +5511987654321 saiu para entrega.\n\nAcme Lojas"
    );

    let (status, created) = o.call(Method::POST, "/api/campaigns", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["template"]["parameters"], json!(["{{nome}}", "{{telefone}}"]));
    let id = created["id"].as_i64().unwrap();
    let (status, started) = o.call(Method::POST, &format!("/api/campaigns/{id}/start"), None).await;
    assert_eq!(status, 200, "{started}");
    let sent = o.graph.wait_sent(2).await;
    let mut numbers: Vec<&str> = sent.iter().map(|s| s["to"].as_str().unwrap()).collect();
    numbers.sort();
    assert_eq!(numbers, ["5511987654321", "5521998765432"]);
    for message in &sent {
        assert_eq!(message["type"], "template");
        let to = message["to"].as_str().unwrap();
        assert_eq!(
            message["template"]["components"][0]["parameters"],
            json!([{ "type": "text", "text": "cliente" }, { "type": "text", "text": format!("+{to}") }])
        );
    }
}

#[tokio::test]
async fn past_the_window_quick_replies_and_scheduled_messages_go_as_approved_templates() {
    let o = official().await;
    let (status, _) = o.call(Method::POST, &format!("/api/instance/{}/templates/sync", o.instance), None).await;
    assert_eq!(status, 200);
    let (_, templates) = o.call(Method::GET, &format!("/api/templates?instanceId={}", o.instance), None).await;
    let id_of = |name: &str| templates.as_array().unwrap().iter().find(|t| t["name"] == name).unwrap()["id"].clone();

    // A reply points at an approved template; its values may hold the reply variables.
    let post = |body: Value| o.call(Method::POST, "/api/quick-replies", Some(body));
    let template = |name: &str, parameters: Value| json!({ "id": id_of(name), "parameters": parameters });
    let (status, refused) = post(json!({ "shortcut": "natal", "body": "",
                                          "template": template("promocao_natal", json!(["{{nome}}"])) }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("template_not_approved")), "{refused}");
    let (status, refused) = post(json!({ "shortcut": "envio", "body": "",
                                          "template": template("pedido_enviado", json!(["{{primeiro_nome}}"])) }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("template_parameters")), "{refused}");
    let (status, refused) = post(json!({ "shortcut": "envio", "body": "",
                                          "template": template("pedido_enviado", json!(["{{apelido}}", "1"])) }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_variable")), "{refused}");
    let (status, reply) = post(json!({ "shortcut": "envio", "body": "ignorado",
        "template": template("pedido_enviado", json!(["{{primeiro_nome}}", "{{protocolo}}"])) }))
    .await;
    assert_eq!(status, 201, "{reply}");
    assert_eq!((reply["body"].as_str(), reply["template"]["name"].as_str()), (Some(""), Some("pedido_enviado")));
    assert_eq!(reply["template"]["parameters"], json!(["{{primeiro_nome}}", "{{protocolo}}"]));
    let (status, free) = post(json!({ "shortcut": "oi", "body": "Oi, {{primeiro_nome}}!" })).await;
    assert_eq!(status, 201, "{free}");

    // The customer last wrote 25 hours ago: the picker offers only the template, filled.
    let mut old = graph::customer_message("wamid.QR", CUSTOMER, "Carla Dias", "text", json!({ "body": "Oi" }));
    let then = chrono::Utc::now() - chrono::Duration::hours(25);
    old["entry"][0]["changes"][0]["value"]["messages"][0]["timestamp"] = json!(then.timestamp().to_string());
    o.deliver(&old).await;
    let ticket = o.ticket().await;
    let (_, view) = o.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    let protocol = view["protocol"].as_str().unwrap().to_owned();
    let customer = view["customer"]["id"].clone();
    let (_, picker) = o.call(Method::GET, &format!("/api/tickets/{ticket}/quick-replies"), None).await;
    let offered: Vec<&str> = picker.as_array().unwrap().iter().map(|r| r["shortcut"].as_str().unwrap()).collect();
    assert_eq!(offered, ["envio"], "past the window only templates go: {picker}");
    assert_eq!(picker[0]["templateParameters"], json!(["Carla", protocol]));
    assert_eq!(picker[0]["missing"], json!([]));
    let send = json!({ "template": { "id": reply["template"]["id"], "parameters": picker[0]["templateParameters"] },
                       "quickReplyIds": [reply["id"]] });
    o.reply(ticket, send).await;
    let at_meta = o.graph.wait_sent(1).await[0].clone();
    assert_eq!(
        (at_meta["type"].as_str(), at_meta["template"]["name"].as_str()),
        (Some("template"), Some("pedido_enviado"))
    );

    // Scheduled for the same customer: free text would fail at its time; the template goes.
    let soon = (chrono::Utc::now() + chrono::Duration::seconds(2)).to_rfc3339();
    let schedule = |body: Value| o.call(Method::POST, "/api/scheduled-messages", Some(body));
    let (status, refused) = schedule(json!({ "customerId": customer, "instanceId": o.instance, "sendAt": soon,
        "template": template("pedido_enviado", json!(["Carla"])) }))
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("template_parameters")), "{refused}");
    let (status, by_template) = schedule(json!({ "customerId": customer, "instanceId": o.instance, "sendAt": soon,
        "template": template("pedido_enviado", json!(["Carla", "55501"])) }))
    .await;
    assert_eq!(status, 201, "{by_template}");
    assert_eq!(by_template["body"], "Seu pedido\n\nOlá Carla, seu pedido 55501 saiu para entrega.\n\nAcme Lojas");
    assert_eq!(by_template["template"]["parameters"], json!(["Carla", "55501"]));
    let (_, by_text) = schedule(json!({ "customerId": customer, "instanceId": o.instance, "sendAt": soon,
                                         "body": "Oi, Carla!", "cancelIfCustomerWrites": false }))
    .await;
    let at_meta = o.graph.wait_sent(2).await[1].clone();
    assert_eq!(at_meta["template"]["components"][0]["parameters"][1]["text"], "55501");
    let o = &o;
    let wait = |id: Value, status: &'static str| async move {
        for _ in 0..100 {
            let (_, page) = o.call(Method::GET, "/api/scheduled-messages", None).await;
            let row = page["data"].as_array().unwrap().iter().find(|r| r["id"] == id).cloned().unwrap();
            if row["status"] == status {
                return row;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("never {status}");
    };
    wait(by_template["id"].clone(), "sent").await;
    let failed = wait(by_text["id"].clone(), "failed").await;
    assert_eq!(failed["error"], "A janela de 24 horas fechou: envie um modelo aprovado.");
    assert_eq!(o.graph.sent().len(), 2, "the free text never reached Meta");
}

#[tokio::test]
async fn past_the_window_the_satisfaction_survey_goes_as_the_template_chosen_for_the_number() {
    let o = official().await;
    o.call(Method::POST, &format!("/api/instance/{}/templates/sync", o.instance), None).await;
    let (_, templates) = o.call(Method::GET, &format!("/api/templates?instanceId={}", o.instance), None).await;
    let id_of = |name: &str| templates.as_array().unwrap().iter().find(|t| t["name"] == name).unwrap()["id"].clone();
    let generic = o.app.create_instance("acme", "Loja").await;
    let (_, mut settings) = o.call(Method::GET, "/api/survey", None).await;
    assert_eq!(settings["templates"], json!([]), "none chosen at first");
    settings["enabled"] = json!(true);
    let choose = |instance: Value, name: &str, parameters: Value| json!({ "instanceId": instance, "templateId": id_of(name), "parameters": parameters });

    // Each choice is checked as a send would be, the error on its field.
    settings["templates"] = json!([
        choose(json!(generic), "pedido_enviado", json!(["{{nome}}", "1"])),
        choose(json!(o.instance), "promocao_natal", json!(["{{nome}}"])),
    ]);
    let (status, refused) = o.call(Method::PUT, "/api/survey", Some(settings.clone())).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_survey")), "{refused}");
    let fields: Vec<&str> =
        refused["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["templates[0].instanceId", "templates[1].templateId"], "{refused}");
    settings["templates"] = json!([choose(json!(o.instance), "pedido_enviado", json!(["{{nome}}"]))]);
    let (status, refused) = o.call(Method::PUT, "/api/survey", Some(settings.clone())).await;
    assert_eq!(
        (status, refused["errors"][0]["field"].as_str()),
        (422, Some("templates[0].parameters[1]")),
        "{refused}"
    );
    settings["templates"] = json!([choose(json!(o.instance), "pedido_enviado", json!(["{{nome}}", "{{atendente}}"]))]);
    let (status, saved) = o.call(Method::PUT, "/api/survey", Some(settings)).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["templates"][0]["parameters"], json!(["{{nome}}", "{{atendente}}"]));

    // The customer last wrote 25 hours ago: closing sends the template, filled with both names.
    let mut old = graph::customer_message("wamid.SV", CUSTOMER, "Carla Dias", "text", json!({ "body": "Oi" }));
    let then = chrono::Utc::now() - chrono::Duration::hours(25);
    old["entry"][0]["changes"][0]["value"]["messages"][0]["timestamp"] = json!(then.timestamp().to_string());
    o.deliver(&old).await;
    let ticket = o.ticket().await;
    let (_, reasons) = o.call(Method::GET, "/api/closing-reasons", None).await;
    let (status, closed) = o
        .call(
            Method::POST,
            &format!("/api/tickets/{ticket}/close"),
            Some(json!({ "closingReasonId": reasons[0]["id"] })),
        )
        .await;
    assert_eq!(status, 200, "{closed}");
    let at_meta = o.graph.wait_sent(1).await[0].clone();
    assert_eq!(
        (at_meta["type"].as_str(), at_meta["template"]["name"].as_str()),
        (Some("template"), Some("pedido_enviado"))
    );
    assert_eq!(
        at_meta["template"]["components"][0]["parameters"],
        json!([{ "type": "text", "text": "Carla" }, { "type": "text", "text": "Pessoa" }]),
        "{at_meta}"
    );

    // Answered: recorded, thanked in free text (the answer opened the window), no ticket opens.
    o.deliver(&graph::customer_message("wamid.SV2", CUSTOMER, "Carla Dias", "text", json!({ "body": "4 - ok" }))).await;
    let thanks = o.graph.wait_sent(2).await[1].clone();
    assert_eq!(thanks["type"], "text", "{thanks}");
    let (_, waiting) = o.call(Method::GET, "/api/tickets?status=pending", None).await;
    assert_eq!(waiting["data"].as_array().unwrap().len(), 0, "{waiting}");
}
