//! `simulate --tenant T [--kinds generic,cloud,evolution] [--rate N] [--duration S]`: the
//! providers of a demo that looks alive (docs/providers.md#the-simulator). The tenant's instances
//! take the kinds given in turn, and the simulator is each one's provider, speaking that kind's
//! wire format on a local HTTP endpoint:
//!
//! - `generic`: our contract (`POST /i/{instance}/messages` answers an id and later reports
//!   `delivered` and `read`; `/session` answers a pairing code; events are Standard Webhooks
//!   signed posts to `POST /api/instance/{id}/events`);
//! - `cloud`: Meta's Graph API under `/graph` (`GRAPH_API_URL` must point there) and signed
//!   webhook deliveries, some from people whose username hides their phone ([`cloud`]);
//! - `evolution`: an Evolution API gateway under `/evolution` that pairs by QR code and posts the
//!   gateway's events, some naming a person by LID alone ([`evolution`]).
//!
//! Customers write at `--rate` per second. The server must allow private providers
//! (`ALLOW_PRIVATE_PROVIDERS=true`, as `deploy/local.sh` does).

mod cloud;
mod evolution;

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
        instances::{
            self, Connection, ConnectionInput, InstanceChanges, cloud::CloudInput, evolution::EvolutionInput,
            provider::ProviderConfig,
        },
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

/// A wire format the simulator speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    Generic,
    Cloud,
    Evolution,
}

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    tenant: String,
    /// The kinds the tenant's instances take, in turn (the first instance the first kind…).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "generic")]
    kinds: Vec<Kind>,
    /// Customer messages pushed per second.
    #[arg(long, default_value_t = 0.2)]
    rate: f64,
    /// Seconds to run (default: until Ctrl-C).
    #[arg(long)]
    duration: Option<u64>,
    /// The server, e.g. http://127.0.0.1:8080 (default: BIND, with 0.0.0.0 read as 127.0.0.1).
    #[arg(long)]
    url: Option<String>,
    /// Where the simulated providers listen (with `cloud`, `GRAPH_API_URL` is `http://{listen}/graph`).
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: SocketAddr,
}

/// What the provider side shares with the pushing side.
pub struct Simulator {
    http: reqwest::Client,
    /// The back-office server.
    server: String,
    /// The tenant's host, which the server tells tenants apart by.
    host: String,
    /// The generic contract's signing secret.
    secret: String,
    /// Where the simulator listens (`http://127.0.0.1:port`).
    own_url: String,
    sent: AtomicU64,
    graph: cloud::Graph,
    gateway: evolution::Gateway,
}

impl Simulator {
    fn count_sent(&self) {
        self.sent.fetch_add(1, Ordering::Relaxed);
    }

    /// Signs and pushes one event of the generic contract for `instance`.
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

    /// A customer writes to `instance`, in its kind's format.
    async fn customer_writes(&self, wire: &Wire, said: &Said) -> anyhow::Result<u16> {
        match wire {
            Wire::Generic(instance) => self.push(*instance, &generic_message(said)).await,
            Wire::Cloud(number) => cloud::customer_writes(self, number, said).await,
            Wire::Evolution(paired) => evolution::customer_writes(self, paired, said).await,
        }
    }
}

/// How the simulator talks to one instance.
enum Wire {
    Generic(i32),
    Cloud(cloud::Number),
    Evolution(evolution::Paired),
}

/// What a customer says, before a kind's format writes it.
pub struct Said {
    name: String,
    phone: String,
    /// Meta's business-scoped id of this person (stable per customer of the pool).
    bsuid: String,
    /// WhatsApp's linked id of this person, as a gateway sees it.
    lid: String,
    username: String,
    /// The person adopted a username: official numbers see the id alone, gateways the LID alone.
    hides_phone: bool,
    body: String,
    shown: Shown,
}

/// What a customer's message holds.
pub enum Shown {
    Text,
    Photo(Vec<u8>),
    Voice(Vec<u8>),
    Location,
}

pub async fn run(dbs: &Databases, config: &Config, args: Args) -> anyhow::Result<i32> {
    let tenant = super::active_tenant(dbs, &args.tenant).await?;
    let listener = tokio::net::TcpListener::bind(args.listen).await.context("o simulador não conseguiu escutar")?;
    let address = listener.local_addr()?;
    let own_url = format!("http://{address}");
    let kinds = if args.kinds.is_empty() { vec![Kind::Generic] } else { args.kinds.clone() };
    let graph_url = format!("{own_url}{}", cloud::PREFIX);
    anyhow::ensure!(
        !kinds.contains(&Kind::Cloud) || config.graph_api_url.trim_end_matches('/') == graph_url,
        "para simular números oficiais, o servidor e este comando precisam de GRAPH_API_URL={graph_url} \
         (e --listen {address} fixo)"
    );
    let server = super::server_url(args.url.as_deref(), config)?;
    let simulator = Arc::new(Simulator {
        http: reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?,
        server,
        host: format!("{}.{}", tenant.name, config.base_domain.0),
        secret: format!("whsec_{}", STANDARD.encode(random_token(24))),
        own_url: own_url.clone(),
        sent: AtomicU64::new(0),
        graph: cloud::Graph::default(),
        gateway: evolution::Gateway::default(),
    });
    serve_providers(listener, simulator.clone());

    // Become the provider of every instance of the tenant, the kinds taken in turn.
    let db = tenant.open(dbs).await?;
    let unit = Unit::begin(&db, Arc::new(backoffice::domain::events::Discard)).await?;
    let all = instances::list(&unit, &[]).await?;
    anyhow::ensure!(!all.is_empty(), "o tenant \"{}\" não tem instâncias: crie uma antes", tenant.name);
    let secrets = config.secrets();
    let mut wires = Vec::new();
    for (instance, kind) in all.iter().zip(kinds.iter().cycle()) {
        let (input, official, wire) = match kind {
            Kind::Generic => {
                // One base address per instance, so an ack goes back to the instance that sent it.
                let provider = ProviderConfig::parse(&format!("{own_url}/i/{}", instance.id), &simulator.secret, true)?;
                (ConnectionInput::Generic(provider), false, Wire::Generic(instance.id))
            }
            Kind::Cloud => {
                let number = cloud::Number::new(instance.id);
                let input = CloudInput {
                    phone_number_id: number.phone_number_id.clone(),
                    waba_id: number.waba_id.clone(),
                    access_token: Some(number.access_token.clone()),
                    app_secret: Some(number.app_secret.clone()),
                    verify_token: Some(random_token(16)),
                };
                simulator
                    .graph
                    .numbers
                    .lock()
                    .map_err(|_| anyhow::anyhow!("estado do simulador"))?
                    .push(number.clone());
                (ConnectionInput::Cloud(input), true, Wire::Cloud(number))
            }
            Kind::Evolution => {
                let paired = evolution::Paired {
                    instance: instance.id,
                    name: format!("{}-{}", tenant.name, instance.id),
                    api_key: random_token(24),
                };
                let input = EvolutionInput {
                    base_url: format!("{own_url}{}", evolution::PREFIX),
                    instance_name: paired.name.clone(),
                    api_key: Some(paired.api_key.clone()),
                    keep_groups: None,
                };
                simulator
                    .gateway
                    .paired
                    .lock()
                    .map_err(|_| anyhow::anyhow!("estado do simulador"))?
                    .push(paired.clone());
                (ConnectionInput::Evolution { input, allow_private: true }, false, Wire::Evolution(paired))
            }
        };
        let changes = InstanceChanges { provider: Some(input), is_official: Some(official), ..Default::default() };
        instances::update(&unit, &secrets, instance.id, changes).await?;
        wires.push(wire);
    }
    unit.commit().await?;

    eprintln!(
        "simulador: provedor de {} instância(s) de \"{}\" em {own_url} ({}); {:.2} mensagem(ns)/s para {}",
        wires.len(),
        tenant.name,
        kinds.iter().map(|k| format!("{k:?}").to_lowercase()).collect::<Vec<_>>().join(", "),
        args.rate,
        simulator.server
    );
    connect_all(&simulator, &db, config, &wires).await;

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
                let Some(wire) = wires.choose(&mut rand::rng()) else { break };
                match simulator.customer_writes(wire, &customer_says()).await {
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

/// Every instance comes up: a generic one says so; an official number is connected once Meta
/// answers; a gateway number pairs (the back-office's connector creates the gateway instance
/// with its webhook, the simulated phone scans the QR code a few seconds later).
async fn connect_all(simulator: &Arc<Simulator>, db: &backoffice::tenancy::TenantDb, config: &Config, wires: &[Wire]) {
    for wire in wires {
        let outcome = match wire {
            Wire::Generic(id) => {
                simulator.push(*id, &json!({ "type": "status", "data": { "status": "connected" } })).await.map(drop)
            }
            Wire::Cloud(number) => test_number(db, config, number.instance).await,
            Wire::Evolution(paired) => pair(db, config, paired).await,
        };
        if let Err(err) = outcome {
            eprintln!("instância não conectada pelo simulador: {err:#}");
        }
    }
}

/// The connector of an instance, as the server opens it.
async fn connector_of(
    db: &backoffice::tenancy::TenantDb,
    config: &Config,
    instance: i32,
) -> anyhow::Result<(Connection, backoffice::tenancy::TenantName)> {
    let tx = db.read().await?;
    let found = instances::find(&tx, instance).await;
    tx.end();
    let tenant = db.name().clone();
    let connection = instances::connection_of(&found?, &config.secrets(), &tenant)?
        .ok_or_else(|| anyhow::anyhow!("instância sem provedor"))?;
    Ok((connection, tenant))
}

/// An official number has no status event of Meta's: it is tested as the instances screen's
/// "Testar conexão" does (the number read from the Graph API), and a passing test marks it
/// connected.
async fn test_number(db: &backoffice::tenancy::TenantDb, config: &Config, instance: i32) -> anyhow::Result<()> {
    let (connection, _) = connector_of(db, config, instance).await?;
    let health = instances::open(connection, &config.reach())?.check().await?;
    let unit = Unit::begin(db, Arc::new(backoffice::domain::events::Discard)).await?;
    backoffice::domain::inbox::inbound::connection_status(&unit, instance, "connected").await?;
    unit.commit().await?;
    eprintln!("simulador: número oficial {} testado ({:?})", instance, health.display_phone_number);
    Ok(())
}

/// Asks the gateway for a pairing, as the instances screen's "Conectar" does.
async fn pair(db: &backoffice::tenancy::TenantDb, config: &Config, paired: &evolution::Paired) -> anyhow::Result<()> {
    let (connection, tenant) = connector_of(db, config, paired.instance).await?;
    let Connection::Evolution(mut gateway) = connection else {
        anyhow::bail!("a instância {} não é de gateway", paired.instance);
    };
    let origin = config.public_origin(tenant.as_str());
    gateway.webhook_url =
        Some(format!("{origin}/api/instance/{}/evolution/{}", paired.instance, gateway.secrets.webhook_token));
    let connector = instances::open(Connection::Evolution(gateway), &config.reach())?;
    connector.start_session().await?;
    Ok(())
}

/// A customer of a small pool (so conversations continue) saying something plausible.
fn customer_says() -> Said {
    let mut rng = rand::rng();
    let first = names::FIRST_NAMES_F.choose(&mut rng).copied().unwrap_or("Ana");
    let surname = names::SURNAMES.choose(&mut rng).copied().unwrap_or("Silva");
    let number: u32 = rng.random_range(0..40);
    let body = if rng.random_bool(0.5) {
        let opener = names::OPENERS.choose(&mut rng).copied().unwrap_or("tudo bem?");
        format!("Olá! {opener}")
    } else {
        names::TOPICS.choose(&mut rng).map(|(question, _)| question.replace("{city}", "Campinas")).unwrap_or_default()
    };
    // Customers also send photos, voice notes and where they are (docs/media.md).
    let shown = match rng.random_range(0..10) {
        0 => Shown::Photo(photo()),
        1 => {
            let mut ogg = Vec::new();
            let seconds = rng.random_range(2..9);
            match voice::webm_to_ogg(&voice::fixture::recorded_webm(seconds), &mut ogg) {
                Ok(_) => Shown::Voice(ogg),
                Err(_) => Shown::Text,
            }
        }
        2 => Shown::Location,
        _ => Shown::Text,
    };
    let body = match shown {
        Shown::Photo(_) => "Segue a foto do produto".to_owned(),
        Shown::Voice(_) | Shown::Location => String::new(),
        Shown::Text => body,
    };
    Said {
        name: format!("{first} {surname}"),
        phone: format!("+55119{:04}{:04}", 7000 + number, 1000 + number * 7),
        bsuid: format!("BR.{}", 1_502_576_394_655_000u64 + u64::from(number)),
        lid: format!("{}@lid", 120_363_025_246_125_000u64 + u64::from(number)),
        username: format!("@{}.{}", first.to_lowercase(), number),
        // Every fifth person of the pool adopted a WhatsApp username.
        hides_phone: number.is_multiple_of(5),
        body,
        shown,
    }
}

/// The generic contract's message (the generic kind always carries the phone).
fn generic_message(said: &Said) -> Value {
    let mut data = json!({
        "id": format!("SIM{}", random_token(16)),
        "phone": said.phone,
        "name": said.name,
        "direction": "in",
        "body": said.body,
        "sentAt": chrono::Utc::now().to_rfc3339(),
    });
    // Media travel inline: the simulator serves no files on this contract.
    match &said.shown {
        Shown::Photo(bytes) => {
            data["type"] = json!("image");
            data["media"] = json!({ "data": STANDARD.encode(bytes), "mimeType": "image/jpeg" });
        }
        Shown::Voice(bytes) => {
            data["type"] = json!("audio");
            data["media"] = json!({ "data": STANDARD.encode(bytes), "mimeType": "audio/ogg", "voice": true });
        }
        Shown::Location => {
            data["type"] = json!("location");
            data["location"] = json!({ "latitude": -22.9056, "longitude": -47.0608, "name": "Centro de Campinas",
                                       "address": "R. Barão de Jaguara, Campinas - SP" });
        }
        Shown::Text => {}
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

/// The providers' HTTP side: what the server's worker calls — the generic contract at
/// `/i/{instance}/...`, the Graph API at `/graph`, the gateway at `/evolution`.
fn serve_providers(listener: tokio::net::TcpListener, simulator: Arc<Simulator>) {
    let generic = simulator.clone();
    let send = move |Path(instance): Path<i32>, Json(_body): Json<Value>| {
        let simulator = generic.clone();
        async move {
            let id = format!("SIMOUT{}", random_token(12));
            simulator.count_sent();
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
    let router = Router::new()
        .route("/i/{instance}/messages", post(send))
        .route(
            "/i/{instance}/session",
            post(|| async { Json(json!({ "qrcode": format!("2@simulador-{}", random_token(16)) })) })
                .delete(|| async { axum::http::StatusCode::NO_CONTENT }),
        )
        .nest(cloud::PREFIX, cloud::routes(simulator.clone()))
        .nest(evolution::PREFIX, evolution::routes(simulator));
    tokio::spawn(async move {
        if let Err(err) = axum::serve(listener, router).await {
            eprintln!("o simulador parou de escutar: {err}");
        }
    });
}
