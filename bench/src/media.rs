//! Media benchmark (issue 43): what media costs the paths that carry it, each rate also as a share
//! of the same server's `/healthz` in the same run.
//!
//! - ingest: signed inbound events from 32 clients, all text, then 30 % photos (fetched by the
//!   worker from a local provider) — the rate the provider's requests are answered at, and how long
//!   the worker takes to have every photo;
//! - latency: photos at 10/s, from the POST to its `ChatNotification` and to the
//!   `ChatMessageUpdated` that carries its thumbnail, p50/p99;
//! - thumbnails: 200 connections reading the 50 thumbnails of one conversation (200 agents opening
//!   it at once);
//! - memory: server RSS before and after a 100 MB upload and its 100 MB download.
//!
//! Run: `cargo build --release -p backoffice-server && cargo run --release -p backoffice-bench --bin
//! bench-media -- [--postgres URL]` (needs wrk).

mod common;

use std::{
    collections::HashMap,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::Context;
use backoffice::{bus::wire, domain::standard_webhooks, random::random_token};
use clap::Parser;
use common::{CpuTime, Scratch, quantile, report, wrk};
use futures::StreamExt;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::{Message, client::IntoClientRequest, http::HeaderValue};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Events per ingest run.
    #[arg(long, default_value_t = 3000)]
    events: u64,
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    #[arg(long, default_value_t = 18_098)]
    port: u16,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";
const SECRET: &str = "whsec_YmVuY2gtZGUtbWlkaWEtc2VncmVkby0xMjM0NTY=";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "media").await?;
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    common::bench_tenant(&config, "admin@bench.example", PASSWORD).await?;
    println!("== {}", if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" });
    let provider = FakeProvider::start().await?;
    let mut server = common::start_server(
        &scratch,
        temp.path(),
        &jwt,
        args.port,
        &[("ALLOW_PRIVATE_PROVIDERS", "true"), ("ANALYTICS_REFRESH_SECONDS", "0")],
    )?;
    let result = measure(&args, &provider, server.id()).await;
    let _ = server.kill();
    let _ = server.wait();
    scratch.drop_database().await?;
    result
}

/// The provider: serves the photos the events point at, takes sends.
struct FakeProvider {
    base: String,
    photo_url: String,
}

impl FakeProvider {
    async fn start() -> anyhow::Result<Self> {
        use axum::{Json, Router, routing::get, routing::post};
        let photo = Arc::new(photo());
        let serial = Arc::new(AtomicU64::new(0));
        let app = Router::new()
            // Every URL a different file (its name after the JPEG's end marker: decoders stop there,
            // the hash differs), so each photo costs what a new one does.
            .route(
                "/files/{name}",
                get(move |axum::extract::Path(name): axum::extract::Path<String>| {
                    let mut photo = photo.as_ref().clone();
                    photo.extend_from_slice(name.as_bytes());
                    async move { ([("content-type", "image/jpeg")], photo) }
                }),
            )
            .route(
                "/messages",
                post(move || {
                    let n = serial.fetch_add(1, Ordering::Relaxed);
                    async move { Json(json!({ "id": format!("SINK{n}") })) }
                }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let address = listener.local_addr()?;
        tokio::spawn(async move { axum::serve(listener, app).await });
        let base = format!("http://{address}");
        Ok(Self { photo_url: format!("{base}/files/"), base })
    }
}

/// A phone's photo: 1600 × 1200, JPEG (about what WhatsApp sends after its own compression).
fn photo() -> Vec<u8> {
    let img = image::RgbImage::from_fn(1600, 1200, |x, y| {
        image::Rgb([(x / 7 % 256) as u8, (y / 5 % 256) as u8, ((x + y) / 11 % 256) as u8])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg).expect("a JPEG encodes");
    out.into_inner()
}

struct Bench {
    http: reqwest::Client,
    base: String,
    token: String,
    instance: i32,
    serial: AtomicU64,
    photo_url: String,
}

impl Bench {
    fn event(&self, phone: &str, photo: bool, caption: &str) -> (String, String) {
        let n = self.serial.fetch_add(1, Ordering::Relaxed);
        let mut data = json!({ "id": format!("M{n}-{}", random_token(5)), "phone": phone, "name": "Cliente",
                               "direction": "in", "body": caption, "sentAt": chrono::Utc::now().to_rfc3339() });
        if photo {
            data["type"] = json!("image");
            data["media"] = json!({ "url": format!("{}foto-{n}.jpg", self.photo_url), "mimeType": "image/jpeg" });
        }
        (format!("evt-{n}-{}", random_token(5)), json!({ "type": "message", "data": data }).to_string())
    }

    async fn push(&self, id: &str, body: String) -> anyhow::Result<()> {
        let timestamp = chrono::Utc::now().timestamp();
        let signature = standard_webhooks::sign(SECRET, id, timestamp, body.as_bytes());
        let answer = self
            .http
            .post(format!("{}/api/instance/{}/events", self.base, self.instance))
            .header("host", HOST)
            .header("content-type", "application/json")
            .header("webhook-id", id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signature)
            .body(body)
            .send()
            .await?;
        anyhow::ensure!(answer.status() == 200, "event answered {}", answer.status());
        Ok(())
    }

    async fn api(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> anyhow::Result<Value> {
        let mut request =
            self.http.request(method, format!("{}{path}", self.base)).header("host", HOST).bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = request.send().await?;
        let status = answer.status();
        let value: Value = answer.json().await.unwrap_or(Value::Null);
        anyhow::ensure!(status.is_success(), "{path} answered {status}: {value}");
        Ok(value)
    }
}

async fn measure(args: &Args, provider: &FakeProvider, pid: u32) -> anyhow::Result<()> {
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
    let token = common::login(&http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);
    let created: Value = http
        .post(format!("{base}/api/instance"))
        .header("host", HOST)
        .bearer_auth(&token)
        .json(&json!({ "name": "WhatsApp Bench", "providerBaseUrl": provider.base, "providerSecret": SECRET }))
        .send()
        .await?
        .json()
        .await?;
    let instance = created["id"].as_i64().context("instance created")? as i32;
    let bench = Arc::new(Bench {
        http,
        base: base.clone(),
        token,
        instance,
        serial: AtomicU64::new(0),
        photo_url: provider.photo_url.clone(),
    });
    let seconds = format!("{}s", args.seconds);
    let healthz = wrk(&["-t2", "-c64", "-d", &seconds, &format!("{base}/healthz")])?;
    report("/healthz", &healthz, healthz.requests_per_second);
    let rate = healthz.requests_per_second;

    // Ingest: all text, then 30 % photos.
    for share in [0u64, 30] {
        let started = Instant::now();
        // Where the CPU goes: the server (requests and, meanwhile, the worker's photos) and this
        // process (the signing clients and the fake provider serving the photos).
        let cpu_before = CpuTime::now(pid, args.postgres.is_some());
        let next = Arc::new(AtomicU64::new(0));
        let mut clients = Vec::new();
        for _ in 0..32 {
            let (bench, next, events) = (bench.clone(), next.clone(), args.events);
            clients.push(tokio::spawn(async move {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= events {
                        return Ok::<_, anyhow::Error>(());
                    }
                    let phone = format!("+55119{:08}", 10_000_000 + share * 100_000 + n % 5_000);
                    let (id, body) = bench.event(&phone, n % 100 < share, &format!("ingest {share} {n}"));
                    bench.push(&id, body).await?;
                }
            }));
        }
        for client in clients {
            client.await??;
        }
        let elapsed = started.elapsed().as_secs_f64();
        let per_second = args.events as f64 / elapsed;
        let cpu = CpuTime::now(pid, args.postgres.is_some()).since(&cpu_before);
        println!(
            "  ingest, {share:>2} % photos: {:>7.0} events/s  {:>5.1}% of /healthz  {}",
            per_second,
            100.0 * per_second / rate,
            cpu.per(args.events, "event")
        );
        if share > 0 {
            // The worker's backlog: a photo sent now is ready once those before it are.
            let drained = drain(&bench, started).await?;
            println!(
                "    every photo kept {drained:.1} s after the first event ({:.1} s after the last)",
                drained - elapsed
            );
        }
    }

    latency(&bench, args.port).await?;
    thumbnails(&bench, &seconds, rate).await?;
    memory(&bench, pid).await?;
    Ok(())
}

/// Seconds from `started` until a photo sent now has its thumbnail.
async fn drain(bench: &Arc<Bench>, started: Instant) -> anyhow::Result<f64> {
    let phone = "+5511955550000";
    let (id, body) = bench.event(phone, true, "fim da fila");
    bench.push(&id, body).await?;
    let tickets = bench.api(reqwest::Method::GET, "/api/tickets?status=pending&search=955550000", None).await?;
    let ticket = tickets["data"][0]["id"].as_i64().context("the probe's ticket")?;
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let page = bench.api(reqwest::Method::GET, &format!("/api/tickets/{ticket}/messages?limit=1"), None).await?;
        if page["data"][0]["media"]["status"] == "ready" {
            return Ok(started.elapsed().as_secs_f64());
        }
        anyhow::ensure!(Instant::now() < deadline, "the worker did not catch up");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Photos at 10/s: POST → `ChatNotification`, POST → `ChatMessageUpdated` (`ready`, thumbnail).
async fn latency(bench: &Arc<Bench>, port: u16) -> anyhow::Result<()> {
    let mut request = format!("ws://127.0.0.1:{port}/ws").into_client_request()?;
    request.headers_mut().insert("host", HeaderValue::from_static(HOST));
    request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(&format!("bearer.{}", bench.token))?);
    let (socket, _) = tokio_tungstenite::connect_async(request).await.context("socket")?;
    let (_sink, mut stream) = socket.split();
    let sent: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let reader = {
        let sent = sent.clone();
        tokio::spawn(async move {
            let (mut shown, mut ready) = (Vec::new(), Vec::new());
            let mut by_message: HashMap<i64, Instant> = HashMap::new();
            while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(5), stream.next()).await {
                let arrived = Instant::now();
                let Message::Text(text) = frame else { continue };
                let Some(event) = wire::decode_frame(text.as_str()) else { continue };
                let message = &event["message"];
                match event["event"].as_str() {
                    Some("ChatNotification") => {
                        let caption = message["body"].as_str().unwrap_or_default();
                        if let Some(start) = sent.lock().await.get(caption).copied() {
                            shown.push(arrived.duration_since(start).as_secs_f64() * 1000.0);
                            by_message.insert(message["id"].as_i64().unwrap_or_default(), start);
                        }
                    }
                    Some("ChatMessageUpdated") if message["media"]["thumbnailUrl"].is_string() => {
                        if let Some(start) = by_message.remove(&message["id"].as_i64().unwrap_or_default()) {
                            ready.push(arrived.duration_since(start).as_secs_f64() * 1000.0);
                        }
                    }
                    _ => {}
                }
            }
            (shown, ready)
        })
    };
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    for n in 0..200 {
        tick.tick().await;
        let caption = format!("latência {n} {}", random_token(4));
        let (id, body) = bench.event(&format!("+55118{:08}", 20_000_000 + n), true, &caption);
        sent.lock().await.insert(caption, Instant::now());
        let bench = bench.clone();
        tokio::spawn(async move { bench.push(&id, body).await });
    }
    let (mut shown, mut ready) = reader.await?;
    shown.sort_by(f64::total_cmp);
    ready.sort_by(f64::total_cmp);
    println!(
        "  photo event → ChatNotification: p50 {:.1} ms, p99 {:.1} ms ({} of 200); → thumbnail ready: p50 {:.1} ms, p99 {:.1} ms ({})",
        quantile(&shown, 0.5),
        quantile(&shown, 0.99),
        shown.len(),
        quantile(&ready, 0.5),
        quantile(&ready, 0.99),
        ready.len()
    );
    Ok(())
}

/// One conversation of 50 photos, its thumbnails read by 200 connections.
async fn thumbnails(bench: &Arc<Bench>, seconds: &str, healthz: f64) -> anyhow::Result<()> {
    let phone = "+5511977770000";
    for n in 0..50 {
        let (id, body) = bench.event(phone, true, &format!("álbum {n}"));
        bench.push(&id, body).await?;
    }
    let tickets = bench.api(reqwest::Method::GET, "/api/tickets?status=pending&search=977770000", None).await?;
    let ticket = tickets["data"][0]["id"].as_i64().context("the album's ticket")?;
    let deadline = Instant::now() + Duration::from_secs(120);
    let paths: Vec<String> = loop {
        let page = bench.api(reqwest::Method::GET, &format!("/api/tickets/{ticket}/messages?limit=50"), None).await?;
        let paths: Vec<String> = page["data"]
            .as_array()
            .context("a page")?
            .iter()
            .filter_map(|m| m["media"]["thumbnailUrl"].as_str().map(str::to_owned))
            .collect();
        if paths.len() == 50 || Instant::now() > deadline {
            break paths;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    anyhow::ensure!(paths.len() == 50, "only {} thumbnails ready", paths.len());
    let dir = tempfile::tempdir()?;
    let script = dir.path().join("thumbs.lua");
    let list = paths.iter().map(|p| format!("{p:?}")).collect::<Vec<_>>().join(",");
    std::fs::write(
        &script,
        format!(
            "local paths = {{{list}}}\nlocal i = 0\nwrk.headers[\"Host\"] = \"{HOST}\"\n\
             request = function()\n  i = i % #paths + 1\n  return wrk.format(\"GET\", paths[i])\nend\n"
        ),
    )?;
    let result = wrk(&["-t2", "-c200", "-d", seconds, "-s", script.to_str().unwrap_or_default(), &bench.base])?;
    report("50 thumbnails × 200 connections", &result, healthz);
    Ok(())
}

fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// A 100 MB document up and down; the server's RSS around each.
async fn memory(bench: &Arc<Bench>, pid: u32) -> anyhow::Result<()> {
    let (id, body) = bench.event("+5511966660000", false, "me manda o contrato");
    bench.push(&id, body).await?;
    let tickets = bench.api(reqwest::Method::GET, "/api/tickets?status=pending&search=966660000", None).await?;
    let ticket = tickets["data"][0]["id"].as_i64().context("a ticket")?;
    bench.api(reqwest::Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await?;
    let mut document = b"%PDF-1.7\n".to_vec();
    document.resize(100 * 1024 * 1024 - 1024, 0);
    rand::Rng::fill(&mut rand::rng(), &mut document[16..]);
    let before = rss_mb(pid);
    let uploaded: Value = bench
        .http
        .post(format!("{}/api/tickets/{ticket}/media?fileName=contrato.pdf", bench.base))
        .header("host", HOST)
        .bearer_auth(&bench.token)
        .body(document)
        .send()
        .await?
        .json()
        .await?;
    let after_upload = rss_mb(pid);
    let sent = bench
        .api(
            reqwest::Method::POST,
            &format!("/api/tickets/{ticket}/messages"),
            Some(json!({ "body": "", "mediaId": uploaded["id"], "fileName": "contrato.pdf" })),
        )
        .await?;
    let url = sent["media"]["url"].as_str().context("a link")?;
    let mut download = bench.http.get(format!("{}{url}", bench.base)).header("host", HOST).send().await?;
    let mut received = 0usize;
    while let Some(chunk) = download.chunk().await? {
        received += chunk.len();
    }
    let after_download = rss_mb(pid);
    println!(
        "  100 MB: server RSS {before:.0} MB before, {after_upload:.0} MB after the upload, {after_download:.0} MB after \
         the download ({} MB received)",
        received / (1024 * 1024)
    );
    Ok(())
}
