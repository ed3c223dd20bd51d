//! Real-provider webhooks benchmark (issue 44): how fast the server takes customers' messages in
//! each kind's wire format, each rate also as a share of the same server's `/healthz` in the same
//! run, with the CPU each message costs:
//!
//! - generic: our contract, Standard Webhooks signed (`POST /api/instance/{id}/events`), the
//!   reference;
//! - cloud: Meta deliveries signed with the app secret (`X-Hub-Signature-256`) to
//!   `POST /api/instance/{id}/cloud`, one in five from a person whose username hides the phone
//!   (only the business-scoped id: the lookup by identity);
//! - evolution: the gateway's `messages.upsert` posts to `POST /api/instance/{id}/evolution/{token}`,
//!   one in five naming the person by LID alone.
//!
//! 32 clients post messages of a pool of 5 000 customers (so customers, chats and tickets are
//! found more often than created, as in a working day).
//!
//! Run: `cargo build --release -p backoffice-server && cargo run --release -p backoffice-bench --bin
//! bench-providers -- [--postgres URL]` (needs wrk).

mod common;

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Instant,
};

use anyhow::Context;
use backoffice::{
    domain::{instances::cloud::signature, standard_webhooks},
    random::random_token,
};
use clap::Parser;
use common::{CpuTime, Scratch, report, wrk};
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Messages per kind.
    #[arg(long, default_value_t = 4000)]
    events: u64,
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    #[arg(long, default_value_t = 18_099)]
    port: u16,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";
const SECRET: &str = "whsec_YmVuY2gtZGUtcHJvdmVkb3Jlcy1zZWdyZWRvLTE=";
const PHONE_NUMBER_ID: &str = "106540352242922";
const WABA_ID: &str = "102290129340398";
const APP_SECRET: &str = "segredo-do-app-de-bench";
const GATEWAY: &str = "loja-bench";
const API_KEY: &str = "chave-do-gateway-bench";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "providers").await?;
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    common::bench_tenant(&config, "admin@bench.example", PASSWORD).await?;
    println!("== {}", if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" });
    let sink = Sink::start().await?;
    let graph = format!("{}/v23.0", sink.base);
    let mut server = common::start_server(
        &scratch,
        temp.path(),
        &jwt,
        args.port,
        &[("ALLOW_PRIVATE_PROVIDERS", "true"), ("ANALYTICS_REFRESH_SECONDS", "0"), ("GRAPH_API_URL", &graph)],
    )?;
    let result = measure(&args, &sink, server.id()).await;
    let _ = server.kill();
    let _ = server.wait();
    scratch.drop_database().await?;
    result
}

/// The providers' side the server calls: a sink that answers sends of every kind, and the
/// gateway's few setup calls when its instance is created.
struct Sink {
    base: String,
    /// The webhook URL the server gave the gateway when it created its instance.
    hook: Arc<std::sync::Mutex<Option<String>>>,
}

impl Sink {
    async fn start() -> anyhow::Result<Self> {
        use axum::{Json, Router, http::StatusCode, routing::get, routing::post};
        let serial = Arc::new(AtomicU64::new(0));
        let hook = Arc::new(std::sync::Mutex::new(None));
        let told = hook.clone();
        let sent = move || {
            let n = serial.fetch_add(1, Ordering::Relaxed);
            async move {
                Json(json!({ "id": format!("SINK{n}"), "messages": [{ "id": format!("wamid.SINK{n}") }],
                             "key": { "id": format!("BAE5SINK{n}") } }))
            }
        };
        let app = Router::new()
            .route("/messages", post(sent.clone()))
            .route("/v23.0/{id}/messages", post(sent.clone()))
            .route("/gateway/message/{action}/{name}", post(sent))
            .route("/gateway/instance/connectionState/{name}", get(|| async { StatusCode::NOT_FOUND }))
            .route(
                "/gateway/instance/create",
                post(move |Json(body): Json<Value>| {
                    if let (Some(url), Ok(mut kept)) = (body["webhook"]["url"].as_str(), told.lock()) {
                        *kept = Some(url.to_owned());
                    }
                    async { (StatusCode::CREATED, Json(json!({ "qrcode": { "code": "2@bench" } }))) }
                }),
            )
            .route(
                "/gateway/instance/connect/{name}",
                get(|| async { Json(json!({ "code": "2@bench", "count": 1 })) }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let address = listener.local_addr()?;
        tokio::spawn(async move { axum::serve(listener, app).await });
        Ok(Self { base: format!("http://{address}"), hook })
    }
}

/// One kind's way of posting a customer's message.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Generic,
    Cloud,
    Evolution,
}

struct Bench {
    http: reqwest::Client,
    base: String,
    generic: i32,
    cloud: i32,
    /// The gateway instance's webhook path (its token inside).
    evolution_path: String,
}

impl Bench {
    /// Posts customer `n`'s message in `kind`'s format; answers the HTTP status.
    async fn post(&self, kind: Kind, serial: u64, customer: u64) -> anyhow::Result<u16> {
        let phone = format!("55119{:08}", 10_000_000 + customer);
        // One customer in five hides the phone behind a username.
        let hidden = customer.is_multiple_of(5);
        let text = format!("mensagem {serial}");
        let request = match kind {
            Kind::Generic => {
                let body = json!({ "type": "message", "data": { "id": format!("G{serial}-{}", random_token(5)),
                    "phone": format!("+{phone}"), "name": "Cliente", "direction": "in", "body": text,
                    "sentAt": chrono::Utc::now().to_rfc3339() } })
                .to_string();
                let id = format!("evt-{serial}-{}", random_token(5));
                let timestamp = chrono::Utc::now().timestamp();
                self.http
                    .post(format!("{}/api/instance/{}/events", self.base, self.generic))
                    .header("webhook-id", &id)
                    .header("webhook-timestamp", timestamp.to_string())
                    .header("webhook-signature", standard_webhooks::sign(SECRET, &id, timestamp, body.as_bytes()))
                    .body(body)
            }
            Kind::Cloud => {
                let user_id = format!("BR.{}", 1_502_576_394_000_000u64 + customer);
                let mut message = json!({ "id": format!("wamid.B{serial}{}", random_token(8)), "from_user_id": user_id,
                    "timestamp": chrono::Utc::now().timestamp().to_string(), "type": "text", "text": { "body": text } });
                let mut contact = json!({ "profile": { "name": "Cliente" }, "user_id": user_id });
                if !hidden {
                    message["from"] = json!(phone);
                    contact["wa_id"] = json!(phone);
                }
                let body = json!({ "object": "whatsapp_business_account", "entry": [{ "id": WABA_ID, "changes": [{
                    "field": "messages", "value": { "messaging_product": "whatsapp",
                    "metadata": { "display_phone_number": "551140028922", "phone_number_id": PHONE_NUMBER_ID },
                    "contacts": [contact], "messages": [message] } }] }] })
                .to_string();
                self.http
                    .post(format!("{}/api/instance/{}/cloud", self.base, self.cloud))
                    .header("x-hub-signature-256", signature::header_for(APP_SECRET, body.as_bytes()))
                    .body(body)
            }
            Kind::Evolution => {
                let lid = format!("{}@lid", 120_363_025_246_000_000u64 + customer);
                let key = if hidden {
                    json!({ "remoteJid": lid, "fromMe": false, "id": format!("3EB0B{serial}{}", random_token(6)) })
                } else {
                    json!({ "remoteJid": format!("{phone}@s.whatsapp.net"), "fromMe": false,
                            "id": format!("3EB0B{serial}{}", random_token(6)) })
                };
                let body = json!({ "event": "messages.upsert", "instance": GATEWAY, "data": { "key": key,
                    "pushName": "Cliente", "message": { "conversation": text }, "messageType": "conversation",
                    "messageTimestamp": chrono::Utc::now().timestamp() },
                    "date_time": chrono::Utc::now().to_rfc3339() })
                .to_string();
                self.http.post(format!("{}{}", self.base, self.evolution_path)).body(body)
            }
        };
        let answer = request.header("host", HOST).header("content-type", "application/json").send().await?;
        Ok(answer.status().as_u16())
    }
}

async fn api(http: &reqwest::Client, base: &str, token: &str, path: &str, body: Value) -> anyhow::Result<Value> {
    let answer = http.post(format!("{base}{path}")).header("host", HOST).bearer_auth(token).json(&body).send().await?;
    let status = answer.status();
    let value: Value = answer.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "{path} answered {status}: {value}");
    Ok(value)
}

async fn measure(args: &Args, sink: &Sink, pid: u32) -> anyhow::Result<()> {
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
    let token = common::login(&http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);
    let id_of = |value: &Value| value["id"].as_i64().context("instance created").map(|id| id as i32);
    let generic = id_of(
        &api(
            &http,
            &base,
            &token,
            "/api/instance",
            json!({ "name": "Genérico", "providerBaseUrl": sink.base,
            "providerSecret": SECRET }),
        )
        .await?,
    )?;
    let cloud = id_of(
        &api(
            &http,
            &base,
            &token,
            "/api/instance",
            json!({ "name": "Oficial", "providerKind": "cloud",
            "isOfficial": true, "cloud": { "phoneNumberId": PHONE_NUMBER_ID, "wabaId": WABA_ID,
            "accessToken": "EAAbench", "appSecret": APP_SECRET, "verifyToken": "verifica" } }),
        )
        .await?,
    )?;
    let created = api(
        &http,
        &base,
        &token,
        "/api/instance",
        json!({ "name": "Gateway", "providerKind": "evolution", "evolution": {
            "baseUrl": format!("{}/gateway", sink.base), "instanceName": GATEWAY, "apiKey": API_KEY } }),
    )
    .await?;
    // Connecting creates the gateway's instance, which is told where to post.
    let gateway = id_of(&created)?;
    api(&http, &base, &token, &format!("/api/instance/{gateway}/connect"), json!({})).await?;
    let hook = sink.hook.lock().ok().and_then(|kept| kept.clone()).context("the gateway was given a webhook")?;
    let evolution_path = reqwest::Url::parse(&hook)?.path().to_owned();
    let bench = Arc::new(Bench { http, base: base.clone(), generic, cloud, evolution_path });

    let seconds = format!("{}s", args.seconds);
    let healthz = wrk(&["-t2", "-c64", "-d", &seconds, &format!("{base}/healthz")])?;
    report("/healthz", &healthz, healthz.requests_per_second);
    let rate = healthz.requests_per_second;
    let serial = Arc::new(AtomicU64::new(0));
    for kind in [Kind::Generic, Kind::Cloud, Kind::Evolution] {
        let started = Instant::now();
        let cpu_before = CpuTime::now(pid, args.postgres.is_some());
        let next = Arc::new(AtomicU64::new(0));
        let mut clients = Vec::new();
        for _ in 0..32 {
            let (bench, next, serial, events) = (bench.clone(), next.clone(), serial.clone(), args.events);
            clients.push(tokio::spawn(async move {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= events {
                        return Ok::<_, anyhow::Error>(());
                    }
                    let status = bench.post(kind, serial.fetch_add(1, Ordering::Relaxed), n % 5_000).await?;
                    anyhow::ensure!(status == 200, "{kind:?} answered {status}");
                }
            }));
        }
        for client in clients {
            client.await??;
        }
        let per_second = args.events as f64 / started.elapsed().as_secs_f64();
        let cpu = CpuTime::now(pid, args.postgres.is_some()).since(&cpu_before);
        println!(
            "  {:<10} {:>7.0} messages/s  {:>5.1}% of /healthz  {}",
            format!("{kind:?}").to_lowercase(),
            per_second,
            100.0 * per_second / rate,
            cpu.per(args.events, "message")
        );
    }
    Ok(())
}
