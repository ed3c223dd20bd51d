//! `simulate --tenant T [--rate N] [--duration S]`: a fake provider for a demo that looks alive
//! (docs/providers.md#the-simulator). It becomes the provider of the tenant's instances (a local
//! HTTP endpoint: `POST /messages` answers an id and later reports `delivered` and `read`,
//! `POST`/`DELETE /session` answer a pairing code), and pushes signed customer messages to the
//! server at `--rate` per second — as a real provider would, through `POST /api/instance/{id}/events`.
//! The server must allow private providers (`ALLOW_PRIVATE_PROVIDERS=true`, as `deploy/local.sh` does).

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::Context;
use axum::{Json, Router, extract::Path, routing::post};
use backoffice::{
    config::Config,
    demo::names,
    domain::{
        instances::{self, InstanceChanges, provider::ProviderConfig},
        media::voice,
        standard_webhooks,
        unit::Unit,
    },
    random::random_token,
    tenancy::Databases,
};
use base64::{Engine, engine::general_purpose::STANDARD};
use rand::{Rng, seq::IndexedRandom};
use serde_json::{Value, json};

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    tenant: String,
    /// Customer messages pushed per second.
    #[arg(long, default_value_t = 0.2)]
    rate: f64,
    /// Seconds to run (default: until Ctrl-C).
    #[arg(long)]
    duration: Option<u64>,
    /// The server, e.g. http://127.0.0.1:8080 (default: BIND, with 0.0.0.0 read as 127.0.0.1).
    #[arg(long)]
    url: Option<String>,
    /// Where the simulated provider listens.
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: SocketAddr,
}

/// What the provider side shares with the pushing side.
struct Simulator {
    http: reqwest::Client,
    server: String,
    host: String,
    secret: String,
    sent: AtomicU64,
}

impl Simulator {
    /// Signs and pushes one event for `instance`.
    async fn push(&self, instance: i32, event: &Value) -> anyhow::Result<u16> {
        let body = event.to_string();
        let id = format!("sim_{}", random_token(12));
        let now = chrono::Utc::now().timestamp();
        let response = self
            .http
            .post(format!("{}/api/instance/{instance}/events", self.server))
            .header("host", &self.host)
            .header("content-type", "application/json")
            .header("webhook-id", &id)
            .header("webhook-timestamp", now.to_string())
            .header("webhook-signature", standard_webhooks::sign(&self.secret, &id, now, body.as_bytes()))
            .body(body)
            .send()
            .await?;
        Ok(response.status().as_u16())
    }
}

pub async fn run(dbs: &Databases, config: &Config, args: Args) -> anyhow::Result<i32> {
    let tenant = super::active_tenant(dbs, &args.tenant).await?;
    let listener = tokio::net::TcpListener::bind(args.listen).await.context("o simulador não conseguiu escutar")?;
    let address = listener.local_addr()?;
    let secret = format!("whsec_{}", STANDARD.encode(random_token(24)));

    // Become the provider of every instance of the tenant.
    let db = tenant.open(dbs).await?;
    let unit = Unit::begin(&db, Arc::new(backoffice::domain::events::Discard)).await?;
    let all = instances::list(&unit, &[]).await?;
    anyhow::ensure!(!all.is_empty(), "o tenant \"{}\" não tem instâncias: crie uma antes", tenant.name);
    let secrets = config.secrets();
    for instance in &all {
        // One base address per instance, so an ack goes back to the instance that sent the message.
        let provider = ProviderConfig::parse(&format!("http://{address}/i/{}", instance.id), &secret, true)?;
        let changes =
            InstanceChanges { provider: Some(instances::ConnectionInput::Generic(provider)), ..Default::default() };
        instances::update(&unit, &secrets, instance.id, changes).await?;
    }
    unit.commit().await?;
    let ids: Vec<i32> = all.iter().map(|i| i.id).collect();

    let server = super::server_url(args.url.as_deref(), config)?;
    let simulator = Arc::new(Simulator {
        http: reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?,
        server,
        host: format!("{}.{}", tenant.name, config.base_domain.0),
        secret,
        sent: AtomicU64::new(0),
    });
    serve_provider(listener, simulator.clone());
    eprintln!(
        "simulador: provedor de {} instância(s) de \"{}\" em http://{address}; {:.2} mensagem(ns)/s para {}",
        ids.len(),
        tenant.name,
        args.rate,
        simulator.server
    );
    for id in &ids {
        let _ = simulator.push(*id, &json!({ "type": "status", "data": { "status": "connected" } })).await;
    }

    let started = Instant::now();
    let period = Duration::from_secs_f64(1.0 / args.rate.max(0.001));
    let mut tick = tokio::time::interval(period);
    let mut pushed = 0u64;
    loop {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => break,
            _ = tick.tick() => {
                if args.duration.is_some_and(|limit| started.elapsed() >= Duration::from_secs(limit)) {
                    break;
                }
                let instance = *ids.choose(&mut rand::rng()).unwrap_or(&ids[0]);
                match simulator.push(instance, &customer_message()).await {
                    Ok(200) => pushed += 1,
                    Ok(status) => eprintln!("o servidor respondeu {status} a uma mensagem simulada"),
                    Err(err) => eprintln!("sem conexão com {}: {err}", simulator.server),
                }
            }
        }
    }
    eprintln!(
        "simulador: {pushed} mensagem(ns) de clientes, {} resposta(s) recebida(s)",
        simulator.sent.load(Ordering::Relaxed)
    );
    Ok(0)
}

/// A customer of a small pool (so conversations continue) writing something plausible.
fn customer_message() -> Value {
    let mut rng = rand::rng();
    let first = names::FIRST_NAMES_F.choose(&mut rng).copied().unwrap_or("Ana");
    let surname = names::SURNAMES.choose(&mut rng).copied().unwrap_or("Silva");
    let number: u32 = rng.random_range(0..40);
    let phone = format!("+55119{:04}{:04}", 7000 + number, 1000 + number * 7);
    let body = if rng.random_bool(0.5) {
        let opener = names::OPENERS.choose(&mut rng).copied().unwrap_or("tudo bem?");
        format!("Olá! {opener}")
    } else {
        names::TOPICS.choose(&mut rng).map(|(question, _)| question.replace("{city}", "Campinas")).unwrap_or_default()
    };
    let mut data = json!({
        "id": format!("SIM{}", random_token(16)),
        "phone": phone,
        "name": format!("{first} {surname}"),
        "direction": "in",
        "body": body,
        "sentAt": chrono::Utc::now().to_rfc3339(),
    });
    // Customers also send photos, voice notes and where they are (docs/media.md), as inline bytes:
    // the simulator serves no files.
    match rng.random_range(0..10) {
        0 => {
            data["type"] = json!("image");
            data["body"] = json!("Segue a foto do produto");
            data["media"] = json!({ "data": STANDARD.encode(photo()), "mimeType": "image/jpeg" });
        }
        1 => {
            let mut ogg = Vec::new();
            let seconds = rng.random_range(2..9);
            if voice::webm_to_ogg(&voice::fixture::recorded_webm(seconds), &mut ogg).is_ok() {
                data["type"] = json!("audio");
                data["body"] = json!("");
                data["media"] = json!({ "data": STANDARD.encode(ogg), "mimeType": "audio/ogg", "voice": true });
            }
        }
        2 => {
            data["type"] = json!("location");
            data["body"] = json!("");
            data["location"] = json!({ "latitude": -22.9056, "longitude": -47.0608, "name": "Centro de Campinas",
                                       "address": "R. Barão de Jaguara, Campinas - SP" });
        }
        _ => {}
    }
    json!({ "type": "message", "data": data })
}

/// A product photo, 480 × 360 JPEG (small enough to travel inline).
fn photo() -> Vec<u8> {
    static PHOTO: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    PHOTO
        .get_or_init(|| {
            let img = image::RgbImage::from_fn(480, 360, |x, y| {
                let shade = ((x as f32 - 240.0).hypot(y as f32 - 180.0) / 2.4) as u8;
                image::Rgb([230u8.saturating_sub(shade), 140u8.saturating_add(shade / 3), 60])
            });
            let mut out = std::io::Cursor::new(Vec::new());
            let _ = img.write_to(&mut out, image::ImageFormat::Jpeg);
            out.into_inner()
        })
        .clone()
}

/// The provider's HTTP side: what the server's worker calls, at `/i/{instance}/...`.
fn serve_provider(listener: tokio::net::TcpListener, simulator: Arc<Simulator>) {
    let send = move |Path(instance): Path<i32>, Json(_body): Json<Value>| {
        let simulator = simulator.clone();
        async move {
            let id = format!("SIMOUT{}", random_token(12));
            simulator.sent.fetch_add(1, Ordering::Relaxed);
            // The phone delivers, then the customer reads: acks pushed back, signed, like a provider.
            let ack_id = id.clone();
            tokio::spawn(async move {
                for (delay, state) in [(800u64, "delivered"), (2_500, "read")] {
                    tokio::time::sleep(Duration::from_millis(delay)).await;
                    let ack = json!({ "type": "ack", "data": { "id": ack_id, "ack": state } });
                    if let Err(err) = simulator.push(instance, &ack).await {
                        eprintln!("confirmação de leitura não entregue: {err}");
                    }
                }
            });
            Json(json!({ "id": id }))
        }
    };
    let router = Router::new().route("/i/{instance}/messages", post(send)).route(
        "/i/{instance}/session",
        post(|| async { Json(json!({ "qrcode": format!("2@simulador-{}", random_token(16)) })) })
            .delete(|| async { axum::http::StatusCode::NO_CONTENT }),
    );
    tokio::spawn(async move {
        if let Err(err) = axum::serve(listener, router).await {
            eprintln!("o simulador parou de escutar: {err}");
        }
    });
}
