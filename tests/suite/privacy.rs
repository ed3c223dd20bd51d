//! The data subject's rights (docs/privacy.md) through the real HTTP surface, with a fake
//! provider: a customer who wrote, sent a photo, was answered, ordered and was tagged gets a
//! report holding all of it (and none of the internal notes), recorded on the audit log; a legal
//! hold refuses erasure; erasure leaves no trace of the person in any table or in the media
//! store, while the daily aggregates still reconcile; and the bot's consent step records the
//! answer to the text's current version.

use std::{
    io::{Cursor, Read},
    time::{Duration, Instant},
};

use backoffice::domain::{
    analytics::{Period, local_day, sync},
    media::store::{self, Object},
};
use reqwest::Method;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde_json::{Value, json};

use crate::support::{
    provider::{FakeProvider, customer_message, push},
    socket,
    team::{HOST, Team},
};
const PHONE: &str = "+55 11 96666-5555";
const NAME: &str = "Beatriz Quitéria Nogueira";
/// Words only this customer wrote or was told: none may survive the erasure.
const SECRET_WORDS: [&str; 3] = ["boletoazul", "Quitéria", "rua das acácias 77"];

struct World {
    team: Team,
    provider: FakeProvider,
}

impl World {
    async fn start(features: &[&str]) -> Self {
        let (team, provider) = Team::start().await;
        for feature in features {
            team.feature(feature).await;
        }
        Self { team, provider }
    }

    async fn call_as(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        self.team.call(token, method, path, body).await
    }

    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        self.team.call(&self.team.admin_token, method, path, body).await
    }

    async fn customer_sends(&self, id: &str, data: Value) {
        let mut event = customer_message(id, PHONE, NAME, "");
        event["data"].as_object_mut().unwrap().extend(data.as_object().unwrap().clone());
        let response = push(&self.team.app, HOST, self.team.instance, &format!("evt-{id}"), &event).await;
        assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    }

    async fn download(&self, token: &str, path: &str) -> (u16, Vec<u8>) {
        let app = &self.team.app;
        let response = app
            .client
            .get(app.url(path))
            .header("host", HOST)
            .header("authorization", format!("Bearer {token}"))
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.bytes().await.unwrap().to_vec())
    }

    async fn attendant(&self) -> String {
        self.team.agent("Caio", &[self.team.instance]).await.1
    }

    /// Every (table, column) of the tenant's database holding `needle`, compared as text.
    async fn where_is(&self, needle: &str) -> Vec<String> {
        let db = self.team.app.tenant_db("acme").await;
        let tx = db.begin().await.unwrap();
        let backend = tx.get_database_backend();
        let tables = tenant_migrations::TABLES.iter().chain(tenant_migrations::SQLITE_SEARCH_TABLES.iter());
        let mut found = Vec::new();
        for table in tables {
            let columns_sql = match backend {
                DbBackend::Postgres => format!(
                    "SELECT column_name AS name FROM information_schema.columns \
                     WHERE table_schema = current_schema() AND table_name = '{table}'"
                ),
                _ => format!("SELECT name FROM pragma_table_info('{table}')"),
            };
            let Ok(columns) = tx.query_all_raw(Statement::from_string(backend, columns_sql)).await else { continue };
            for column in columns.iter().filter_map(|r| r.try_get::<String>("", "name").ok()) {
                let sql = format!(
                    "SELECT COUNT(*) AS n FROM {table} WHERE LOWER(CAST(\"{column}\" AS TEXT)) LIKE '%{}%'",
                    needle.to_lowercase().replace('\'', "''")
                );
                let n: i64 = match tx.query_one_raw(Statement::from_string(backend, sql)).await {
                    Ok(Some(row)) => row.try_get("", "n").unwrap_or(0),
                    _ => 0,
                };
                if n > 0 {
                    found.push(format!("{table}.{column}"));
                }
            }
        }
        tx.rollback().await.unwrap();
        found
    }
}

/// Whether `CustomerChanged` for this customer reaches the socket within a few seconds.
async fn told_changed(socket: &mut socket::Socket, customer: i64) -> bool {
    while let Some(event) = socket::next_event(socket, Duration::from_secs(3)).await {
        if event["event"] == "CustomerChanged" && event["customer_id"].as_i64() == Some(customer) {
            return true;
        }
    }
    false
}

fn unzip(bytes: &[u8]) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    let mut files = std::collections::BTreeMap::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut content = Vec::new();
        file.read_to_end(&mut content).unwrap();
        files.insert(file.name().unwrap().to_string(), content);
    }
    files
}

fn png() -> Vec<u8> {
    let img = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([(x * 6) as u8, (y * 8) as u8, 90]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[tokio::test]
async fn a_customer_gets_everything_in_a_report_and_an_erasure_leaves_no_trace_but_the_figures() {
    let w = World::start(&["analytics"]).await;
    // The customer writes, sends a photo; the admin answers, notes, registers an order, tags.
    w.customer_sends("m1", json!({ "body": "Paguei o boletoazul ontem, moro na Rua das Acácias 77" })).await;
    let photo = png();
    let url = w.provider.host("comprovante.png", photo.clone(), "image/png");
    w.customer_sends(
        "m2",
        json!({ "type": "image", "body": "Comprovante", "media": { "url": url, "mimeType": "image/png" } }),
    )
    .await;
    let (_, page) = w.call(Method::GET, "/api/tickets?status=pending", None).await;
    let ticket = page["data"][0]["id"].as_i64().unwrap();
    let customer = page["data"][0]["customer"]["id"].as_i64().unwrap();
    assert_eq!(w.call(Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await.0, 200);
    let reply = json!({ "body": "Recebido, Quitéria! Obrigado." });
    assert_eq!(w.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(reply)).await.0, 201);
    let note = json!({ "body": "Cliente parece irritada, cuidado" });
    let (status, noted) = w.call(Method::POST, &format!("/api/tickets/{ticket}/notes"), Some(note)).await;
    assert_eq!(status, 201, "{noted}");
    let order =
        json!({ "ticketId": ticket, "valueCents": 15990, "status": "paid", "note": "entregar na rua das acácias 77" });
    assert_eq!(w.call(Method::POST, "/api/orders", Some(order)).await.0, 201);
    let (_, changed) = w
        .call(Method::PUT, &format!("/api/customers/{customer}"), Some(json!({ "email": "bia@exemplo.com.br" })))
        .await;
    assert_eq!(changed["email"], "bia@exemplo.com.br");
    // The photo is stored before the report is asked for.
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (_, messages) = w.call(Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
        if messages["data"].as_array().unwrap().iter().any(|m| m["media"]["status"] == "ready") {
            break;
        }
        assert!(Instant::now() < deadline, "the photo was never stored");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The report: everything, as a zip; attendants may not have it.
    let attendant = w.attendant().await;
    let (status, _) = w.download(&attendant, &format!("/api/customers/{customer}/report")).await;
    assert_eq!(status, 403);
    let (status, _) = w.download(&w.team.admin_token, &format!("/api/customers/{}/report", customer + 1000)).await;
    assert_eq!(status, 404);
    let (status, bytes) = w.download(&w.team.admin_token, &format!("/api/customers/{customer}/report")).await;
    assert_eq!(status, 200);
    let files = unzip(&bytes);
    let subject: Value = serde_json::from_slice(&files["titular.json"]).unwrap();
    assert_eq!(subject["customer"]["name"], NAME);
    assert_eq!(subject["customer"]["email"], "bia@exemplo.com.br");
    assert_eq!(subject["orders"][0]["valueCents"], 15990);
    assert_eq!(subject["tickets"].as_array().unwrap().len(), 1);
    let lines: Vec<Value> = String::from_utf8(files["conversas.jsonl"].clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let bodies: Vec<&str> = lines.iter().map(|l| l["body"].as_str().unwrap()).collect();
    assert_eq!(
        bodies,
        ["Paguei o boletoazul ontem, moro na Rua das Acácias 77", "Comprovante", "Recebido, Quitéria! Obrigado."],
        "the conversation, oldest first, without the note"
    );
    let file = lines[1]["file"].as_str().expect("the photo's file in the zip");
    assert_eq!(files[file], photo, "the photo itself");
    let html = String::from_utf8(files["resumo.html"].clone()).unwrap();
    assert!(html.contains("Beatriz Quitéria Nogueira") && html.contains("R$ 159,90"), "readable");
    assert!(!html.contains("irritada") && !files["conversas.jsonl"].windows(8).any(|w| w == b"irritada"));
    let (_, log) = w.call(Method::GET, "/api/audit?action=privacy_subject_report", None).await;
    assert_eq!(log["data"].as_array().unwrap().len(), 1, "the download is on the audit log: {log}");

    // A legal hold refuses erasure; lifted, a wrong confirmation is refused too. Open screens are
    // told each change (`CustomerChanged`), so the customer panel follows without a reload.
    let team = &w.team;
    let mut screen = socket::open(&team.app, &team.admin, &team.admin_token, None).await.expect("socket opens");
    let hold = json!({ "reason": "Processo 0001234-56.2026.8.26.0100" });
    let (status, held) = w.call(Method::PUT, &format!("/api/customers/{customer}/legal-hold"), Some(hold)).await;
    assert_eq!((status, held["legalHoldReason"].as_str()), (200, Some("Processo 0001234-56.2026.8.26.0100")));
    assert!(told_changed(&mut screen, customer).await, "the hold is told live");
    let erase = |confirmation: &str| json!({ "confirmation": confirmation });
    let (status, refused) = w.call(Method::POST, &format!("/api/customers/{customer}/erase"), Some(erase(NAME))).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("legal_hold")), "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("0001234"));
    w.call(Method::PUT, &format!("/api/customers/{customer}/legal-hold"), Some(json!({ "reason": null }))).await;
    let (status, _) = w.call(Method::POST, &format!("/api/customers/{customer}/erase"), Some(erase("Beatriz"))).await;
    assert_eq!(status, 422);
    let (status, _) =
        w.call_as(&attendant, Method::POST, &format!("/api/customers/{customer}/erase"), Some(erase(NAME))).await;
    assert_eq!(status, 403);

    // The figures before.
    assert_eq!(w.call(Method::GET, "/api/tenant/syncAnalytics?forceUpdate=true", None).await.0, 200);
    let today = local_day(chrono::Utc::now());
    let (_, before) = w.call(Method::GET, &format!("/api/dashboard/analytics?from={today}&to={today}"), None).await;
    let db = w.team.app.tenant_db("acme").await;
    let sha256: String = {
        let tx = db.begin().await.unwrap();
        let row = tx
            .query_one_raw(Statement::from_string(tx.get_database_backend(), "SELECT sha256 FROM media".to_owned()))
            .await
            .unwrap()
            .unwrap();
        row.try_get("", "sha256").unwrap()
    };
    let key = store::key("acme", &sha256, Object::Original);
    assert!(w.team.app.state.media.exists(&key).await.unwrap());

    // Before: the scan finds the person where they are (so its silence afterwards means something).
    let before_scan = w.where_is("boletoazul").await;
    assert!(before_scan.contains(&"messages.body".to_owned()), "{before_scan:?}");
    assert!(w.where_is("bia@exemplo").await.contains(&"customers.email".to_owned()));

    // Erasure.
    let (status, erased) = w.call(Method::POST, &format!("/api/customers/{customer}/erase"), Some(erase(NAME))).await;
    assert_eq!(status, 200, "{erased}");
    assert_eq!((erased["messages"].as_u64(), erased["mediaFiles"].as_u64()), (Some(4), Some(1)), "{erased}");
    assert_eq!(erased["customer"]["name"], "Titular anonimizado");
    assert!(told_changed(&mut screen, customer).await, "the erasure is told live");
    for needle in SECRET_WORDS.iter().copied().chain([PHONE, "5511966665555", "bia@exemplo", "irritada", "Beatriz"]) {
        assert!(w.where_is(needle).await.is_empty(), "{needle} is still in {:?}", w.where_is(needle).await);
    }
    assert!(!w.team.app.state.media.exists(&key).await.unwrap(), "the photo left the store");
    let (status, again) = w.call(Method::POST, &format!("/api/customers/{customer}/erase"), Some(erase(NAME))).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("customer_erased")));
    // Nothing puts personal data back on the record.
    let rename = json!({ "name": "Beatriz de novo" });
    let (status, _) = w.call(Method::PUT, &format!("/api/customers/{customer}"), Some(rename)).await;
    assert_eq!(status, 409);
    let (_, detail) = w.call(Method::GET, &format!("/api/customers/{customer}"), None).await;
    assert_eq!(detail["identities"].as_array().map(Vec::len).unwrap_or(0), 0, "{detail}");
    let (_, found) = w.call(Method::GET, "/api/search/messages?q=boletoazul", None).await;
    assert_eq!(found["data"].as_array().map(Vec::len).unwrap_or(0), 0, "{found}");

    // The figures after: the same, and a fresh recomputation finds no drift.
    let (_, after) = w.call(Method::GET, &format!("/api/dashboard/analytics?from={today}&to={today}"), None).await;
    assert_eq!(before["totals"], after["totals"]);
    let tx = db.begin().await.unwrap();
    let drifts = sync::verify(&tx, Period::new(today, today).unwrap()).await.unwrap();
    tx.rollback().await.unwrap();
    assert!(drifts.is_empty(), "{drifts:?}");
    let (_, tickets) = w.call(Method::GET, "/api/tickets?status=open", None).await;
    assert_eq!(tickets["data"][0]["customer"]["name"], "Titular anonimizado", "the ticket stays, nameless");

    // The same phone writing again is a new customer.
    w.customer_sends("m3", json!({ "body": "Oi de novo" })).await;
    let (_, page) = w.call(Method::GET, "/api/customers?search=96666", None).await;
    let ids: Vec<i64> = page["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect();
    assert!(!ids.is_empty() && !ids.contains(&customer), "{page}");
}

#[tokio::test]
async fn the_bot_asks_for_consent_first_and_records_the_answer_to_that_version() {
    let w = World::start(&["chatbot"]).await;
    let (status, bad) =
        w.call(Method::PUT, "/api/privacy/consent", Some(json!({ "enabled": true, "text": " " }))).await;
    assert_eq!((status, bad["errors"][0]["field"].as_str()), (422, Some("text")));
    let text = "Usamos seus dados só para atender você (LGPD).";
    let (status, saved) =
        w.call(Method::PUT, "/api/privacy/consent", Some(json!({ "enabled": true, "text": text }))).await;
    assert_eq!((status, saved["version"].as_i64()), (200, Some(1)), "{saved}");
    let bot = json!({
        "enabled": true, "name": "Maria", "greeting": "Olá, {{nome}}!", "menuPrompt": "Escolha uma opção:",
        "options": [{ "label": "Falar com atendente", "action": "human" }],
        "invalidMessage": "Não entendi.", "invalidLimit": 3, "handoverMessage": "Um momento.",
        "outOfHoursMessage": "Estamos fechados agora.", "inactivityMinutes": 30, "inactivityReasonId": null,
        "inactivityMessage": "Encerramos por inatividade."
    });
    let (status, body) = w.call(Method::PUT, "/api/bot/config", Some(bot)).await;
    assert_eq!(status, 200, "{body}");

    w.customer_sends("c1", json!({ "body": "Oi" })).await;
    let sent = w.provider.wait_sent(1).await;
    assert!(sent[0].body.contains(text) && sent[0].body.contains("1 para aceitar"), "{}", sent[0].body);
    w.customer_sends("c2", json!({ "body": "talvez" })).await;
    let sent = w.provider.wait_sent(2).await;
    assert!(sent[1].body.starts_with("Não entendi"), "asked again: {}", sent[1].body);
    w.customer_sends("c3", json!({ "body": "1" })).await;
    let sent = w.provider.wait_sent(3).await;
    assert!(sent[2].body.starts_with("Obrigado! Seu consentimento foi registrado."), "{}", sent[2].body);
    assert!(sent[2].body.contains("Escolha uma opção"), "then the menu: {}", sent[2].body);

    let (_, page) = w.call(Method::GET, "/api/customers?search=96666", None).await;
    let customer = page["data"][0]["id"].as_i64().unwrap();
    let (_, privacy) = w.call(Method::GET, &format!("/api/customers/{customer}/privacy"), None).await;
    let consents = privacy["consents"].as_array().unwrap();
    assert_eq!(consents.len(), 1, "{privacy}");
    assert_eq!((consents[0]["granted"].as_bool(), consents[0]["version"].as_i64()), (Some(true), Some(1)));
    assert_eq!(consents[0]["text"], text);

    // A new text is a new version: asked again on the next conversation.
    let (_, saved) = w
        .call(
            Method::PUT,
            "/api/privacy/consent",
            Some(json!({ "enabled": true, "text": format!("{text} Versão 2.") })),
        )
        .await;
    assert_eq!(saved["version"], 2);
}
