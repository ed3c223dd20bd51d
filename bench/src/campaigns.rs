//! Campaigns and webhooks benchmark (issue #16), against the release server with a provider sink
//! and a webhook receiver on loopback:
//! - `deliver`: webhook deliveries drained by the worker — the operators' replay queues one
//!   `campaign.status` delivery per pending recipient of a campaign; deliveries/s sustained;
//! - `restarts`: the same for another campaign while the server is killed with SIGKILL and
//!   restarted N times: deliveries lost (webhook-ids that never arrived) and duplicates (the same
//!   webhook-id twice, which is what receivers deduplicate on);
//! - `enqueue`: creating a campaign of 100 000 new phones (customers created) and starting it;
//!   the server's resident memory before and after;
//! - `send`: the campaign sending at the instance's maximum rate (600/min): sends/s, the server's
//!   CPU time per send (scheduler, provider call, ack, webhook), resident memory over time, and the
//!   latency from a recipient's status change (`sent`) to its webhook at the receiver.
//!
//! Run: `bash bench/campaigns.sh` (both backends), or `cargo build --release -p backoffice-server
//! && cargo run --release -p backoffice-bench --bin bench-campaigns -- [--postgres URL]`.

mod common;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use anyhow::Context;
use backoffice::{
    bus::EventBus,
    domain::{
        setup,
        tenants::{self, NewTenant},
    },
    random::random_token,
    tenancy::{Databases, TenantName},
};
use clap::Parser;
use common::{Scratch, quantile, wrk};
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Recipients of the campaign that is enqueued and sent.
    #[arg(long, default_value_t = 100_000)]
    recipients: u32,
    /// Deliveries drained in `deliver`.
    #[arg(long, default_value_t = 20_000)]
    deliveries: u32,
    /// Deliveries of the `restarts` run, and how many SIGKILL restarts during it.
    #[arg(long, default_value_t = 10_000)]
    restart_deliveries: u32,
    #[arg(long, default_value_t = 20)]
    restarts: u32,
    /// Seconds of sending measured.
    #[arg(long, default_value_t = 30)]
    send_seconds: u64,
    #[arg(long, default_value_t = 18097)]
    port: u16,
    #[arg(long, value_delimiter = ',', default_value = "deliver,restarts,enqueue,send")]
    phases: Vec<String>,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";
const OPS_HOST: &str = "backoffice.localhost";

/// What the webhook receiver saw.
#[derive(Default)]
struct Seen {
    /// Arrivals by webhook-id.
    ids: HashMap<String, u32>,
    total: u64,
    /// Milliseconds from a `sent` status change to its arrival.
    latencies: Vec<f64>,
    first: Option<Instant>,
    last: Option<Instant>,
    /// How long the receiver takes to answer (slows the `restarts` run down so that the kills
    /// land while deliveries are in flight).
    delay: Duration,
}

/// The webhook receiver: answers 200 at once, records what came.
async fn receiver(seen: Arc<Mutex<Seen>>) -> anyhow::Result<String> {
    use axum::{Router, body::Bytes, http::HeaderMap, routing::post};
    let app = Router::new().route(
        "/hook",
        post(move |headers: HeaderMap, body: Bytes| {
            let seen = seen.clone();
            async move {
                let delay = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).delay;
                if !delay.is_zero() {
                    tokio::time::sleep(delay).await;
                }
                let now = Instant::now();
                let id = headers.get("webhook-id").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
                let payload: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                let latency = (payload["data"]["status"] == "sent")
                    .then(|| {
                        payload["data"]["at"].as_str().and_then(|at| chrono::DateTime::parse_from_rfc3339(at).ok())
                    })
                    .flatten()
                    .map(|at| {
                        (chrono::Utc::now() - at.with_timezone(&chrono::Utc)).num_microseconds().unwrap_or(0) as f64
                            / 1000.0
                    });
                let mut seen = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                *seen.ids.entry(id).or_default() += 1;
                seen.total += 1;
                seen.first.get_or_insert(now);
                seen.last = Some(now);
                if let Some(latency) = latency {
                    seen.latencies.push(latency);
                }
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

/// The instance's provider: accepts every message at once, counts them.
async fn provider_sink(sent: Arc<Mutex<u64>>) -> anyhow::Result<String> {
    use axum::{Json, Router, routing::post};
    let app = Router::new().route(
        "/messages",
        post(move || {
            let sent = sent.clone();
            async move {
                let n = {
                    let mut sent = sent.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    *sent += 1;
                    *sent
                };
                Json(json!({ "id": format!("SINK{n}") }))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{address}"))
}

/// The server process: its SIGKILL and restart, its CPU time and memory.
struct Server {
    child: std::process::Child,
    scratch_url: String,
}

fn proc_cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or_default().split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of /proc/pid/stat (11 and 12 after the name).
    (ticks(11) + ticks(12)) / 100.0
}

fn proc_rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

struct Bench {
    http: reqwest::Client,
    port: u16,
    token: String,
    ops_token: String,
}

impl Bench {
    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> anyhow::Result<Value> {
        let mut request = self.http.request(method, self.url(path)).header("host", HOST).bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await?;
        let status = response.status();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        anyhow::ensure!(status.is_success(), "{path}: {status} {answer}");
        Ok(answer)
    }

    async fn campaign(&self, instance: i64, name: &str, phones: Vec<String>) -> anyhow::Result<i64> {
        let created = self
            .call(
                reqwest::Method::POST,
                "/api/campaigns",
                Some(json!({ "name": name, "instanceId": instance, "body": "Olá {{nome}}!", "phones": phones })),
            )
            .await?;
        created["id"].as_i64().context("campaign id")
    }

    /// The operators' replay of pending recipients whose status moved since `since`.
    async fn replay(&self, since: chrono::DateTime<chrono::Utc>) -> anyhow::Result<u64> {
        let finish = chrono::Utc::now() + chrono::Duration::minutes(5);
        let path = format!(
            "/api/tenant/generate-campaign-status-webhook?tenantName=bench&startAt={}&finishAt={}&type=pending",
            since.to_rfc3339_opts(chrono::SecondsFormat::Millis, true).replace('+', "%2B"),
            finish.to_rfc3339_opts(chrono::SecondsFormat::Millis, true).replace('+', "%2B"),
        );
        let answer: Value = self
            .http
            .get(self.url(&path))
            .header("host", OPS_HOST)
            .bearer_auth(&self.ops_token)
            .send()
            .await?
            .json()
            .await?;
        answer["queued"].as_u64().with_context(|| format!("replay: {answer}"))
    }
}

fn phones(prefix: u64, n: u32) -> Vec<String> {
    (0..u64::from(n)).map(|i| format!("55{}", prefix * 100_000_000 + i)).collect()
}

async fn wait_for(seen: &Arc<Mutex<Seen>>, ids: usize, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).ids.len() >= ids {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "campaigns").await?;
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    {
        let dbs = Databases::connect(&config.database_settings()).await?;
        setup::init(&dbs, &config.backoffice_tenant, Default::default()).await?;
        let bench = TenantName::parse("bench")?;
        tenants::provision(
            &dbs,
            NewTenant { name: Some(bench.clone()), plan: Some("enterprise".into()), ..Default::default() },
            None,
        )
        .await?;
        let record = tenants::find_by_name(dbs.control(), &bench).await?;
        for option in ["campaigns", "webhooks"] {
            tenants::set_feature(dbs.control(), &record, option, true, &EventBus::local()).await?;
        }
        let db = dbs.tenant(&bench, "default").await?;
        let tx = db.begin().await?;
        common::create_admin(&tx, "admin@bench.example", PASSWORD).await?;
        tx.commit().await?;
        let ops = dbs.tenant(&config.backoffice_tenant, "default").await?;
        let tx = ops.begin().await?;
        common::create_admin(&tx, "ops@backoffice.example", PASSWORD).await?;
        tx.commit().await?;
        dbs.close().await;
    }
    let seen = Arc::new(Mutex::new(Seen::default()));
    let sent = Arc::new(Mutex::new(0u64));
    let hook = receiver(seen.clone()).await?;
    let sink = provider_sink(sent.clone()).await?;
    let env = [("ALLOW_PRIVATE_PROVIDERS", "true"), ("ALLOW_PRIVATE_WEBHOOKS", "true")];
    let start = || common::start_server(&scratch, temp.path(), &jwt, args.port, &env);
    let mut server = Server { child: start()?, scratch_url: scratch.database_url.clone() };
    let http = reqwest::Client::new();
    let token = common::login(&http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let ops_token = common::login(&http, args.port, OPS_HOST, "ops@backoffice.example", PASSWORD).await?;
    let b = Bench { http, port: args.port, token, ops_token };
    println!("== {} ({})", if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" }, server.scratch_url);

    let healthz = wrk(&["-t2", "-c64", "-d5s", &b.url("/healthz")])?.requests_per_second;
    println!("  /healthz {healthz:.0} req/s (the ratios below are against it)");

    let instance = b
        .call(
            reqwest::Method::POST,
            "/api/instance",
            Some(json!({ "name": "Bench", "providerBaseUrl": sink, "providerSecret": "whsec_YmVuY2g=" })),
        )
        .await?["id"]
        .as_i64()
        .context("instance id")?;
    b.call(reqwest::Method::POST, "/api/webhooks", Some(json!({ "url": hook, "events": ["campaign.status"] }))).await?;
    let wanted = |phase: &str| args.phases.iter().any(|p| p == phase);

    if wanted("deliver") {
        let since = chrono::Utc::now();
        b.campaign(instance, "Entregas", phones(111, args.deliveries)).await?;
        let asked = Instant::now();
        let queued = b.replay(since).await?;
        let enqueue = asked.elapsed().as_secs_f64();
        let ok = wait_for(&seen, queued as usize, Duration::from_secs(600)).await;
        let s = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let drain = s.last.zip(s.first).map_or(0.0, |(l, f)| (l - f).as_secs_f64()).max(0.001);
        let rate = s.ids.len() as f64 / drain;
        println!(
            "  deliver: {queued} deliveries queued in {enqueue:.1} s; {} arrived{} in {drain:.1} s = {rate:.0} deliveries/s ({:.2}% of /healthz)",
            s.ids.len(),
            if ok { "" } else { " (timed out)" },
            100.0 * rate / healthz
        );
    }

    if wanted("restarts") {
        *seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
            Seen { delay: Duration::from_millis(40), ..Seen::default() };
        let since = chrono::Utc::now();
        b.campaign(instance, "Reinícios", phones(112, args.restart_deliveries)).await?;
        let queued = b.replay(since).await? as usize;
        let began = Instant::now();
        for _ in 0..args.restarts {
            tokio::time::sleep(Duration::from_millis(700)).await;
            let _ = server.child.kill();
            let _ = server.child.wait();
            server.child = start()?;
            common::login(&b.http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
        }
        let arrived_during = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).ids.len();
        let ok = wait_for(&seen, queued, Duration::from_secs(300)).await;
        let s = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let duplicates: u32 = s.ids.values().map(|n| n - 1).sum();
        println!("    ({arrived_during} of {queued} had arrived when the last restart came up)");
        println!(
            "  restarts: {} SIGKILL restarts during {queued} deliveries: {} lost, {duplicates} duplicates (same webhook-id), all in {:.0} s{}",
            args.restarts,
            queued.saturating_sub(s.ids.len()),
            began.elapsed().as_secs_f64(),
            if ok { "" } else { " (timed out waiting)" }
        );
    }

    if wanted("enqueue") || wanted("send") {
        *seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Seen::default();
        let pid = server.child.id();
        let rss_before = proc_rss_mb(pid);
        let asked = Instant::now();
        let id = b.campaign(instance, "Cem mil", phones(113, args.recipients)).await?;
        let created = asked.elapsed().as_secs_f64();
        let rss_after = proc_rss_mb(pid);
        println!(
            "  enqueue: {} recipients (new customers) created in {created:.1} s ({:.0}/s); server RSS {rss_before:.0} → {rss_after:.0} MB",
            args.recipients,
            f64::from(args.recipients) / created
        );
        if wanted("send") {
            b.call(
                reqwest::Method::PUT,
                &format!("/api/campaigns/rates/{instance}"),
                Some(json!({ "ratePerMinute": 600 })),
            )
            .await?;
            // The server's own idle cost (timers, the analytics sync) over 5 s, subtracted below.
            let idle_from = proc_cpu_seconds(pid);
            tokio::time::sleep(Duration::from_secs(5)).await;
            let idle_per_second = (proc_cpu_seconds(pid) - idle_from) / 5.0;
            let sent_before = *sent.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let cpu_before = proc_cpu_seconds(pid);
            b.call(reqwest::Method::POST, &format!("/api/campaigns/{id}/start"), None).await?;
            let began = Instant::now();
            let mut rss = Vec::new();
            while began.elapsed() < Duration::from_secs(args.send_seconds) {
                tokio::time::sleep(Duration::from_secs(1)).await;
                rss.push(proc_rss_mb(pid));
            }
            let sends = *sent.lock().unwrap_or_else(std::sync::PoisonError::into_inner) - sent_before;
            let cpu = proc_cpu_seconds(pid) - cpu_before;
            let busy = (cpu - idle_per_second * began.elapsed().as_secs_f64()).max(0.0);
            b.call(reqwest::Method::POST, &format!("/api/campaigns/{id}/pause"), None).await?;
            let mut latencies = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).latencies.clone();
            latencies.sort_by(f64::total_cmp);
            let (low, high) = rss.iter().fold((f64::MAX, 0.0f64), |(l, h), v| (l.min(*v), h.max(*v)));
            println!(
                "  send: {sends} sends in {} s ({:.1}/s at 600/min); server CPU {:.2} ms per send ({:.2} ms with the idle cost); RSS {low:.0}–{high:.0} MB",
                args.send_seconds,
                sends as f64 / args.send_seconds as f64,
                1000.0 * busy / sends.max(1) as f64,
                1000.0 * cpu / sends.max(1) as f64
            );
            println!(
                "  status change → webhook at the receiver: p50 {:.1} ms, p99 {:.1} ms ({} deliveries)",
                quantile(&latencies, 0.5),
                quantile(&latencies, 0.99),
                latencies.len()
            );
        }
    }

    let _ = server.child.kill();
    let _ = server.child.wait();
    scratch.drop_database().await?;
    Ok(())
}
