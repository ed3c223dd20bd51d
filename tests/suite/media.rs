//! Media in the conversation (docs/media.md), through the real HTTP and WebSocket surface with a
//! fake provider that speaks contract 2: a customer's photo, voice note, document, sticker,
//! location, contacts and unknown types arrive and are kept (their bytes fetched by the worker);
//! an agent uploads, sends, reacts and quotes; links open only on their tenant, until they expire,
//! by range; refusals are said in words; the same file is kept once.

use std::time::Duration;

use backoffice::domain::media::{
    links::{self, Target, Variant},
    probe, voice,
};
use base64::Engine;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    TestApp, TestUser,
    provider::{FakeProvider, push},
    socket::{Socket, next_event, open},
};

const HOST: &str = "acme.localhost";
const PHONE: &str = "+55 11 97777-1234";

struct Media {
    app: TestApp,
    provider: FakeProvider,
    admin: TestUser,
    token: String,
    instance: i32,
}

async fn media() -> Media {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "WhatsApp Loja", &provider).await;
    Media { app, provider, admin, token, instance }
}

fn png(width: u32, height: u32, noise: bool) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        if noise {
            let v = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)).wrapping_mul(2_246_822_519);
            image::Rgb([(v >> 24) as u8, (v >> 16) as u8, (v >> 8) as u8])
        } else {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
        }
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn webp_sticker() -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(64, 64, image::Rgba([250, 200, 0, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::WebP).unwrap();
    out.into_inner()
}

/// A voice note as WhatsApp sends one: Ogg/Opus (our own remux of a browser recording).
fn ogg_voice() -> Vec<u8> {
    let mut ogg = Vec::new();
    voice::webm_to_ogg(&voice::fixture::recorded_webm(3), &mut ogg).unwrap();
    ogg
}

impl Media {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let response = self.app.call(method, HOST, path, Some(&self.token), body).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn push(&self, event_id: &str, event: Value) {
        let response = push(&self.app, HOST, self.instance, event_id, &event).await;
        assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    }

    /// A customer's message of `data` (merged into the usual fields).
    async fn customer_sends(&self, id: &str, data: Value) {
        let mut base = json!({ "id": id, "phone": PHONE, "name": "Carla Dias", "direction": "in",
                               "sentAt": chrono::Utc::now().to_rfc3339() });
        base.as_object_mut().unwrap().extend(data.as_object().unwrap().clone());
        self.push(&format!("evt-{id}"), json!({ "type": "message", "data": base })).await;
    }

    /// The ticket of the customer's conversation, accepted by the administrator.
    async fn accepted_ticket(&self) -> i64 {
        let (_, page) = self.call(Method::GET, "/api/tickets?status=pending", None).await;
        let ticket = page["data"][0]["id"].as_i64().expect("a pending ticket");
        let (status, _) = self.call(Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
        assert_eq!(status, 200);
        ticket
    }

    async fn messages(&self, ticket: i64) -> Vec<Value> {
        let (status, page) = self.call(Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
        assert_eq!(status, 200, "{page}");
        page["data"].as_array().unwrap().clone()
    }

    /// Waits until the message of `ticket` with provider id `external` has its medium `status`.
    async fn wait_media(&self, ticket: i64, body_or_index: usize, status: &str) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(15);
        loop {
            let messages = self.messages(ticket).await;
            let message = messages[body_or_index].clone();
            if message["media"]["status"] == status {
                return message;
            }
            assert!(std::time::Instant::now() < deadline, "medium still {}: {message}", message["media"]["status"]);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// GET a link (a path) on `host`, with extra headers.
    async fn fetch(&self, host: &str, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        let mut request = self.app.client.get(self.app.url(path)).header("host", host);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.unwrap()
    }

    async fn upload(&self, ticket: i64, query: &str, bytes: Vec<u8>) -> (u16, Value) {
        self.app.upload(HOST, &self.token, &format!("/api/tickets/{ticket}/media?{query}"), bytes).await
    }
}

async fn events_until(socket: &mut Socket, name: &str) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let event = next_event(socket, left).await.unwrap_or_else(|| panic!("no {name} event"));
        if event["event"] == name {
            return event;
        }
    }
}

#[tokio::test]
async fn a_customers_photo_is_shown_at_once_and_its_thumbnail_follows_behind_an_expiring_link() {
    let m = media().await;
    let mut socket = open(&m.app, &m.admin, &m.token, None).await.unwrap();
    let url = m.provider.host("foto.png", png(1200, 900, false), "image/png");
    m.customer_sends(
        "img-1",
        json!({ "type": "image", "body": "Comprovante do Pix",
                                       "media": { "url": url, "mimeType": "image/png" } }),
    )
    .await;

    // The message is there at once, its medium pending; the queue says what it is.
    let notified = events_until(&mut socket, "ChatNotification").await;
    assert_eq!(notified["message"]["type"], "image");
    assert_eq!(notified["message"]["body"], "Comprovante do Pix");
    assert_eq!(notified["message"]["media"]["status"], "pending");
    assert_eq!(notified["ticket"]["lastMessage"]["body"], "📷 Comprovante do Pix");

    // The worker fetched it with the instance's token; the conversation's people see it ready.
    let updated = events_until(&mut socket, "ChatMessageUpdated").await;
    let shown = &updated["message"]["media"];
    assert_eq!(shown["status"], "ready", "{updated}");
    assert_eq!((shown["width"].as_i64(), shown["height"].as_i64()), (Some(1200), Some(900)));
    assert_eq!(shown["mimeType"], "image/png");
    assert!(m.provider.fetches().iter().all(|auth| auth.starts_with("Bearer whsec_")), "{:?}", m.provider.fetches());

    let ticket = updated["ticket_id"].as_i64().unwrap();
    let page = m.messages(ticket).await;
    let thumbnail = page[0]["media"]["thumbnailUrl"].as_str().unwrap().to_owned();
    let response = m.fetch(HOST, &thumbnail, &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/jpeg");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert_eq!(response.headers()["cache-control"], "private, max-age=3600");
    let thumb = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((thumb.width(), thumb.height()), (320, 240));

    // The original by range (a player seeking), and as a download with its name.
    let original = page[0]["media"]["url"].as_str().unwrap().to_owned();
    let ranged = m.fetch(HOST, &original, &[("range", "bytes=0-7")]).await;
    assert_eq!(ranged.status(), 206);
    let total = page[0]["media"]["size"].as_i64().unwrap();
    assert_eq!(ranged.headers()["content-range"], format!("bytes 0-7/{total}").as_str());
    assert_eq!(ranged.bytes().await.unwrap().as_ref(), b"\x89PNG\r\n\x1a\n");
    let beyond = m.fetch(HOST, &original, &[("range", &format!("bytes={total}-"))]).await;
    assert_eq!(beyond.status(), 416);
    let download = m.fetch(HOST, page[0]["media"]["downloadUrl"].as_str().unwrap(), &[]).await;
    assert!(download.headers()["content-disposition"].to_str().unwrap().starts_with("attachment;"));

    // Nobody else opens it: another tenant's host, a changed token, an expired one.
    m.app.create_tenant("globex").await;
    assert_eq!(m.fetch("globex.localhost", &original, &[]).await.status(), 404);
    let mut forged = original.clone();
    let last = forged.pop().unwrap();
    forged.push(if last == 'A' { 'B' } else { 'A' });
    assert_eq!(m.fetch(HOST, &forged, &[]).await.status(), 404);
    let message_id = page[0]["id"].as_i64().unwrap() as i32;
    let expired = links::token(
        "acme",
        Target { message_id, variant: Variant::Original },
        chrono::Utc::now() - chrono::Duration::seconds(1),
    );
    assert_eq!(m.fetch(HOST, &format!("/api/media/{expired}"), &[]).await.status(), 404);
    // Nor is a message id enough: links to the neighbouring message do not exist unsigned.
    assert_eq!(m.fetch(HOST, &format!("/api/media/{}", message_id + 1), &[]).await.status(), 404);
}

#[tokio::test]
async fn every_type_a_customer_sends_is_kept_and_shown_and_an_unknown_one_is_never_dropped() {
    let m = media().await;
    let voice_url = m.provider.host("audio.ogg", ogg_voice(), "audio/ogg; codecs=opus");
    let pdf_url = m.provider.host("boleto", b"%PDF-1.4\n% boleto de teste\n".to_vec(), "application/pdf");
    let sticker = base64::engine::general_purpose::STANDARD.encode(webp_sticker());
    let vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL:+55 11 98765-4321\nEND:VCARD";
    m.customer_sends("a-voice", json!({ "type": "audio", "media": { "url": voice_url, "voice": true } })).await;
    m.customer_sends(
        "a-doc",
        json!({ "type": "document", "body": "segue", "media": { "url": pdf_url, "fileName": "boleto.pdf" } }),
    )
    .await;
    m.customer_sends("a-sticker", json!({ "type": "sticker", "media": { "data": sticker } })).await;
    m.customer_sends(
        "a-place",
        json!({ "type": "location", "location": { "latitude": -23.5614, "longitude": -46.6559, "name": "Loja Paulista" } }),
    )
    .await;
    m.customer_sends("a-card", json!({ "type": "contacts", "contacts": [{ "vcard": vcard }] })).await;
    m.customer_sends("a-poll", json!({ "type": "poll", "body": "Qual horário?" })).await;
    let ticket = m.accepted_ticket().await;

    let voice = m.wait_media(ticket, 0, "ready").await;
    assert_eq!(voice["type"], "audio");
    assert_eq!(voice["media"]["voice"], true);
    assert_eq!(voice["media"]["mimeType"], "audio/ogg");
    assert_eq!(voice["media"]["durationMs"], (3 * 50 * 960 - 312) * 1000 / 48_000);
    assert_eq!(voice["media"]["waveform"].as_array().map(Vec::len), Some(64));
    let doc = m.wait_media(ticket, 1, "ready").await;
    assert_eq!(
        (doc["media"]["fileName"].as_str(), doc["media"]["mimeType"].as_str()),
        (Some("boleto.pdf"), Some("application/pdf"))
    );
    assert_eq!(doc["media"]["thumbnailUrl"], Value::Null);
    let sticker = m.wait_media(ticket, 2, "ready").await;
    assert_eq!(sticker["media"]["mimeType"], "image/webp");
    assert!(sticker["media"]["thumbnailUrl"].is_string());
    let messages = m.messages(ticket).await;
    assert_eq!(messages[3]["location"]["name"], "Loja Paulista");
    assert_eq!(messages[3]["location"]["latitude"], -23.5614);
    assert_eq!(messages[4]["contacts"][0]["name"], "Maria Souza");
    assert_eq!(messages[4]["contacts"][0]["phones"][0], "+55 11 98765-4321");
    assert_eq!(messages[5]["type"], "unsupported");
    assert_eq!(messages[5]["body"], "Qual horário?");

    // The queue's line says what the last one was; the voice note's duration was learned.
    let (_, ticket_view) = m.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(ticket_view["lastMessage"]["body"], "Tipo de mensagem não suportado");
}

#[tokio::test]
async fn a_medium_that_cannot_be_fetched_says_why_and_its_message_stays() {
    let m = media().await;
    let gone = m.provider.host_failing("gone.jpg", 404);
    m.customer_sends("lost", json!({ "type": "image", "body": "olha", "media": { "url": gone } })).await;
    let ticket = m.accepted_ticket().await;
    let failed = m.wait_media(ticket, 0, "failed").await;
    assert_eq!(failed["body"], "olha");
    assert_eq!(failed["media"]["error"], "Mídia indisponível: o provedor respondeu 404.");
    assert_eq!(failed["media"]["url"], Value::Null);

    // What a provider may not send is refused before anything is written.
    let response = push(
        &m.app,
        HOST,
        m.instance,
        "evt-bad",
        &json!({ "type": "message", "data": { "id": "bad", "phone": PHONE, "direction": "in",
                  "sentAt": chrono::Utc::now().to_rfc3339(), "type": "image", "media": {} } }),
    )
    .await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["message"], "Informe media.url ou media.data.");
}

#[tokio::test]
async fn an_agent_sends_a_pdf_and_a_voice_note_that_the_provider_fetches_through_their_links() {
    let m = media().await;
    m.customer_sends("hello", json!({ "body": "Pode mandar o boleto?" })).await;
    let ticket = m.accepted_ticket().await;

    let pdf = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".to_vec();
    let (status, uploaded) = m.upload(ticket, "fileName=boleto%20de%20dezembro.pdf", pdf.clone()).await;
    assert_eq!(status, 201, "{uploaded}");
    assert_eq!((uploaded["type"].as_str(), uploaded["mimeType"].as_str()), (Some("document"), Some("application/pdf")));
    let send = json!({ "body": "Segue o boleto", "mediaId": uploaded["id"], "fileName": "boleto de dezembro.pdf",
                       "clientId": "pdf-1" });
    let (status, sent) = m.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
    assert_eq!(status, 201, "{sent}");
    assert_eq!(sent["type"], "document");
    assert_eq!(sent["media"]["fileName"], "boleto de dezembro.pdf");

    // A browser's recording becomes Ogg/Opus, sent as a voice note.
    let (status, recorded) = m.upload(ticket, "voice=true", voice::fixture::recorded_webm(2)).await;
    assert_eq!(status, 201, "{recorded}");
    assert_eq!((recorded["mimeType"].as_str(), recorded["voice"].as_bool()), (Some("audio/ogg"), Some(true)));
    let send = json!({ "body": "", "mediaId": recorded["id"], "voice": true, "clientId": "voice-1" });
    let (status, _) = m.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
    assert_eq!(status, 201);

    let sent = m.provider.wait_sent(2).await;
    let document = &sent[0].raw;
    assert_eq!(document["type"], "document");
    assert_eq!(document["body"], "Segue o boleto");
    assert_eq!(document["media"]["fileName"], "boleto de dezembro.pdf");
    let voice = &sent[1].raw;
    assert_eq!((voice["type"].as_str(), voice["media"]["voice"].as_bool()), (Some("audio"), Some(true)));
    assert_eq!(voice["media"]["mimeType"], "audio/ogg; codecs=opus");

    // The provider fetches each from the tenant's host; the voice note is Ogg with its OpusHead.
    for (raw, expected_start) in [(document, &b"%PDF-1.7"[..]), (voice, &b"OggS"[..])] {
        let url = url::Url::parse(raw["media"]["url"].as_str().unwrap()).unwrap();
        assert_eq!(url.host_str(), Some("acme.localhost"));
        let fetched = m.fetch(HOST, url.path(), &[]).await;
        assert_eq!(fetched.status(), 200);
        let bytes = fetched.bytes().await.unwrap();
        assert!(bytes.starts_with(expected_start));
        if expected_start == b"OggS" {
            // The first page's packet is the OpusHead: version 1, mono, 48 kHz.
            let head = &bytes[28..];
            assert!(head.starts_with(b"OpusHead"), "{:?}", &head[..8]);
            assert_eq!(u32::from_le_bytes(head[12..16].try_into().unwrap()), 48_000);
        } else {
            assert_eq!(bytes.as_ref(), pdf.as_slice());
        }
    }
    // The queue shows the last reply as what it is.
    let (_, ticket_view) = m.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(ticket_view["lastMessage"]["body"], "🎤 Áudio");
}

#[tokio::test]
async fn uploads_are_checked_by_their_bytes_and_refused_in_words() {
    let m = media().await;
    m.customer_sends("hello", json!({ "body": "Oi" })).await;
    let ticket = m.accepted_ticket().await;

    // Over WhatsApp's 5 MB for an image.
    let big = png(1600, 1200, true);
    assert!(big.len() > 5 * 1024 * 1024, "{}", big.len());
    let (status, refused) = m.upload(ticket, "fileName=foto.png", big).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("media_too_large")));
    assert_eq!(refused["message"], "Imagem acima de 5 MB.");

    // Empty; a "voice note" that is a PDF; a picture that would unpack to gigapixels.
    let (status, refused) = m.upload(ticket, "fileName=vazio.txt", Vec::new()).await;
    assert_eq!((status, refused["message"].as_str()), (422, Some("O arquivo está vazio.")));
    let (status, refused) = m.upload(ticket, "voice=true", b"%PDF-1.4 nada de voz".to_vec()).await;
    assert_eq!(status, 422);
    assert!(refused["message"].as_str().unwrap().starts_with("A gravação de voz não pôde ser lida"), "{refused}");
    let bomb = probe::fixture::png_claiming(png(1, 1, false), 60_000, 60_000);
    let (status, refused) = m.upload(ticket, "fileName=bomba.png", bomb).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("media_invalid")), "{refused}");

    // An HTML page named .jpg is an HTML document, downloaded as bytes, never shown.
    let page = b"<!DOCTYPE html><html><script>alert(document.cookie)</script></html>".to_vec();
    let (status, uploaded) = m.upload(ticket, "fileName=foto.jpg", page).await;
    assert_eq!(status, 201, "{uploaded}");
    assert_eq!((uploaded["type"].as_str(), uploaded["mimeType"].as_str()), (Some("document"), Some("text/html")));
    let send = json!({ "body": "", "mediaId": uploaded["id"], "fileName": "foto.jpg" });
    let (_, sent) = m.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
    let served = m.fetch(HOST, sent["media"]["url"].as_str().unwrap(), &[]).await;
    assert_eq!(served.headers()["content-type"], "application/octet-stream");
    assert!(served.headers()["content-disposition"].to_str().unwrap().starts_with("attachment;"));
    assert_eq!(served.headers()["content-security-policy"], "sandbox; default-src 'none'");

    // The same bytes twice are one medium.
    let (_, first) = m.upload(ticket, "fileName=a.pdf", b"%PDF-1.4 mesmo".to_vec()).await;
    let (_, second) = m.upload(ticket, "fileName=b.pdf", b"%PDF-1.4 mesmo".to_vec()).await;
    assert_eq!(first["id"], second["id"]);

    // Only who may reply uploads: another agent gets 403, another tenant's user the ticket's 404.
    let other = m.app.create_user("acme", "bia@acme.example", "atendente").await;
    let other_token = m.app.login(&other).await;
    let response = m
        .app
        .client
        .post(m.app.url(&format!("/api/tickets/{ticket}/media")))
        .header("host", HOST)
        .bearer_auth(&other_token)
        .body(b"%PDF-1.4".to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404, "an agent not linked to the instance does not see the ticket");
    let stranger = m.app.tenant_with_admin("globex").await;
    let stranger_token = m.app.login(&stranger).await;
    let response = m
        .app
        .client
        .post(m.app.url(&format!("/api/tickets/{ticket}/media")))
        .header("host", "globex.localhost")
        .bearer_auth(&stranger_token)
        .body(b"%PDF-1.4".to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    // And a medium of this tenant cannot be sent by id from another one.
    let send = json!({ "body": "", "mediaId": first["id"] });
    let response = m
        .app
        .call(
            Method::POST,
            "globex.localhost",
            &format!("/api/tickets/{ticket}/messages"),
            Some(&stranger_token),
            Some(send),
        )
        .await;
    assert_eq!(response.status(), 404);
}

#[tokio::test]
async fn reactions_quotes_edits_and_deletions_go_both_ways() {
    let m = media().await;
    let mut socket = open(&m.app, &m.admin, &m.token, None).await.unwrap();
    m.customer_sends("q-1", json!({ "body": "Meu pedido 123 chegou quebrado" })).await;
    let ticket = m.accepted_ticket().await;
    let customer_message = m.messages(ticket).await[0]["id"].as_i64().unwrap();

    // The agent replies quoting it, and reacts to it: the provider gets the customer's ids.
    let send = json!({ "body": "Sinto muito! Vou trocar.", "quotedMessageId": customer_message, "clientId": "q-r" });
    let (status, reply) = m.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
    assert_eq!(status, 201, "{reply}");
    assert_eq!(reply["quoted"]["id"], customer_message);
    assert_eq!(reply["quoted"]["body"], "Meu pedido 123 chegou quebrado");
    let path = format!("/api/tickets/{ticket}/messages/{customer_message}/reaction");
    let (status, reacted) = m.call(Method::PUT, &path, Some(json!({ "emoji": "🙏" }))).await;
    assert_eq!(status, 200, "{reacted}");
    assert_eq!(reacted["reactions"][0]["emoji"], "🙏");
    assert_eq!(reacted["reactions"][0]["from"], "agent");
    let event = events_until(&mut socket, "ChatMessageReaction").await;
    assert_eq!(event["reactions"][0]["user"]["id"], m.admin.id, "whoever watches sees the agent's reaction");
    let sent = m.provider.wait_sent(2).await;
    let quoted = sent.iter().find(|s| s.raw["quotedId"].is_string()).expect("the reply quotes");
    assert_eq!(quoted.raw["quotedId"], "q-1");
    let reaction = sent.iter().find(|s| s.raw["type"] == "reaction").expect("the reaction went out");
    assert_eq!(reaction.raw["reaction"], json!({ "messageId": "q-1", "emoji": "🙏" }));
    let (status, refused) = m.call(Method::PUT, &path, Some(json!({ "emoji": "legal" }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_emoji")));

    // The customer reacts to the reply and quotes it back; they edit and then delete a message.
    // Only once the server has the provider's id of the reply (its answer is recorded a moment
    // after the provider took it): a reaction to an id it does not know yet finds no message.
    let reply_provider_id = sent.iter().find(|s| s.client_id == "q-r").unwrap().id.clone();
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while !m.messages(ticket).await.iter().any(|msg| msg["id"] == reply["id"] && msg["ack"] == "sent") {
        assert!(std::time::Instant::now() < deadline, "the reply was never taken by the provider");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    m.push("evt-r1", json!({ "type": "reaction", "data": { "id": "r1", "phone": PHONE, "messageId": reply_provider_id, "emoji": "❤️" } })).await;
    let event = events_until(&mut socket, "ChatMessageReaction").await;
    let reactions = event["reactions"].as_array().unwrap();
    assert!(reactions.iter().any(|r| r["from"] == "customer" && r["emoji"] == "❤️"), "{event}");
    m.customer_sends("q-2", json!({ "body": "Obrigada!", "quotedId": reply_provider_id })).await;
    m.customer_sends("q-3", json!({ "body": "pedido 124" })).await;
    m.push("evt-e", json!({ "type": "edit", "data": { "id": "q-3", "body": "pedido 123" } })).await;
    let edited = events_until(&mut socket, "ChatMessageUpdated").await;
    assert_eq!(edited["message"]["body"], "pedido 123");
    assert!(edited["message"]["editedAt"].is_string());
    m.push("evt-d", json!({ "type": "revoke", "data": { "id": "q-3" } })).await;
    let revoked = events_until(&mut socket, "ChatMessageUpdated").await;
    assert_eq!(revoked["message"]["body"], "");
    assert!(revoked["message"]["revokedAt"].is_string());

    let messages = m.messages(ticket).await;
    let thanks = messages.iter().find(|msg| msg["body"] == "Obrigada!").unwrap();
    assert_eq!(thanks["quoted"]["id"], reply["id"]);
    let with_reaction = messages.iter().find(|msg| msg["id"] == reply["id"]).unwrap();
    assert_eq!(with_reaction["reactions"][0]["emoji"], "❤️");
    // Taking the reaction back leaves none.
    m.push("evt-r2", json!({ "type": "reaction", "data": { "id": "r2", "phone": PHONE, "messageId": reply_provider_id, "emoji": "" } })).await;
    let event = events_until(&mut socket, "ChatMessageReaction").await;
    assert_eq!(event["reactions"], json!([]));
}

/// An S3-compatible server for one test: moto's standalone server (PyPI `moto[server]`, installed by
/// `.ci/run`), on a free port, stopped with the test.
struct S3Server {
    child: std::process::Child,
    endpoint: String,
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn s3_server(bucket: &str) -> S3Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = std::process::Command::new("moto_server")
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("moto_server runs (pip install 'moto[server]'; .ci/run installs it)");
    let server = S3Server { child, endpoint: format!("http://127.0.0.1:{port}") };
    let client = reqwest::Client::new();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(created) = client.put(format!("{}/{bucket}", server.endpoint)).send().await {
            assert!(created.status().is_success(), "bucket created: {}", created.status());
            return server;
        }
        assert!(std::time::Instant::now() < deadline, "the S3 server did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn on_s3_storage_media_is_kept_in_the_bucket_once_and_served_by_range() {
    let s3 = s3_server("midias").await;
    let endpoint = s3.endpoint.clone();
    let app = TestApp::spawn_with(|config| {
        config.allow_private_providers = true;
        config.media_storage = "s3".into();
        config.media_s3_bucket = Some("midias".into());
        config.media_s3_endpoint = Some(endpoint);
        config.media_s3_access_key_id = Some("teste".into());
        config.media_s3_secret_access_key = Some("segredo-de-teste".to_owned().into());
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let provider = FakeProvider::start().await;
    let instance = app.instance_with_provider("acme", &token, "WhatsApp Loja", &provider).await;
    let m = Media { app, provider, admin, token, instance };

    let photo = png(800, 600, false);
    let url = m.provider.host("foto.png", photo.clone(), "image/png");
    m.customer_sends("s3-1", json!({ "type": "image", "media": { "url": url } })).await;
    let ticket = m.accepted_ticket().await;
    let ready = m.wait_media(ticket, 0, "ready").await;
    let ranged = m.fetch(HOST, ready["media"]["url"].as_str().unwrap(), &[("range", "bytes=1-3")]).await;
    assert_eq!(ranged.status(), 206);
    assert_eq!(ranged.bytes().await.unwrap().as_ref(), b"PNG");
    let thumbnail = m.fetch(HOST, ready["media"]["thumbnailUrl"].as_str().unwrap(), &[]).await;
    assert_eq!(thumbnail.status(), 200);

    // The agent sends the same photo back: kept once — the original and its thumbnail, no more.
    let (status, uploaded) = m.upload(ticket, "fileName=foto.png", photo).await;
    assert_eq!(status, 201, "{uploaded}");
    let listing =
        reqwest::get(format!("{}/midias?list-type=2&prefix=acme/", s3.endpoint)).await.unwrap().text().await.unwrap();
    assert_eq!(listing.matches("<Key>").count(), 2, "{listing}");
    assert!(listing.contains(".thumb.jpg</Key>"), "{listing}");
}

#[tokio::test]
async fn an_upload_never_sent_is_removed_by_the_retention_and_a_sent_one_stays() {
    use backoffice::domain::retention;
    let m = media().await;
    m.customer_sends("hello", json!({ "body": "Oi" })).await;
    let ticket = m.accepted_ticket().await;
    let (_, kept) = m.upload(ticket, "fileName=enviado.pdf", b"%PDF-1.4 enviado".to_vec()).await;
    let send = json!({ "body": "", "mediaId": kept["id"] });
    let (status, sent) = m.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
    assert_eq!(status, 201);
    let (_, forgotten) = m.upload(ticket, "fileName=esquecido.png", png(40, 40, false)).await;

    let db = m.app.tenant_db("acme").await;
    let of = |report: &[retention::Pruned]| report.iter().find(|p| p.label == "mídias sem mensagem").unwrap().rows;
    assert_eq!(of(&retention::count(&db, chrono::Utc::now()).await.unwrap()), 0, "kept a day");
    let later = chrono::Utc::now() + chrono::Duration::days(2);
    assert_eq!(of(&retention::count(&db, later).await.unwrap()), 1);
    let pruned = retention::prune(&db, &m.app.state.media, later).await.unwrap();
    assert_eq!(of(&pruned), 1);
    // The bytes the quota counts went down with it: only the sent file is left.
    let (_, home) = m.call(Method::GET, "/api/home", None).await;
    assert_eq!(home["usage"]["mediaBytes"]["used"], b"%PDF-1.4 enviado".len(), "{home}");

    // The forgotten upload can no longer be sent; the sent one still downloads.
    let send = json!({ "body": "", "mediaId": forgotten["id"] });
    let (status, refused) = m.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("media_not_found")));
    let served = m.fetch(HOST, sent["media"]["url"].as_str().unwrap(), &[]).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.bytes().await.unwrap().as_ref(), b"%PDF-1.4 enviado");
    // Its objects went too: only the sent file is left in the tenant's storage.
    let mut left = 0;
    let mut objects = m.app.state.media.list_tenant("acme");
    while let Some(object) = futures::StreamExt::next(&mut objects).await {
        object.unwrap();
        left += 1;
    }
    assert_eq!(left, 1);
}

#[tokio::test]
async fn the_media_quota_refuses_in_words_and_shows_on_the_home_board() {
    use backoffice::domain::tenants;
    let m = media().await;
    let control = m.app.dbs().control();
    let acme = tenants::find_by_name(control, &"acme".parse().unwrap()).await.unwrap();
    // 1 MB of media for this tenant (the plan's limits for users and tickets stay).
    tenants::set_plan(control, acme, "pro", None, None, Some(1), &m.app.state.bus).await.unwrap();
    m.customer_sends("hello", json!({ "body": "Oi" })).await;
    let ticket = m.accepted_ticket().await;

    let first = png(400, 400, true);
    let (status, kept) = m.upload(ticket, "fileName=foto.png", first.clone()).await;
    assert_eq!(status, 201, "{kept}");
    let (_, home) = m.call(Method::GET, "/api/home", None).await;
    assert_eq!(home["usage"]["mediaBytes"], json!({ "used": first.len(), "limit": 1024 * 1024 }), "{home}");

    // A second, different picture would pass the megabyte: refused before it is stored.
    let (status, refused) = m.upload(ticket, "fileName=outra.png", png(520, 520, true)).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("media_quota")), "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert!(message.starts_with("O espaço de mídia da empresa acabou"), "{message}");
    let (_, home) = m.call(Method::GET, "/api/home", None).await;
    assert_eq!(home["usage"]["mediaBytes"]["used"], first.len(), "nothing of the refused file kept");
    // The same picture again costs nothing: it is the one already kept.
    let (status, again) = m.upload(ticket, "fileName=foto-de-novo.png", first).await;
    assert_eq!((status, &again["id"]), (201, &kept["id"]));

    // A customer's medium is never refused by the quota: their message must not be lost.
    let url = m.provider.host("recibo.png", png(420, 420, true), "image/png");
    m.customer_sends("img-q", json!({ "type": "image", "media": { "url": url, "mimeType": "image/png" } })).await;
    let messages = m.messages(ticket).await;
    let index = messages.iter().position(|msg| msg["type"] == "image").expect("the customer's photo");
    m.wait_media(ticket, index, "ready").await;
}

#[tokio::test]
async fn media_travel_with_a_tenants_export_and_go_when_it_is_purged() {
    use backoffice::domain::{
        Error,
        tenants::{self, backup},
    };
    let m = media().await;
    m.customer_sends("hello", json!({ "body": "Oi" })).await;
    let ticket = m.accepted_ticket().await;
    let (_, uploaded) = m.upload(ticket, "fileName=boleto.pdf", b"%PDF-1.4 boleto de dezembro".to_vec()).await;
    let send = json!({ "body": "", "mediaId": uploaded["id"], "fileName": "boleto.pdf" });
    let (status, _) = m.call(Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(send)).await;
    assert_eq!(status, 201);
    let url = m.provider.host("foto.png", png(600, 400, false), "image/png");
    m.customer_sends("img-x", json!({ "type": "image", "media": { "url": url, "mimeType": "image/png" } })).await;
    let index = m.messages(ticket).await.iter().position(|msg| msg["type"] == "image").unwrap();
    let photo = m.wait_media(ticket, index, "ready").await;

    // Exported with its media, imported under another name.
    let control = m.app.dbs().control();
    let record = tenants::find_by_name(control, &"acme".parse().unwrap()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("acme.jsonl");
    let db = m.app.tenant_db("acme").await;
    backup::export_file(&db, &m.app.state.media, backup::TenantRecord::new(&record, vec![]), &file, |_, _| {})
        .await
        .unwrap();
    let secrets = m.app.config.secrets();
    backup::import(m.app.dbs(), &secrets, &m.app.state.media, "filial".parse().unwrap(), &file, None).await.unwrap();

    // The copy's people see the same files, byte for byte, through the copy's own links.
    let moved = TestUser { tenant: "filial".into(), ..m.admin.clone() };
    let token = m.app.login(&moved).await;
    let response = m
        .app
        .call(Method::GET, "filial.localhost", &format!("/api/tickets/{ticket}/messages"), Some(&token), None)
        .await;
    let page: Value = response.json().await.unwrap();
    let copied: Vec<&Value> = page["data"].as_array().unwrap().iter().filter(|msg| msg["media"].is_object()).collect();
    assert_eq!(copied.len(), 2, "{page}");
    let at_acme = m.messages(ticket).await;
    for message in copied {
        let twin = at_acme.iter().find(|a| a["id"] == message["id"]).expect("the same message at acme");
        let original = m.fetch(HOST, twin["media"]["url"].as_str().unwrap(), &[]).await;
        let served = m.fetch("filial.localhost", message["media"]["url"].as_str().unwrap(), &[]).await;
        assert_eq!(served.status(), 200, "{message}");
        assert_eq!(served.bytes().await.unwrap(), original.bytes().await.unwrap());
    }
    let thumbnail =
        page["data"].as_array().unwrap().iter().find(|msg| msg["type"] == "image").unwrap()["media"]["thumbnailUrl"]
            .clone();
    assert_eq!(m.fetch("filial.localhost", thumbnail.as_str().unwrap(), &[]).await.status(), 200);
    assert_eq!(photo["media"]["status"], "ready");

    // A name in use is refused before a byte is stored.
    let again = backup::import(m.app.dbs(), &secrets, &m.app.state.media, "filial".parse().unwrap(), &file, None).await;
    let refused = again.unwrap_err();
    assert!(matches!(refused, Error::Conflict { code: "tenant_exists", .. }), "{refused:?}");

    // Purged: only after a delete; then its data, its media and its name are gone, acme's stay.
    let filial = tenants::find_by_name(control, &"filial".parse().unwrap()).await.unwrap();
    let refused = tenants::purge(m.app.dbs(), &m.app.state.media, filial.clone()).await.unwrap_err();
    assert!(matches!(refused, Error::Conflict { code: "tenant_not_deleted", .. }), "{refused:?}");
    let backoffice_name = m.app.config.backoffice_tenant.clone();
    let deleted = tenants::delete(control, filial, &backoffice_name, &m.app.state.bus).await.unwrap();
    let purged = tenants::purge(m.app.dbs(), &m.app.state.media, deleted.clone()).await.unwrap();
    assert_eq!(purged.media_objects, 3, "the PDF, the photo and its thumbnail");
    let count = |tenant: &'static str| {
        let store = m.app.state.media.clone();
        async move { futures::TryStreamExt::try_collect::<Vec<_>>(store.list_tenant(tenant)).await.unwrap().len() }
    };
    assert_eq!(count("filial").await, 0);
    assert_eq!(count("acme").await, 3);
    let name = "filial".parse().unwrap();
    assert!(!m.app.dbs().tenant_storage_exists(&name, &deleted.pool).await.unwrap());
    assert!(tenants::find_by_name(control, &name).await.is_err(), "the name is free again");
    assert_eq!(m.fetch("filial.localhost", "/api/home", &[]).await.status(), 404);
}

#[tokio::test]
async fn a_bots_answer_and_a_campaign_carry_a_file_that_the_retention_keeps() {
    use backoffice::domain::{retention, tenants};
    let m = media().await;
    let control = m.app.dbs().control();
    let acme = tenants::find_by_name(control, &"acme".parse().unwrap()).await.unwrap();
    for option in ["chatbot", "campaigns"] {
        tenants::set_feature(control, &acme, option, true, &m.app.state.bus).await.unwrap();
    }
    let upload = |path: &'static str, query: &'static str, bytes: Vec<u8>| {
        let app = &m.app;
        let token = m.token.clone();
        async move {
            let response = app
                .client
                .post(app.url(&format!("{path}?{query}")))
                .header("host", HOST)
                .bearer_auth(token)
                .body(bytes)
                .send()
                .await
                .unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let price_list = b"%PDF-1.4 tabela de precos".to_vec();
    let (status, file) = upload("/api/bot/media", "fileName=tabela.pdf", price_list.clone()).await;
    assert_eq!(status, 201, "{file}");

    // An answer option with the file: saved with its name made safe; a file that is not the
    // tenant's is refused in words.
    let config = |media_id: &Value| {
        json!({
            "enabled": true, "name": "Maria", "greeting": "Olá!", "menuPrompt": "Escolha:",
            "options": [{ "label": "Preços", "action": "answer", "answer": "Segue a tabela.",
                          "attachment": { "mediaId": media_id, "fileName": "../tabela de preços.pdf" } },
                        { "label": "Atendente", "action": "human" }],
            "invalidMessage": "Não entendi.", "invalidLimit": 3, "handoverMessage": "Aguarde.",
            "outOfHoursMessage": "Fechados.",
            "inactivityMinutes": 30, "inactivityReasonId": null, "inactivityMessage": "Até logo."
        })
    };
    let (status, refused) = m.call(Method::PUT, "/api/bot/config", Some(config(&json!(99_999)))).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"][0]["field"], "options[0].attachment", "{refused}");
    let (status, saved) = m.call(Method::PUT, "/api/bot/config", Some(config(&file["id"]))).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["options"][0]["attachment"]["fileName"], "tabela de preços.pdf");
    let (_, simulated) =
        m.call(Method::POST, "/api/bot/simulate", Some(json!({ "config": saved, "messages": ["oi", "1"] }))).await;
    let last = simulated["transcript"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["fileName"], "tabela de preços.pdf", "{simulated}");

    // The customer picks it: one message, the file with the answer and the menu as its caption.
    m.customer_sends("b1", json!({ "body": "oi" })).await;
    m.provider.wait_sent(1).await;
    m.customer_sends("b2", json!({ "body": "1" })).await;
    let sent = m.provider.wait_sent(2).await;
    let answer = &sent[1].raw;
    assert_eq!(
        (answer["type"].as_str(), answer["media"]["fileName"].as_str()),
        (Some("document"), Some("tabela de preços.pdf"))
    );
    assert!(answer["body"].as_str().unwrap().starts_with("Segue a tabela.\n\nEscolha:"), "{answer}");
    let url = url::Url::parse(answer["media"]["url"].as_str().unwrap()).unwrap();
    assert_eq!(m.fetch(HOST, url.path(), &[]).await.bytes().await.unwrap().as_ref(), price_list.as_slice());

    // A campaign with a photo: every message carries it, the campaign text its caption.
    let photo = png(300, 200, false);
    let (status, picture) = upload("/api/campaigns/media", "fileName=promo.png", photo.clone()).await;
    assert_eq!((status, picture["type"].as_str()), (201, Some("image")), "{picture}");
    let body = json!({ "name": "Promoção", "instanceId": m.instance, "body": "Oi {{nome}}, 20% hoje!",
                       "phones": ["+55 11 98888-0001"], "attachment": { "mediaId": picture["id"], "fileName": "promo.png" } });
    let (status, created) = m.call(Method::POST, "/api/campaigns", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["attachment"]["mediaId"], picture["id"]);
    let id = created["id"].as_i64().unwrap();
    let (status, _) = m.call(Method::POST, &format!("/api/campaigns/{id}/start"), None).await;
    assert_eq!(status, 200);
    let sent = m.provider.wait_sent(3).await;
    let promo = &sent[2].raw;
    assert_eq!(promo["type"], "image", "{promo}");
    assert!(promo["body"].as_str().unwrap().ends_with("20% hoje!"), "{promo}");
    let url = url::Url::parse(promo["media"]["url"].as_str().unwrap()).unwrap();
    assert_eq!(m.fetch(HOST, url.path(), &[]).await.bytes().await.unwrap().as_ref(), photo.as_slice());

    // Days later the retention keeps both: the bot's configuration and the campaign hold them.
    let (_, unheld) = upload("/api/bot/media", "fileName=rascunho.pdf", b"%PDF-1.4 rascunho".to_vec()).await;
    let later = chrono::Utc::now() + chrono::Duration::days(2);
    let db = m.app.tenant_db("acme").await;
    let pruned = retention::prune(&db, &m.app.state.media, later).await.unwrap();
    let media = pruned.iter().find(|p| p.label == "mídias sem mensagem").unwrap().rows;
    assert_eq!(media, 1, "only the draft nobody holds");
    let (status, refused) = m.call(Method::PUT, "/api/bot/config", Some(config(&unheld["id"]))).await;
    assert_eq!(status, 422, "the pruned draft is gone: {refused}");
    let (status, _) = m.call(Method::PUT, "/api/bot/config", Some(config(&file["id"]))).await;
    assert_eq!(status, 200, "the held file is still there");

    // An agent without the bot's route cannot upload there.
    let agent = m.app.create_user("acme", "ana@acme.example", "atendente").await;
    let agent_token = m.app.login(&agent).await;
    let response = m
        .app
        .client
        .post(m.app.url("/api/bot/media"))
        .header("host", HOST)
        .bearer_auth(&agent_token)
        .body(b"%PDF-1.4".to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
}
