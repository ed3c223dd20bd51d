//! Integrations benchmark (issue 47), against the release server with a webhook receiver on
//! loopback:
//! - `events`: customers write (each first message: `customer.created`, `ticket.opened`,
//!   `message.received`; each further one `message.received`) with one endpoint subscribed to
//!   the whole event set; deliveries/s arriving at the receiver, as a share of `/healthz`; and
//!   the inbound messages/s with and without that endpoint (what emitting costs the hot path);
//! - `privacy`: one customer with `--messages` messages (pushed by the provider, as in life):
//!   the time to download their subject report and to erase them.
//!
//! Run: `bash bench/integrations.sh` (both backends), or `cargo build --release -p
//! backoffice-server && cargo run --release -p backoffice-bench --bin bench-integrations --
//! [--postgres URL]`.

mod common;

use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use anyhow::Context;
use backoffice::{bus::EventBus, domain::tenants, random::random_token, tenancy::TenantName};
use clap::Parser;
use common::{Scratch, wrk};
use futures::StreamExt;
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Customers who write in `events` (each: a first message and `--follow-ups` more).
    #[arg(long, default_value_t = 2_000)]
    customers: u32,
    #[arg(long, default_value_t = 2)]
    follow_ups: u32,
    /// Messages of the customer whose report and erasure are timed.
    #[arg(long, default_value_t = 10_000)]
    messages: u32,
    /// Requests in flight.
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
    #[arg(long, default_value_t = 18098)]
    port: u16,
    #[arg(long, value_delimiter = ',', default_value = "events,privacy")]
    phases: Vec<String>,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";
const SECRET: &str = "whsec_YmVuY2hzZWNyZXQ=";

/// Arrivals at the receiver.
#[derive(Default)]
struct Seen {
    total: u64,
    first: Option<Instant>,
    last: Option<Instant>,
}

async fn receiver(seen: Arc<Mutex<Seen>>) -> anyhow::Result<String> {
    use axum::{Router, routing::post};
    let app = Router::new().route(
        "/hook",
        post(move || {
            let seen = seen.clone();
            async move {
                let now = Instant::now();
                let mut seen = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                seen.total += 1;
                seen.first.get_or_insert(now);
                seen.last = Some(now);
                "ok"
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{address}/hook"))
}

struct Bench {
    http: reqwest::Client,
    base: String,
    token: String,
    instance: i64,
    concurrency: usize,
}

impl Bench {
    /// Customers `from..from+n` each write a first message and `follow_ups` more (one after the
    /// other per customer, `concurrency` customers at once); answers messages/s.
    async fn customers_write(&self, from: u32, n: u32, follow_ups: u32) -> anyhow::Result<f64> {
        let started = Instant::now();
        let results: Vec<anyhow::Result<()>> = futures::stream::iter(from..from + n)
            .map(|i| async move {
                let phone = format!("+55119{i:08}");
                for k in 0..=follow_ups {
                    let id = format!("c{i}-{k}");
                    common::customer_message(
                        &self.http,
                        &self.base,
                        HOST,
                        self.instance,
                        SECRET,
                        &id,
                        &phone,
                        "Cliente Bench",
                        "Oi, queria saber do meu pedido",
                    )
                    .await?;
                }
                Ok(())
            })
            .buffer_unordered(self.concurrency)
            .collect()
            .await;
        results.into_iter().collect::<anyhow::Result<Vec<()>>>()?;
        Ok(f64::from(n * (follow_ups + 1)) / started.elapsed().as_secs_f64())
    }
}

async fn wait_arrivals(seen: &Arc<Mutex<Seen>>, at_least: u64, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    let mut last = (0, Instant::now());
    while Instant::now() < deadline {
        let total = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).total;
        if total >= at_least {
            return true;
        }
        // Quiet for 5 s: nothing more is coming.
        if total != last.0 {
            last = (total, Instant::now());
        } else if last.1.elapsed() > Duration::from_secs(5) && total > 0 {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "integrations").await?;
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    {
        let (dbs, _) = common::unlimited_bench_tenant(&config, "admin@bench.example", PASSWORD).await?;
        let record = tenants::find_by_name(dbs.control(), &TenantName::parse("bench")?).await?;
        tenants::set_feature(dbs.control(), &record, "webhooks", true, &EventBus::local()).await?;
        dbs.close().await;
    }
    let seen = Arc::new(Mutex::new(Seen::default()));
    let hook = receiver(seen.clone()).await?;
    let env = [("ALLOW_PRIVATE_PROVIDERS", "true"), ("ALLOW_PRIVATE_WEBHOOKS", "true")];
    let mut server = common::start_server(&scratch, temp.path(), &jwt, args.port, &env)?;
    let http = reqwest::Client::new();
    let token = common::login(&http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);
    println!("== {} ({})", if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" }, scratch.database_url);
    let healthz = wrk(&["-t2", "-c64", "-d5s", &format!("{base}/healthz")])?.requests_per_second;
    println!("  /healthz {healthz:.0} req/s (the ratios below are against it)");
    let body = json!({ "name": "WhatsApp", "providerBaseUrl": "http://127.0.0.1:9", "providerSecret": SECRET });
    let instance = common::post_json(&http, &base, HOST, &token, "/api/instance", body).await?["id"]
        .as_i64()
        .context("instance")?;
    let b = Bench { http, base, token, instance, concurrency: args.concurrency };
    let wanted = |phase: &str| args.phases.iter().any(|p| p == phase);

    if wanted("events") {
        let n = args.customers;
        let without = b.customers_write(0, n, args.follow_ups).await?;
        let all: Vec<&str> = backoffice::domain::webhook_events::EVENT_TYPES.to_vec();
        common::post_json(&b.http, &b.base, HOST, &b.token, "/api/webhooks", json!({ "url": hook, "events": all }))
            .await?;
        let with = b.customers_write(n, n, args.follow_ups).await?;
        let expected = u64::from(n) * (3 + u64::from(args.follow_ups));
        let complete = wait_arrivals(&seen, expected, Duration::from_secs(600)).await;
        let s = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let span = s.last.zip(s.first).map_or(0.0, |(l, f)| (l - f).as_secs_f64()).max(0.001);
        let rate = s.total as f64 / span;
        println!(
            "  events: {} of {expected} deliveries arrived{} in {span:.1} s = {rate:.0} deliveries/s ({:.2}% of /healthz)",
            s.total,
            if complete { "" } else { " (incomplete)" },
            100.0 * rate / healthz
        );
        println!(
            "  inbound messages: {without:.0}/s without an endpoint, {with:.0}/s with one subscribed to every event ({:.2}% / {:.2}% of /healthz)",
            100.0 * without / healthz,
            100.0 * with / healthz
        );
    }

    if wanted("privacy") {
        // One customer's long conversation, as the provider would push it.
        let phone = "+5511977776666";
        let started = Instant::now();
        let results: Vec<anyhow::Result<()>> = futures::stream::iter(0..args.messages)
            .map(|k| {
                let b = &b;
                async move {
                    let id = format!("p-{k}");
                    let text = format!("Mensagem {k} sobre o pedido e o boleto da cliente");
                    common::customer_message(
                        &b.http,
                        &b.base,
                        HOST,
                        b.instance,
                        SECRET,
                        &id,
                        phone,
                        "Titular Bench",
                        &text,
                    )
                    .await
                }
            })
            .buffer_unordered(4)
            .collect()
            .await;
        results.into_iter().collect::<anyhow::Result<Vec<()>>>()?;
        println!(
            "  privacy: {} messages of one customer pushed in {:.1} s",
            args.messages,
            started.elapsed().as_secs_f64()
        );
        let found: Value = b
            .http
            .get(format!("{}/api/customers?search=977776666", b.base))
            .header("host", HOST)
            .bearer_auth(&b.token)
            .send()
            .await?
            .json()
            .await?;
        let customer = found["data"][0]["id"].as_i64().context("the customer")?;
        let name = found["data"][0]["name"].as_str().unwrap_or_default().to_owned();
        let asked = Instant::now();
        let report = b
            .http
            .get(format!("{}/api/customers/{customer}/report", b.base))
            .header("host", HOST)
            .bearer_auth(&b.token)
            .send()
            .await?;
        anyhow::ensure!(report.status().is_success(), "report: {}", report.status());
        let bytes = report.bytes().await?.len();
        let report_seconds = asked.elapsed().as_secs_f64();
        let asked = Instant::now();
        let erased = common::post_json(
            &b.http,
            &b.base,
            HOST,
            &b.token,
            &format!("/api/customers/{customer}/erase"),
            json!({ "confirmation": name }),
        )
        .await?;
        let erase_seconds = asked.elapsed().as_secs_f64();
        println!(
            "  privacy: subject report of {} messages ({:.1} MB zip) in {report_seconds:.2} s; erasure of {} messages in {erase_seconds:.2} s",
            args.messages,
            bytes as f64 / 1_048_576.0,
            erased["messages"]
        );
    }

    let _ = server.kill();
    let _ = server.wait();
    scratch.drop_database().await?;
    Ok(())
}
