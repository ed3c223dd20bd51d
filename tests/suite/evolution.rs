//! Unofficial numbers through an Evolution API gateway (docs/providers.md#evolution), against a
//! fake gateway speaking its v2 format (`support::gateway`): pairing creates the gateway's
//! instance with its webhook and shows the QR code; the gateway's posts (with the instance's token)
//! bring messages of every kind, acks and connection changes; replies, voice notes and reactions
//! go out through its endpoints; groups are left out.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    TestApp,
    gateway::{self, API_KEY, FakeGateway, INSTANCE},
};

const HOST: &str = "acme.localhost";
const CUSTOMER: &str = "5511987654321";

#[tokio::test]
async fn a_gateway_number_pairs_by_qr_and_talks_both_ways() {
    let fake = FakeGateway::start().await;
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let call = |method: Method, path: String, body: Option<Value>| {
        let (app, token) = (&app, &token);
        async move {
            let response = app.call(method, HOST, &path, Some(token), body).await;
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };

    // Every field at once when missing; then the number is created.
    let (status, refused) = call(
        Method::POST,
        "/api/instance".into(),
        Some(json!({ "name": "Loja", "providerKind": "evolution", "evolution": {} })),
    )
    .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_evolution")), "{refused}");
    assert_eq!(refused["errors"].as_array().unwrap().len(), 3);
    let body = json!({ "name": "Loja Centro", "providerKind": "evolution",
                       "evolution": { "baseUrl": fake.url(), "instanceName": INSTANCE, "apiKey": API_KEY } });
    let (status, created) = call(Method::POST, "/api/instance".into(), Some(body)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (created["providerKind"].as_str(), created["evolution"]["instanceName"].as_str()),
        (Some("evolution"), Some(INSTANCE))
    );
    assert!(!created.to_string().contains(API_KEY), "the key is never shown");
    let id = created["id"].as_i64().unwrap();

    // Pairing creates the gateway's instance, pointed at this one's webhook, and shows the QR code.
    let (status, paired) = call(Method::POST, format!("/api/instance/{id}/connect"), None).await;
    assert_eq!((status, paired["qrcode"].as_str()), (200, Some("2@pareamento-1")), "{paired}");
    let calls = fake.calls();
    let (_, created_there) = calls.iter().find(|(path, _)| path == "instance/create").expect("created at the gateway");
    assert_eq!(created_there["instanceName"], INSTANCE);
    assert_eq!(created_there["integration"], "WHATSAPP-BAILEYS");
    let hook = created_there["webhook"]["url"].as_str().unwrap().to_owned();
    assert!(
        hook.starts_with("http://acme.localhost:") && hook.contains(&format!("/api/instance/{id}/evolution/")),
        "{hook}"
    );
    assert_eq!(
        created_there["webhook"]["events"],
        json!(["MESSAGES_UPSERT", "MESSAGES_UPDATE", "MESSAGES_DELETE", "CONNECTION_UPDATE", "QRCODE_UPDATED"])
    );
    // Pairing again finds it there and only points its webhook here again.
    let (_, again) = call(Method::POST, format!("/api/instance/{id}/connect"), None).await;
    assert_eq!(again["qrcode"], "2@pareamento-2");
    assert!(fake.calls().iter().any(|(path, body)| path == "webhook/set" && body["webhook"]["url"] == hook));

    let path = url::Url::parse(&hook).unwrap().path().to_owned();
    let post = |body: Value, path: String| {
        let app = &app;
        async move {
            let response = app.client.post(app.url(&path)).header("host", HOST).json(&body).send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let (status, _) = post(
        gateway::post_of("connection.update", json!({ "instance": INSTANCE, "state": "open", "statusReason": 200 })),
        path.replace("/evolution/", "/evolution/x"),
    )
    .await;
    assert_eq!(status, 401, "a wrong token is refused");
    let (status, _) = post(
        gateway::post_of("connection.update", json!({ "instance": INSTANCE, "state": "open", "statusReason": 200 })),
        path.clone(),
    )
    .await;
    assert_eq!(status, 200);
    let (_, list) = call(Method::GET, "/api/instance".into(), None).await;
    assert_eq!(list.as_array().unwrap().iter().find(|i| i["id"] == id).unwrap()["status"], "connected");

    // A customer's text, photo and voice note; a group's message is left out.
    let photo = {
        let img = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([(x * 6) as u8, (y * 8) as u8, 60]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    };
    fake.keep_media("3EB0PHOTO", photo, "image/png");
    for body in [
        gateway::customer_message(
            "3EB0TEXT",
            CUSTOMER,
            "Carla Dias",
            "conversation",
            json!({ "conversation": "Oi, meu pedido?" }),
        ),
        gateway::customer_message(
            "3EB0PHOTO",
            CUSTOMER,
            "Carla Dias",
            "imageMessage",
            json!({ "imageMessage": { "url": "https://mmg.whatsapp.net/x", "mimetype": "image/png", "caption": "A caixa" } }),
        ),
        gateway::customer_message(
            "3EB0LOC",
            CUSTOMER,
            "Carla Dias",
            "locationMessage",
            json!({ "locationMessage": { "degreesLatitude": -23.56, "degreesLongitude": -46.65, "name": "Loja" } }),
        ),
    ] {
        let (status, answer) = post(body, path.clone()).await;
        assert_eq!((status, answer["received"].as_u64()), (200, Some(1)), "{answer}");
    }
    let mut group = gateway::customer_message(
        "3EB0GRP",
        CUSTOMER,
        "Carla Dias",
        "conversation",
        json!({ "conversation": "grupo" }),
    );
    group["data"]["key"]["remoteJid"] = json!("120363025246125486@g.us");
    let (_, answer) = post(group, path.clone()).await;
    assert_eq!((answer["received"].as_u64(), answer["skipped"].as_u64()), (Some(0), Some(1)));

    let (_, page) = call(Method::GET, "/api/tickets?status=pending".into(), None).await;
    let ticket = page["data"][0]["id"].as_i64().unwrap();
    assert_eq!(page["data"][0]["customer"]["name"], "Carla Dias");
    assert_eq!(page["data"][0]["windowClosesAt"], Value::Null, "no 24-hour window on an unofficial number");
    call(Method::POST, format!("/api/tickets/{ticket}/accept"), None).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    let messages = loop {
        let (_, conversation) = call(Method::GET, format!("/api/tickets/{ticket}/messages"), None).await;
        let messages = conversation["data"].as_array().unwrap().clone();
        if messages[1]["media"]["status"] == "ready" {
            break messages;
        }
        assert!(std::time::Instant::now() < deadline, "the photo never arrived: {}", messages[1]);
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(messages[0]["body"], "Oi, meu pedido?");
    assert_eq!(
        (messages[1]["type"].as_str(), messages[1]["media"]["mimeType"].as_str()),
        (Some("image"), Some("image/png"))
    );
    assert_eq!(messages[2]["location"]["name"], "Loja");

    // The agent replies quoting the customer and reacts: the gateway's endpoints and formats.
    let first = messages[0]["id"].as_i64().unwrap();
    let (status, reply) = call(
        Method::POST,
        format!("/api/tickets/{ticket}/messages"),
        Some(json!({ "body": "Já verifico!", "quotedMessageId": first, "clientId": "e1" })),
    )
    .await;
    assert_eq!(status, 201, "{reply}");
    call(Method::PUT, format!("/api/tickets/{ticket}/messages/{first}/reaction"), Some(json!({ "emoji": "👍" }))).await;
    let sent = fake.wait_sent(2).await;
    let (_, text) = sent.iter().find(|(path, _)| path == "sendText").expect("the reply");
    assert_eq!((text["number"].as_str(), text["text"].as_str()), (Some(CUSTOMER), Some("Já verifico!")));
    assert_eq!(text["quoted"]["key"]["id"], "3EB0TEXT");
    let (_, reaction) = sent.iter().find(|(path, _)| path == "sendReaction").expect("the reaction");
    assert_eq!((reaction["key"]["id"].as_str(), reaction["reaction"].as_str()), (Some("3EB0TEXT"), Some("👍")));
    // A place and a contact card, through the gateway's own endpoints.
    for body in [
        json!({ "location": { "latitude": -23.5614, "longitude": -46.6559, "name": "Loja Paulista" } }),
        json!({ "contacts": [{ "name": "Suporte Acme", "phones": ["+551130001000"] }] }),
    ] {
        let (status, sent) = call(Method::POST, format!("/api/tickets/{ticket}/messages"), Some(body)).await;
        assert_eq!(status, 201, "{sent}");
    }
    let sent = fake.wait_sent(4).await;
    let (_, place) = sent.iter().find(|(path, _)| path == "sendLocation").expect("the place");
    assert_eq!((place["number"].as_str(), place["latitude"].as_f64()), (Some(CUSTOMER), Some(-23.5614)));
    let (_, card) = sent.iter().find(|(path, _)| path == "sendContact").expect("the card");
    assert_eq!(card["contact"][0]["wuid"], "551130001000");

    // The gateway's acks move the reply on.
    let reply_id = reply["id"].as_i64().unwrap();
    let wait_ack = |ack: &'static str| {
        let call = &call;
        async move {
            let deadline = std::time::Instant::now() + Duration::from_secs(15);
            loop {
                let (_, conversation) = call(Method::GET, format!("/api/tickets/{ticket}/messages"), None).await;
                let found =
                    conversation["data"].as_array().unwrap().iter().find(|m| m["id"] == reply_id).cloned().unwrap();
                if found["ack"] == ack {
                    return found;
                }
                assert!(std::time::Instant::now() < deadline, "still {found}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    };
    wait_ack("sent").await;
    let gateway_id = text["__id"].as_str().unwrap().to_owned();
    let update = |status: &str| {
        gateway::post_of(
            "messages.update",
            json!({ "keyId": gateway_id,
        "remoteJid": format!("{CUSTOMER}@s.whatsapp.net"), "fromMe": true, "status": status, "instanceId": "af6c5b7c" }),
        )
    };
    let (status, answer) = post(update("DELIVERY_ACK"), path.clone()).await;
    assert_eq!(status, 200, "{answer}");
    post(update("READ"), path.clone()).await;
    let (_, repeated) = post(update("READ"), path.clone()).await;
    assert_eq!(repeated["duplicates"], 1);
    wait_ack("read").await;

    // WhatsApp names someone by their LID alone: a customer known by it, answered at it.
    let mut lid_only = gateway::customer_message(
        "3EB0LID1",
        CUSTOMER,
        "Bia",
        "conversation",
        json!({ "conversation": "Oi, sou nova" }),
    );
    lid_only["data"]["key"]["remoteJid"] = json!("120363025246125486@lid");
    let (status, answer) = post(lid_only, path.clone()).await;
    assert_eq!((status, answer["received"].as_u64()), (200, Some(1)), "{answer}");
    let (_, customers) = call(Method::GET, "/api/customers?search=Bia".into(), None).await;
    assert_eq!(customers["data"][0]["phone"], "120363025246125486@lid", "{customers}");

    // Groups are kept once the setting says so: the group is a customer, the member named.
    let change = json!({ "id": id, "name": "Loja Centro", "providerKind": "evolution",
                         "evolution": { "baseUrl": fake.url(), "instanceName": INSTANCE, "keepGroups": true } });
    let (status, changed) = call(Method::POST, "/api/instance/update".into(), Some(change)).await;
    assert_eq!((status, changed["evolution"]["keepGroups"].as_bool()), (200, Some(true)), "{changed}");
    let mut group = gateway::customer_message(
        "3EB0GRP2",
        CUSTOMER,
        "Ana",
        "conversation",
        json!({ "conversation": "Bom dia, grupo" }),
    );
    group["data"]["key"]["remoteJid"] = json!("120363025246125486@g.us");
    group["data"]["key"]["participant"] = json!(format!("{CUSTOMER}@s.whatsapp.net"));
    let (status, answer) = post(group, path.clone()).await;
    assert_eq!((status, answer["received"].as_u64()), (200, Some(1)), "{answer}");
    let (_, pending) = call(Method::GET, "/api/tickets?status=pending".into(), None).await;
    let in_group = pending["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["customer"]["phone"] == "120363025246125486@g.us")
        .cloned()
        .expect("the group's ticket");
    assert_eq!(in_group["customer"]["name"], "Grupo do WhatsApp");
    assert_eq!(in_group["lastMessage"]["body"], "Ana: Bom dia, grupo", "{in_group}");

    // Logging out goes to the gateway.
    let (status, _) = call(Method::POST, format!("/api/instance/{id}/disconnect"), None).await;
    assert_eq!(status, 204);
    assert!(fake.calls().iter().any(|(path, _)| path == "logout"));
}
