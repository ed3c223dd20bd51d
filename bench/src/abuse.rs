//! `bench-abuse`: the hostile probe of the security issue, re-run against a release server
//! (bench/abuse.sh starts the servers, a Redis of its own and a proxy in front of PostgreSQL).
//!
//! * `flood`: one socket sends protocol pings as fast as it can and never reads; the server's RSS
//!   over time and another socket's ping→pong latency meanwhile.
//! * `guess`: wrong passwords on one attendant and one administrator from many addresses
//!   (`X-Forwarded-For` behind `TRUSTED_PROXIES=127.0.0.1`); how many were actually checked
//!   (read from the tenant's `login_failures`) and how long it took.
//! * `codes`: wrong two-factor codes on one login challenge and on "turn two-factor off" from a
//!   live session: how many were answered before the server stopped checking.
//! * `redis-outage`: kills the server's own Redis under a light load of logins and user lists,
//!   then starts it again: latencies meanwhile, `/readyz`, time back to normal.
//! * `pg-outage`: closes the proxy between the server and its PostgreSQL under load, then opens it
//!   again: time to the first 503, the 503s' latency, time back to 200.
//! * `signature`: 2 MB provider events whose `webhook-signature` holds 1 to 4 000 wrong entries:
//!   how long each takes to be refused.
//! * `methods`: 1 500 requests with made-up 50 KB HTTP methods: the server's RSS before and after
//!   (run once without `METRICS_TOKEN`, the recorder idle, and once with it).
//! * `far-cell`: a campaign recipients import of an xlsx holding cells `A1` and one far away
//!   (`XFD1048576`): the answer, how long it took, the server's RSS meanwhile.
//! * `webhook-flood`: one tenant asks for hundreds of webhook tests of an endpoint that takes 14 s
//!   to answer; how many were refused, and how long another tenant's agent reply takes meanwhile
//!   to reach its instance's provider (and without the flood).

use std::{
    collections::{BTreeMap, HashMap},
    net::SocketAddr,
    process::Command,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::{Context, bail};
use backoffice::{
    bus::wire,
    domain::{auth::two_factor::code_at, standard_webhooks},
    entities::tenant::login_failure,
    tenancy::{Databases, TenantName},
};
use clap::{Parser, Subcommand};
use futures::{SinkExt, StreamExt};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use tokio::{net::TcpListener, sync::Mutex};
use tokio_tungstenite::tungstenite::{Message, client::IntoClientRequest, http::HeaderValue};

#[derive(Parser)]
struct Args {
    /// The server, `host:port`.
    #[arg(long, default_value = "127.0.0.1:18095")]
    server: String,
    #[arg(long, default_value = "bench")]
    tenant: String,
    #[command(subcommand)]
    command: Probe,
}

#[derive(Subcommand)]
enum Probe {
    Flood {
        #[arg(long)]
        pid: u32,
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value_t = 20)]
        seconds: u64,
    },
    Guess {
        /// `DATABASE_URL` of the server, to count the checks it recorded.
        #[arg(long)]
        database_url: String,
        #[arg(long)]
        attendant: String,
        #[arg(long)]
        admin: String,
        #[arg(long, default_value_t = 50)]
        addresses: u32,
        #[arg(long, default_value_t = 10)]
        per_address: u32,
    },
    Codes {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value_t = 100)]
        tries: u32,
    },
    RedisOutage {
        #[arg(long)]
        redis_port: u16,
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
    PgOutage {
        /// The proxy listens here; the server's DATABASE_URL points at it.
        #[arg(long)]
        listen: SocketAddr,
        /// The real PostgreSQL.
        #[arg(long)]
        target: SocketAddr,
        /// Started once the proxy listens (`bench/abuse.sh` gives a script that provisions and starts the server).
        #[arg(long)]
        then: String,
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
    Signature {
        /// An administrator of `--tenant`, who creates the instance the events are signed for.
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        /// How many `v1,` entries each event's `webhook-signature` holds, one event per count.
        #[arg(long, value_delimiter = ',', default_value = "1,100,1000,4000")]
        entries: Vec<usize>,
        #[arg(long, default_value_t = 2_000_000)]
        body_bytes: usize,
        /// Events sent per count; the median time is printed.
        #[arg(long, default_value_t = 3)]
        tries: usize,
    },
    Methods {
        #[arg(long)]
        pid: u32,
        #[arg(long, default_value_t = 1500)]
        requests: usize,
        #[arg(long, default_value_t = 50_000)]
        method_bytes: usize,
        /// The server's `METRICS_TOKEN`, when it has one: `/metrics` is read before and after.
        #[arg(long)]
        metrics_token: Option<String>,
    },
    FarCell {
        #[arg(long)]
        pid: u32,
        /// An administrator of `--tenant` (route `campaigns`).
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        /// The far cell of each file (the other is `A1`), one import per cell.
        #[arg(long, value_delimiter = ',', default_value = "SF20000,ALL100000,XFD1048576")]
        cells: Vec<String>,
        /// Seconds an import may take before it counts as unanswered.
        #[arg(long, default_value_t = 30)]
        wait: u64,
    },
    WebhookFlood {
        /// An administrator of `--tenant` (who creates the instance and links the agent to it).
        #[arg(long)]
        admin: String,
        /// An agent of `--tenant`, who replies to the customer.
        #[arg(long)]
        email: String,
        /// Everyone's password.
        #[arg(long)]
        password: String,
        /// The tenant that floods.
        #[arg(long)]
        flooder_tenant: String,
        /// An administrator of the flooding tenant.
        #[arg(long)]
        flooder: String,
        #[arg(long, default_value_t = 300)]
        tests: usize,
        /// How long the flooder's webhook receiver takes to answer each delivery.
        #[arg(long, default_value_t = 14)]
        receiver_seconds: u64,
        /// Seconds a reply may take to reach its provider before it counts as lost.
        #[arg(long, default_value_t = 60)]
        wait: u64,
    },
}

struct Target {
    http: reqwest::Client,
    base: String,
    host: String,
}

impl Target {
    fn new(args: &Args) -> Self {
        Self {
            http: reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("client"),
            base: format!("http://{}", args.server),
            host: format!("{}.localhost", args.tenant),
        }
    }

    /// The same server on another tenant's host.
    fn for_tenant(&self, tenant: &str) -> Self {
        Self { http: self.http.clone(), base: self.base.clone(), host: format!("{tenant}.localhost") }
    }

    /// A JSON request on the tenant's host: the status and the JSON answered (`null` if none).
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> anyhow::Result<(u16, Value)> {
        let mut request = self.http.request(method, format!("{}{path}", self.base)).header("host", &self.host);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await?;
        Ok((response.status().as_u16(), response.json().await.unwrap_or(Value::Null)))
    }

    /// [`Target::call`] that must answer `expected`.
    async fn expect(
        &self,
        expected: u16,
        method: reqwest::Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> anyhow::Result<Value> {
        let (status, answer) = self.call(method.clone(), path, Some(token), body).await?;
        if status != expected {
            bail!("{method} {path} on {} answered {status} (expected {expected}): {answer}", self.host);
        }
        Ok(answer)
    }

    async fn login_from(&self, email: &str, password: &str, address: &str) -> anyhow::Result<(u16, Value)> {
        let response = self
            .http
            .post(format!("{}/api/auth/login", self.base))
            .header("host", &self.host)
            .header("x-forwarded-for", address)
            .json(&json!({ "email": email, "password": password, "ip": null }))
            .send()
            .await?;
        Ok((response.status().as_u16(), response.json().await.unwrap_or(Value::Null)))
    }

    async fn token(&self, email: &str, password: &str) -> anyhow::Result<String> {
        let (status, body) = self.login_from(email, password, "192.0.2.250").await?;
        body["access_token"].as_str().map(str::to_owned).with_context(|| format!("login {status}: {body}"))
    }

    async fn get(&self, path: &str, token: Option<&str>) -> anyhow::Result<u16> {
        let mut request = self.http.get(format!("{}{path}", self.base)).header("host", &self.host);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        Ok(request.send().await?.status().as_u16())
    }

    async fn patch(&self, path: &str, token: &str, body: Value) -> anyhow::Result<(u16, Value)> {
        let response = self
            .http
            .patch(format!("{}{path}", self.base))
            .header("host", &self.host)
            .bearer_auth(token)
            .json(&body)
            .send()
            .await?;
        Ok((response.status().as_u16(), response.json().await.unwrap_or(Value::Null)))
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let target = Target::new(&args);
    match &args.command {
        Probe::Flood { pid, email, password, seconds } => flood(&args, &target, *pid, email, password, *seconds).await,
        Probe::Guess { database_url, attendant, admin, addresses, per_address } => {
            guess(&args, &target, database_url, attendant, admin, *addresses, *per_address).await
        }
        Probe::Codes { email, password, tries } => codes(&target, email, password, *tries).await,
        Probe::RedisOutage { redis_port, email, password, seconds } => {
            redis_outage(&target, *redis_port, email, password, *seconds).await
        }
        Probe::PgOutage { listen, target: pg, then, email, password, seconds } => {
            pg_outage(&target, *listen, *pg, then, email, password, *seconds).await
        }
        Probe::Signature { email, password, entries, body_bytes, tries } => {
            signature(&args, &target, email, password, entries, *body_bytes, *tries).await
        }
        Probe::Methods { pid, requests, method_bytes, metrics_token } => {
            methods(&args, &target, *pid, *requests, *method_bytes, metrics_token.as_deref()).await
        }
        Probe::FarCell { pid, email, password, cells, wait } => {
            far_cell(&target, *pid, email, password, cells, *wait).await
        }
        Probe::WebhookFlood { admin, email, password, flooder_tenant, flooder, tests, receiver_seconds, wait } => {
            let flood = Flood { tests: *tests, receiver: Duration::from_secs(*receiver_seconds), wait: *wait };
            webhook_flood(&args, &target, admin, email, password, flooder_tenant, flooder, flood).await
        }
    }
}

fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open_socket(args: &Args, target: &Target, token: &str) -> anyhow::Result<Socket> {
    let mut request = format!("ws://{}/ws?tenantName={}", args.server, args.tenant).into_client_request()?;
    request.headers_mut().insert("host", HeaderValue::from_str(&target.host)?);
    request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(&format!("bearer.{token}"))?);
    Ok(tokio_tungstenite::connect_async(request).await?.0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn flood(
    args: &Args,
    target: &Target,
    pid: u32,
    email: &str,
    password: &str,
    seconds: u64,
) -> anyhow::Result<()> {
    let token = target.token(email, password).await?;
    let mut calm = open_socket(args, target, &token).await?;
    let flooder = open_socket(args, target, &token).await?;
    let before = rss_mib(pid);
    let (mut sink, _never_read) = flooder.split();
    let sent = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let flooding = {
        let (sent, stop) = (sent.clone(), stop.clone());
        tokio::spawn(async move {
            let payload = vec![7u8; 125];
            while !stop.load(Ordering::Relaxed) {
                if sink.send(Message::Ping(payload.clone().into())).await.is_err() {
                    break;
                }
                sent.fetch_add(1, Ordering::Relaxed);
            }
            Instant::now()
        })
    };
    let started = Instant::now();
    let (mut peak, mut latencies) = (before, Vec::new());
    let ping = wire::ping(&args.tenant, 0);
    while started.elapsed() < Duration::from_secs(seconds) {
        let asked = Instant::now();
        calm.send(Message::Text(ping.clone().into())).await?;
        loop {
            match tokio::time::timeout(Duration::from_secs(5), calm.next()).await {
                Ok(Some(Ok(Message::Text(_)))) => break,
                Ok(Some(Ok(_))) => continue,
                other => bail!("the calm socket stopped answering: {other:?}"),
            }
        }
        latencies.push(asked.elapsed().as_secs_f64() * 1000.0);
        peak = peak.max(rss_mib(pid));
        // Below the per-socket frame budget (2 a second after a burst of 20): this client is calm.
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let cut_at = flooding.await?;
    latencies.sort_by(f64::total_cmp);
    println!(
        "ping flood for {seconds}s: {} frames sent before the server cut the socket off ({:.2}s in); server RSS {before:.1} → peak {peak:.1} MiB (+{:.1}); other socket ping→pong p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sent.load(Ordering::Relaxed),
        cut_at.duration_since(started).as_secs_f64(),
        peak - before,
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN),
    );
    Ok(())
}

async fn checks_recorded(database_url: &str, tenant: &str, email: &str) -> anyhow::Result<(u64, u64)> {
    let mut config = backoffice::config::Config::for_database(database_url.parse().map_err(anyhow::Error::msg)?);
    config.validate().ok();
    let dbs = Databases::connect(&config.database_settings()).await?;
    let name = TenantName::parse(tenant)?;
    let record = backoffice::domain::tenants::find_by_name(dbs.control(), &name).await?;
    let tx = dbs.tenant(&name, &record.pool).await?.begin().await?;
    let rows = || login_failure::Entity::find().filter(login_failure::Column::Email.eq(email));
    let checked =
        rows().filter(login_failure::Column::Reason.is_in(["wrong_password", "locked_out"])).count(&tx).await?;
    let all = rows().count(&tx).await?;
    // Closing waits for every borrowed connection: the transaction must end first.
    tx.commit().await?;
    dbs.close().await;
    Ok((checked, all))
}

async fn guess(
    args: &Args,
    target: &Target,
    database_url: &str,
    attendant: &str,
    admin: &str,
    addresses: u32,
    per_address: u32,
) -> anyhow::Result<()> {
    for (who, email) in [("attendant", attendant), ("administrator", admin)] {
        let started = Instant::now();
        let (mut sent, mut limited) = (0, 0);
        let mut tasks = Vec::new();
        for a in 0..addresses {
            let (http, base, host, email) =
                (target.http.clone(), target.base.clone(), target.host.clone(), email.to_owned());
            tasks.push(tokio::spawn(async move {
                let mut statuses = Vec::new();
                for g in 0..per_address {
                    let address = format!("203.0.{}.{}", a / 250, a % 250 + 1);
                    let status = http
                        .post(format!("{base}/api/auth/login"))
                        .header("host", &host)
                        .header("x-forwarded-for", &address)
                        .json(&json!({ "email": email, "password": format!("Chute#{a}-{g}!"), "ip": null }))
                        .send()
                        .await
                        .map(|r| r.status().as_u16())
                        .unwrap_or(0);
                    statuses.push(status);
                }
                statuses
            }));
        }
        for task in tasks {
            for status in task.await? {
                sent += 1;
                if status == 429 {
                    limited += 1;
                }
            }
        }
        let elapsed = started.elapsed().as_secs_f64();
        let (checked, recorded) = checks_recorded(database_url, &args.tenant, email).await?;
        println!(
            "guessing an {who}: {sent} wrong passwords from {addresses} addresses in {elapsed:.1}s; {limited} refused with 429, {recorded} recorded as failures, {checked} actually checked against the password"
        );
    }
    Ok(())
}

async fn codes(target: &Target, email: &str, password: &str, tries: u32) -> anyhow::Result<()> {
    let token = target.token(email, password).await?;
    let info: Value = target
        .http
        .get(format!("{}/api/auth/userInfo", target.base))
        .header("host", &target.host)
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    let id = info["user"]["id"].as_i64().context("user id")?;
    let settings = format!("/api/user-settings/{id}");
    let (_, enrolled) = target.patch(&settings, &token, json!({ "action": "enroll" })).await?;
    let secret = enrolled["secret"].as_str().context("enroll")?.to_owned();
    let now = || chrono::Utc::now().timestamp() as u64;
    let code = code_at(&secret, now()).context("code")?;
    target.patch(&settings, &token, json!({ "action": "confirm", "code": code })).await?;

    // One login challenge, many wrong codes.
    let (_, first) = target.login_from(email, password, "192.0.2.251").await?;
    let challenge = first["challenge"].as_str().context("challenge")?.to_owned();
    let started = Instant::now();
    let mut refused = 0;
    for i in 0..tries {
        let response = target
            .http
            .post(format!("{}/api/auth/login/two-factor", target.base))
            .header("host", &target.host)
            .header("x-forwarded-for", format!("198.18.{}.{}", i / 250, i % 250 + 1))
            .json(&json!({ "challenge": challenge, "code": format!("{:06}", (i * 7919) % 1_000_000) }))
            .send()
            .await?;
        if response.status() == 401 {
            refused += 1;
        }
    }
    let right = code_at(&secret, now() + 30).context("code")?;
    let final_answer = target
        .http
        .post(format!("{}/api/auth/login/two-factor", target.base))
        .header("host", &target.host)
        .header("x-forwarded-for", "198.18.99.1")
        .json(&json!({ "challenge": challenge, "code": right }))
        .send()
        .await?
        .status()
        .as_u16();
    println!(
        "two-factor login: {tries} wrong codes on one challenge in {:.1}s, {refused} refused with 401; the right code afterwards answered {final_answer} (the challenge dies after 5 wrong ones)",
        started.elapsed().as_secs_f64()
    );

    // Turning two-factor off from a live session, guessing the code.
    let started = Instant::now();
    let (mut checked, mut limited) = (0, 0);
    for i in 0..tries {
        let (status, _) = target
            .patch(
                &settings,
                &token,
                json!({ "action": "disable", "code": format!("{:06}", (i * 104_729) % 1_000_000) }),
            )
            .await?;
        match status {
            422 => checked += 1,
            429 => limited += 1,
            other => bail!("disable answered {other}"),
        }
    }
    println!(
        "two-factor disable: {tries} wrong codes in {:.1}s ({:.0}/s); {checked} checked, {limited} refused with 429",
        started.elapsed().as_secs_f64(),
        f64::from(tries) / started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Logins and user lists at a steady pace while `during` runs; latencies (ms) and statuses.
async fn under_load<F: Future<Output = anyhow::Result<()>>>(
    target: &Target,
    email: &str,
    password: &str,
    per_second: u32,
    during: F,
) -> anyhow::Result<Vec<(f64, f64, u16)>> {
    let samples = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let token = target.token(email, password).await?;
    let start = Instant::now();
    let load = {
        let (samples, stop) = (samples.clone(), stop.clone());
        let (http, base, host, email, password) =
            (target.http.clone(), target.base.clone(), target.host.clone(), email.to_owned(), password.to_owned());
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(1000 / u64::from(per_second.max(1))));
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                tick.tick().await;
                n += 1;
                let (http, base, host, email, password, token, samples) = (
                    http.clone(),
                    base.clone(),
                    host.clone(),
                    email.clone(),
                    password.clone(),
                    token.clone(),
                    samples.clone(),
                );
                tokio::spawn(async move {
                    let asked = Instant::now();
                    let request = if n.is_multiple_of(5) {
                        http.post(format!("{base}/api/auth/login"))
                            .header("host", &host)
                            .header("x-forwarded-for", format!("192.0.2.{}", n % 200 + 1))
                            .json(&json!({ "email": email, "password": password, "ip": null }))
                    } else {
                        http.get(format!("{base}/api/users")).header("host", &host).bearer_auth(&token)
                    };
                    let status = request.send().await.map(|r| r.status().as_u16()).unwrap_or(0);
                    let at = asked.duration_since(start).as_secs_f64();
                    samples.lock().await.push((at, asked.elapsed().as_secs_f64() * 1000.0, status));
                });
            }
        })
    };
    during.await?;
    stop.store(true, Ordering::Relaxed);
    load.await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let samples = samples.lock().await.clone();
    Ok(samples)
}

fn summarize(label: &str, samples: &[(f64, f64, u16)], from: f64, to: f64) {
    let mut window: Vec<f64> =
        samples.iter().filter(|(at, _, _)| *at >= from && *at < to).map(|(_, ms, _)| *ms).collect();
    let errors = samples.iter().filter(|(at, _, s)| *at >= from && *at < to && (*s == 0 || *s >= 500)).count();
    window.sort_by(f64::total_cmp);
    println!(
        "  {label}: {} requests, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, {errors} errors",
        window.len(),
        percentile(&window, 0.5),
        percentile(&window, 0.99),
        window.last().copied().unwrap_or(f64::NAN)
    );
}

async fn readyz(target: &Target) -> String {
    let response = target.http.get(format!("{}/readyz", target.base)).send().await;
    match response {
        Ok(response) => {
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            format!("{status} {}", body["status"].as_str().unwrap_or("?"))
        }
        Err(err) => format!("error {err}"),
    }
}

async fn redis_outage(target: &Target, port: u16, email: &str, password: &str, seconds: u64) -> anyhow::Result<()> {
    let start = Instant::now();
    let marks = Arc::new(Mutex::new((0.0, 0.0, 0.0)));
    let during = {
        let marks = marks.clone();
        async move {
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            let down = start.elapsed().as_secs_f64();
            let _ = Command::new("redis-cli").args(["-p", &port.to_string(), "shutdown", "nosave"]).output();
            tokio::time::sleep(Duration::from_secs(1)).await;
            println!("redis stopped: /readyz {}", readyz(target).await);
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            let up = start.elapsed().as_secs_f64();
            Command::new("redis-server")
                .args([
                    "--port",
                    &port.to_string(),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--daemonize",
                    "yes",
                ])
                .output()?;
            let back = loop {
                if readyz(target).await.starts_with("200 ok") {
                    break start.elapsed().as_secs_f64() - up;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                if start.elapsed().as_secs_f64() - up > 60.0 {
                    bail!("not ready again within 60 s");
                }
            };
            *marks.lock().await = (down, up, back);
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            anyhow::Ok(())
        }
    };
    let samples = under_load(target, email, password, 20, during).await?;
    let (down, up, back) = *marks.lock().await;
    println!("redis outage under 20 req/s (logins and user lists): /readyz back to ok {back:.2}s after Redis returned");
    summarize("before", &samples, 0.0, down);
    summarize("Redis down", &samples, down, up);
    summarize("after it returned", &samples, up, f64::MAX);
    Ok(())
}

async fn pg_outage(
    target: &Target,
    listen: SocketAddr,
    pg: SocketAddr,
    then: &str,
    email: &str,
    password: &str,
    seconds: u64,
) -> anyhow::Result<()> {
    let proxy = Proxy::new(listen, pg);
    proxy.open().await?;
    // The server and its data come up behind the proxy.
    let status = Command::new("bash").arg(then).status()?;
    if !status.success() {
        bail!("{then} failed");
    }
    let start = Instant::now();
    let marks = Arc::new(Mutex::new((0.0, 0.0, f64::NAN, f64::NAN)));
    let during = {
        let (marks, proxy) = (marks.clone(), &proxy);
        async move {
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            let down = start.elapsed().as_secs_f64();
            proxy.close().await;
            let first_503 = loop {
                let asked = Instant::now();
                let status = target.get("/api/auth/userInfo", None).await.unwrap_or(0);
                if status == 503 || status == 404 {
                    break asked.elapsed().as_secs_f64();
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            };
            println!("postgres stopped: /readyz {}", readyz(target).await);
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            let up = start.elapsed().as_secs_f64();
            proxy.open().await?;
            let back = loop {
                if readyz(target).await.starts_with("200") {
                    break start.elapsed().as_secs_f64() - up;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            };
            *marks.lock().await = (down, up, first_503, back);
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            anyhow::Ok(())
        }
    };
    let samples = under_load(target, email, password, 20, during).await?;
    let (down, up, first_503, back) = *marks.lock().await;
    println!(
        "postgres outage under 20 req/s: a request answered 503 in {first_503:.2}s; /readyz ready again {back:.2}s after PostgreSQL returned"
    );
    summarize("before", &samples, 0.0, down);
    summarize("PostgreSQL down (503 expected)", &samples, down, up);
    summarize("after it returned", &samples, up, f64::MAX);
    Ok(())
}

/// A TCP proxy that can cut every connection and refuse new ones, then accept again.
struct Proxy {
    listen: SocketAddr,
    target: SocketAddr,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl Proxy {
    fn new(listen: SocketAddr, target: SocketAddr) -> Self {
        Self { listen, target, tasks: Mutex::new(Vec::new()) }
    }

    async fn open(&self) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(5);
        let listener = loop {
            match TcpListener::bind(self.listen).await {
                Ok(listener) => break listener,
                Err(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(20)).await,
                Err(err) => return Err(err.into()),
            }
        };
        let target = self.target;
        let pipes = Arc::new(std::sync::Mutex::new(Vec::<tokio::task::JoinHandle<()>>::new()));
        let accept = {
            let pipes = pipes.clone();
            tokio::spawn(async move {
                let _pipes_live_with_this_task = PipeGuard(pipes.clone());
                while let Ok((mut client, _)) = listener.accept().await {
                    pipes.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(tokio::spawn(async move {
                        if let Ok(mut server) = tokio::net::TcpStream::connect(target).await {
                            let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                        }
                    }));
                }
            })
        };
        self.tasks.lock().await.push(accept);
        Ok(())
    }

    async fn close(&self) {
        for task in self.tasks.lock().await.drain(..) {
            task.abort();
        }
    }
}

/// Aborts the proxied connections when the accepting task ends (closing the proxy cuts them).
struct PipeGuard(Arc<std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>>);

impl Drop for PipeGuard {
    fn drop(&mut self) {
        for pipe in self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).drain(..) {
            pipe.abort();
        }
    }
}

/// A provider secret in the Standard Webhooks form.
fn new_secret() -> String {
    use base64::Engine;
    format!("whsec_{}", base64::engine::general_purpose::STANDARD.encode(rand::random::<[u8; 24]>()))
}

/// Creates an instance of the tenant whose provider is at `base_url` (on loopback over plain HTTP:
/// the server needs `ALLOW_PRIVATE_PROVIDERS=true`); its id.
async fn create_instance(
    target: &Target,
    token: &str,
    name: &str,
    base_url: &str,
    secret: &str,
) -> anyhow::Result<i32> {
    let body = json!({ "name": name, "providerBaseUrl": base_url, "providerSecret": secret });
    let created = target
        .expect(201, reqwest::Method::POST, "/api/instance", token, Some(body))
        .await
        .context("creating an instance (the server needs ALLOW_PRIVATE_PROVIDERS=true)")?;
    created["id"].as_i64().and_then(|id| i32::try_from(id).ok()).with_context(|| format!("instance: {created}"))
}

/// "401" when every answer was the same, else each with its count ("401×2, connection reset×1").
fn tally(answers: &BTreeMap<String, usize>) -> String {
    match answers.len() {
        1 => answers.keys().next().cloned().unwrap_or_default(),
        _ => answers.iter().map(|(answer, n)| format!("{answer}×{n}")).collect::<Vec<_>>().join(", "),
    }
}

/// What a raw HTTP/1.1 exchange came to.
enum Exchange {
    /// The status line arrived this long after the first byte was sent.
    Answered(u16, Duration),
    /// The connection ended (closed or reset) before a status line, this long after.
    Closed(String, Duration),
    /// Nothing within the wait.
    Silent,
}

impl Exchange {
    /// The answer as a tally key, and how long it took.
    fn answer(&self) -> (String, Option<Duration>) {
        match self {
            Exchange::Answered(status, took) => (status.to_string(), Some(*took)),
            Exchange::Closed(why, took) => (format!("connection {why}"), Some(*took)),
            Exchange::Silent => ("no answer".into(), None),
        }
    }
}

/// Sends `head` then `body` on a connection of its own, writing beside the reading: a server that
/// answers before it has read the body (and may then close) is timed when it answers, not when the
/// upload ends. The write half stays open until the answer is read: a half-closed connection is
/// closed by the server.
async fn exchange(server: &str, head: Vec<u8>, body: Arc<Vec<u8>>, wait: Duration) -> anyhow::Result<Exchange> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let stream = tokio::net::TcpStream::connect(server).await?;
    stream.set_nodelay(true)?;
    let (mut read, mut write) = stream.into_split();
    let started = Instant::now();
    let writer = tokio::spawn(async move {
        if write.write_all(&head).await.is_ok() {
            let _ = write.write_all(&body).await;
        }
        write
    });
    let (mut seen, mut chunk) = (Vec::new(), vec![0u8; 16 * 1024]);
    let outcome = tokio::time::timeout(wait, async {
        loop {
            match read.read(&mut chunk).await {
                Ok(0) => return Exchange::Closed("closed".into(), started.elapsed()),
                Ok(n) => {
                    seen.extend_from_slice(&chunk[..n]);
                    if let Some(end) = seen.windows(2).position(|pair| pair == b"\r\n") {
                        let status = std::str::from_utf8(&seen[..end])
                            .ok()
                            .and_then(|line| line.split(' ').nth(1))
                            .and_then(|code| code.parse().ok())
                            .unwrap_or(0);
                        return Exchange::Answered(status, started.elapsed());
                    }
                }
                Err(err) => return Exchange::Closed(err.kind().to_string(), started.elapsed()),
            }
        }
    })
    .await
    .unwrap_or(Exchange::Silent);
    writer.abort();
    Ok(outcome)
}

/// The server's RSS sampled every 20 ms until [`RssWatch::peak`].
struct RssWatch {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<f64>,
}

impl RssWatch {
    fn start(pid: u32) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let task = {
            let stop = stop.clone();
            tokio::spawn(async move {
                let mut peak = rss_mib(pid);
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    peak = peak.max(rss_mib(pid));
                }
                peak
            })
        };
        Self { stop, task }
    }

    async fn peak(self) -> f64 {
        self.stop.store(true, Ordering::Relaxed);
        self.task.await.unwrap_or(f64::NAN)
    }
}

/// Large provider events whose signature header holds `entries` wrong `v1,` entries each: how long
/// the server takes to refuse them (it used to compute one MAC of the whole body per entry).
async fn signature(
    args: &Args,
    target: &Target,
    email: &str,
    password: &str,
    entries: &[usize],
    body_bytes: usize,
    tries: usize,
) -> anyhow::Result<()> {
    use base64::Engine;
    let token = target.token(email, password).await?;
    let secret = new_secret();
    let instance = create_instance(target, &token, "Sonda de assinaturas", "http://127.0.0.1:9", &secret).await?;
    let path = format!("/api/instance/{instance}/events");
    // A genuine event first: the instance and its secret work, so the refusals below are the
    // signature's, not an unknown instance's.
    let event = json!({ "type": "status", "data": { "status": "connected" } }).to_string();
    let genuine = push_signed(target, instance, &secret, event).await?.as_u16();
    println!("signature: a small event signed with the instance's secret -> {genuine}");
    // A customer's message padded to the size asked: what a provider could send, short of a valid
    // signature.
    let data = json!({
        "id": "sonda-grande", "phone": "+5511987650000", "name": "Sonda", "direction": "in",
        "body": "a".repeat(body_bytes.saturating_sub(160)), "sentAt": chrono::Utc::now().to_rfc3339(),
    });
    let body = Arc::new(json!({ "type": "message", "data": data }).to_string().into_bytes());
    let megabytes = body.len() as f64 / 1_000_000.0;
    for &count in entries {
        let (mut times, mut answers) = (Vec::new(), BTreeMap::new());
        for attempt in 0..tries.max(1) {
            let wrong: Vec<String> = (0..count)
                .map(|_| format!("v1,{}", base64::engine::general_purpose::STANDARD.encode(rand::random::<[u8; 32]>())))
                .collect();
            let head = format!(
                "POST {path} HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nwebhook-id: evt_sonda_{count}_{attempt}\r\nwebhook-timestamp: {}\r\nwebhook-signature: {}\r\n\r\n",
                target.host,
                body.len(),
                chrono::Utc::now().timestamp(),
                wrong.join(" "),
            );
            let outcome = exchange(&args.server, head.into_bytes(), body.clone(), Duration::from_secs(60)).await?;
            let (answer, took) = outcome.answer();
            *answers.entry(answer).or_insert(0) += 1;
            times.extend(took.map(|took| took.as_secs_f64()));
        }
        times.sort_by(f64::total_cmp);
        let plural = if count == 1 { "entry" } else { "entries" };
        println!(
            "signature: {megabytes:.0} MB body, {count} {plural} -> {} in {:.3} s (median of {})",
            tally(&answers),
            percentile(&times, 0.5),
            tries.max(1)
        );
    }
    Ok(())
}

/// Requests with made-up HTTP methods, each different: what they cost the server's memory. A
/// method used to become a metrics label, kept for the life of the process.
async fn methods(
    args: &Args,
    target: &Target,
    pid: u32,
    requests: usize,
    method_bytes: usize,
    metrics_token: Option<&str>,
) -> anyhow::Result<()> {
    let scrape = |token: String| {
        let request = target.http.get(format!("{}/metrics", target.base)).bearer_auth(token);
        async move {
            let response = request.send().await?;
            anyhow::ensure!(response.status() == 200, "/metrics answered {}", response.status());
            anyhow::Ok(response.text().await?)
        }
    };
    let metrics_before = match metrics_token {
        Some(token) => Some(scrape(token.to_owned()).await?),
        None => None,
    };
    let before = rss_mib(pid);
    let watch = RssWatch::start(pid);
    let started = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (next, server, host) = (next.clone(), args.server.clone(), target.host.clone());
        tasks.push(tokio::spawn(async move {
            let (mut answers, empty) = (BTreeMap::new(), Arc::new(Vec::new()));
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= requests {
                    break;
                }
                let method = format!("M{i:06}{}", "X".repeat(method_bytes.saturating_sub(7)));
                let head = format!(
                    "{method} /api/auth/userInfo HTTP/1.1\r\nhost: {host}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                );
                let answer = match exchange(&server, head.into_bytes(), empty.clone(), Duration::from_secs(30)).await {
                    Ok(outcome) => outcome.answer().0,
                    Err(err) => format!("error {err}"),
                };
                *answers.entry(answer).or_insert(0usize) += 1;
            }
            answers
        }));
    }
    let mut answers = BTreeMap::new();
    for task in tasks {
        for (answer, n) in task.await? {
            *answers.entry(answer).or_insert(0) += n;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let peak = watch.peak().await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = rss_mib(pid);
    let recorder =
        if metrics_token.is_some() { "recorder on, METRICS_TOKEN set" } else { "recorder idle, no METRICS_TOKEN" };
    println!(
        "odd methods ({recorder}): {requests} requests with made-up {} KB methods in {elapsed:.1}s -> {}; server RSS {before:.1} → {after:.1} MiB (+{:.1}), peak {peak:.1}",
        method_bytes / 1000,
        tally(&answers),
        after - before,
    );
    if let (Some(token), Some(earlier)) = (metrics_token, metrics_before) {
        let later = scrape(token.to_owned()).await?;
        println!(
            "  /metrics: {:.1} KB before, {:.1} KB after; a made-up method among its labels: {}",
            earlier.len() as f64 / 1024.0,
            later.len() as f64 / 1024.0,
            if later.contains("M000000X") { "yes" } else { "no" }
        );
    }
    Ok(())
}

/// The content type of an xlsx.
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A minimal xlsx (content types, package and workbook relationships, a workbook, one sheet: the
/// parts calamine reads) whose sheet holds `A1` (the header, `telefone`) and the cell `far` (a
/// phone number), nothing between them. Written by hand, stored (not deflated): about 2 KB.
fn far_cell_xlsx(far: &str) -> anyhow::Result<Vec<u8>> {
    let digits = far.find(|c: char| c.is_ascii_digit()).context("a cell is letters then a row number")?;
    let (column, row) = far.split_at(digits);
    let row: u32 = row.parse().context("a cell is letters then a row number")?;
    anyhow::ensure!(
        !column.is_empty() && column.chars().all(|c| c.is_ascii_uppercase()) && row >= 1,
        "{far} is not a cell (letters A-Z then a row number from 1)"
    );
    const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    const RELATIONSHIPS: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const PACKAGE: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
    let header = r#"<c r="A1" t="inlineStr"><is><t>telefone</t></is></c>"#;
    let far_cell = format!(r#"<c r="{far}"><v>5511999990000</v></c>"#);
    let rows = if row == 1 {
        format!(r#"<row r="1">{header}{far_cell}</row>"#)
    } else {
        format!(r#"<row r="1">{header}</row><row r="{row}">{far_cell}</row>"#)
    };
    let xml = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#;
    let files = [
        (
            "[Content_Types].xml",
            format!(
                r#"{xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#
            ),
        ),
        (
            "_rels/.rels",
            format!(
                r#"{xml}<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
            ),
        ),
        (
            "xl/workbook.xml",
            format!(
                r#"{xml}<workbook xmlns="{MAIN}" xmlns:r="{RELATIONSHIPS}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>"#
            ),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            format!(
                r#"{xml}<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#
            ),
        ),
        (
            "xl/worksheets/sheet1.xml",
            format!(
                r#"{xml}<worksheet xmlns="{MAIN}"><dimension ref="A1:{far}"/><sheetData>{rows}</sheetData></worksheet>"#
            ),
        ),
    ];
    Ok(stored_zip(&files))
}

/// A zip of `files`, each stored as it is (method 0), dated 1980-01-01 (the earliest a zip holds).
fn stored_zip(files: &[(&str, String)]) -> Vec<u8> {
    const DATE: u16 = (1 << 5) | 1;
    let (mut zip, mut directory) = (Vec::new(), Vec::new());
    for (name, data) in files {
        let (crc, size, offset, name_length) =
            (crc32(data.as_bytes()), data.len() as u32, zip.len() as u32, name.len() as u16);
        // Local header: signature, version needed, flags, method, time, date, CRC, sizes, name and
        // extra field lengths.
        zip.extend(0x0403_4b50u32.to_le_bytes());
        for half in [20u16, 0, 0, 0, DATE] {
            zip.extend(half.to_le_bytes());
        }
        for word in [crc, size, size] {
            zip.extend(word.to_le_bytes());
        }
        for half in [name_length, 0] {
            zip.extend(half.to_le_bytes());
        }
        zip.extend(name.as_bytes());
        zip.extend(data.as_bytes());
        // Central directory entry: signature, version made by and needed, flags, method, time,
        // date, CRC, sizes, name, extra and comment lengths, disk, internal and external attributes,
        // the local header's offset.
        directory.extend(0x0201_4b50u32.to_le_bytes());
        for half in [20u16, 20, 0, 0, 0, DATE] {
            directory.extend(half.to_le_bytes());
        }
        for word in [crc, size, size] {
            directory.extend(word.to_le_bytes());
        }
        for half in [name_length, 0, 0, 0, 0] {
            directory.extend(half.to_le_bytes());
        }
        for word in [0u32, offset] {
            directory.extend(word.to_le_bytes());
        }
        directory.extend(name.as_bytes());
    }
    let (count, directory_size, directory_offset) = (files.len() as u16, directory.len() as u32, zip.len() as u32);
    zip.extend(directory);
    // End of central directory: signature, disk numbers, entries (this disk, all), the directory's
    // size and offset, comment length.
    zip.extend(0x0605_4b50u32.to_le_bytes());
    for half in [0u16, 0, count, count] {
        zip.extend(half.to_le_bytes());
    }
    for word in [directory_size, directory_offset] {
        zip.extend(word.to_le_bytes());
    }
    zip.extend(0u16.to_le_bytes());
    zip
}

/// CRC-32 (IEEE, as zip uses it), bit by bit: the files are a few hundred bytes.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// Campaign recipient imports of xlsx files holding `A1` and one far cell each: the answer, how
/// long it took, the server's RSS meanwhile. The first that is not answered within `wait` ends
/// the probe (the server is still reading it).
async fn far_cell(
    target: &Target,
    pid: u32,
    email: &str,
    password: &str,
    cells: &[String],
    wait: u64,
) -> anyhow::Result<()> {
    let token = target.token(email, password).await?;
    for cell in cells {
        let file = far_cell_xlsx(cell)?;
        let size = file.len();
        let before = rss_mib(pid);
        let watch = RssWatch::start(pid);
        let asked = Instant::now();
        // The route reads the raw body (no multipart): the file's bytes, its type in Content-Type.
        let response = target
            .http
            .post(format!("{}/api/campaigns/recipients/import", target.base))
            .header("host", &target.host)
            .header("content-type", XLSX)
            .bearer_auth(&token)
            .body(file)
            .timeout(Duration::from_secs(wait))
            .send()
            .await;
        let answer = match response {
            Ok(response) => {
                let status = response.status().as_u16();
                let body: Value = response.json().await.unwrap_or(Value::Null);
                match (body["code"].as_str(), body["contacts"].as_array()) {
                    (Some(code), _) => Some(format!("{status} {code}")),
                    (None, Some(contacts)) => Some(format!(
                        "{status} ({} contacts, {} row errors)",
                        contacts.len(),
                        body["errors"].as_array().map_or(0, Vec::len)
                    )),
                    (None, None) => Some(status.to_string()),
                }
            }
            Err(err) if err.is_timeout() => None,
            Err(err) => Some(format!("error {err}")),
        };
        let took = asked.elapsed().as_secs_f64();
        let peak = watch.peak().await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let after = rss_mib(pid);
        let rss = format!(
            "server RSS {before:.1} → peak {peak:.1} MiB (+{:.1}), {after:.1} MiB half a second later",
            peak - before
        );
        match answer {
            Some(answer) => println!("far-cell xlsx: A1 + {cell} ({size} bytes) -> {answer} in {took:.3} s; {rss}"),
            None => {
                println!("far-cell xlsx: A1 + {cell} ({size} bytes) -> no answer in {wait} s; {rss}");
                println!("  the cells after it are skipped: the server is still reading this file");
                break;
            }
        }
    }
    Ok(())
}

/// What `webhook-flood` does: how many tests, how slow the flooder's receiver, how long a reply may
/// take to arrive.
struct Flood {
    tests: usize,
    receiver: Duration,
    wait: u64,
}

/// When each message reached the fake provider, by its `clientId`.
type Arrivals = Arc<std::sync::Mutex<HashMap<String, Instant>>>;

/// The replying tenant's instance provider: records when each `POST {base}/messages` arrives and
/// answers a new id at once. Answers its base URL.
async fn recording_provider(arrivals: Arrivals) -> anyhow::Result<String> {
    use axum::{Json, Router, body::Bytes, routing::post};
    let serial = Arc::new(AtomicU64::new(0));
    let app = Router::new().route(
        "/messages",
        post(move |body: Bytes| {
            let (arrivals, serial) = (arrivals.clone(), serial.clone());
            async move {
                let at = Instant::now();
                let sent: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                let client_id = sent["clientId"].as_str().unwrap_or_default().to_owned();
                arrivals.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(client_id, at);
                Json(json!({ "id": format!("SONDA{}", serial.fetch_add(1, Ordering::Relaxed)) }))
            }
        }),
    );
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{address}"))
}

/// The flooding tenant's webhook receiver: answers 200 after `delay`, counts what came.
async fn slow_receiver(delay: Duration, reached: Arc<AtomicU64>) -> anyhow::Result<String> {
    use axum::{Router, routing::post};
    let app = Router::new().route(
        "/hook",
        post(move || {
            let reached = reached.clone();
            async move {
                reached.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(delay).await;
                "ok"
            }
        }),
    );
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{address}/hook"))
}

/// The agent's reply on `ticket`: the API's status and how long it took to answer, and how long
/// from the send until the provider had it (`None`: not within `wait` seconds).
async fn reply(
    target: &Target,
    token: &str,
    ticket: i64,
    client_id: &str,
    arrivals: &Arrivals,
    wait: u64,
) -> anyhow::Result<(u16, f64, Option<f64>)> {
    let body = json!({ "body": format!("Já verifico seu pedido ({client_id})."), "clientId": client_id });
    let asked = Instant::now();
    let (status, _) =
        target.call(reqwest::Method::POST, &format!("/api/tickets/{ticket}/messages"), Some(token), Some(body)).await?;
    let answered = asked.elapsed().as_secs_f64();
    if status != 201 {
        return Ok((status, answered, None));
    }
    let deadline = asked + Duration::from_secs(wait);
    loop {
        let arrived = arrivals.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(client_id).copied();
        if let Some(at) = arrived {
            return Ok((status, answered, Some(at.duration_since(asked).as_secs_f64())));
        }
        if Instant::now() >= deadline {
            return Ok((status, answered, None));
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn print_reply(tenant: &str, when: &str, (status, answered, arrived): (u16, f64, Option<f64>), wait: u64) {
    let reached = match arrived {
        Some(arrived) => format!("reached its provider {arrived:.3} s after it was sent"),
        None if status == 201 => format!("had not reached its provider after {wait} s"),
        None => "was not sent".into(),
    };
    println!(
        "reply: tenant {tenant}'s agent, {when}: the API answered {status} in {answered:.3} s; the message {reached}"
    );
}

/// One tenant floods webhook tests of a slow endpoint; another's agent replies to a customer,
/// before and during the flood.
#[allow(clippy::too_many_arguments)]
async fn webhook_flood(
    args: &Args,
    target: &Target,
    admin: &str,
    email: &str,
    password: &str,
    flooder_tenant: &str,
    flooder: &str,
    flood: Flood,
) -> anyhow::Result<()> {
    use reqwest::Method;
    let arrivals = Arrivals::default();
    let provider = recording_provider(arrivals.clone()).await?;
    let secret = new_secret();
    let admin_token = target.token(admin, password).await?;
    let instance = create_instance(target, &admin_token, "Sonda de respostas", &provider, &secret).await?;
    // The agent answers on that instance (a new session sees the link).
    let agent_token = target.token(email, password).await?;
    let info = target.expect(200, Method::GET, "/api/auth/userInfo", &agent_token, None).await?;
    let agent = info["user"]["id"].as_i64().context("the agent's id")?;
    let link = json!({ "chosen_instances": [instance] });
    target.expect(200, Method::PUT, &format!("/api/users/{agent}"), &admin_token, Some(link)).await?;
    let agent_token = target.token(email, password).await?;
    // A customer writes: the signed provider event opens a ticket, which the agent takes.
    let event = json!({ "type": "message", "data": {
        "id": format!("sonda-{instance}"), "phone": "+5511987650001", "name": "Cliente Sonda",
        "direction": "in", "body": "Oi, meu pedido não chegou", "sentAt": chrono::Utc::now().to_rfc3339(),
    } })
    .to_string();
    let pushed = push_signed(target, instance, &secret, event).await?;
    anyhow::ensure!(pushed == 200, "the customer's message answered {pushed}");
    let tickets = target.expect(200, Method::GET, "/api/tickets", &agent_token, None).await?;
    let ticket = tickets["data"]
        .as_array()
        .and_then(|all| all.iter().find(|t| t["instance"]["id"] == instance).or(all.first()))
        .and_then(|t| t["id"].as_i64())
        .with_context(|| format!("no ticket opened: {tickets}"))?;
    target.expect(200, Method::POST, &format!("/api/tickets/{ticket}/accept"), &agent_token, None).await?;

    let calm = reply(target, &agent_token, ticket, "sonda-calma", &arrivals, flood.wait).await?;
    print_reply(&args.tenant, "no flood", calm, flood.wait);

    // The flooder's endpoint takes its time; its tests pile up in the worker's queue.
    let other = target.for_tenant(flooder_tenant);
    let flooder_token = other.token(flooder, password).await?;
    let reached = Arc::new(AtomicU64::new(0));
    let hook = slow_receiver(flood.receiver, reached.clone()).await?;
    let endpoint = json!({ "url": hook, "events": ["campaign.status"], "description": "Sonda lenta" });
    let endpoint = other
        .expect(201, Method::POST, "/api/webhooks", &flooder_token, Some(endpoint))
        .await
        .context("creating the webhook (the server needs ALLOW_PRIVATE_WEBHOOKS=true)")?;
    let endpoint = endpoint["id"].as_i64().context("the endpoint's id")?;
    let test = format!("/api/webhooks/{endpoint}/test");
    let started = Instant::now();
    let statuses: Vec<u16> = futures::stream::iter(0..flood.tests)
        .map(|_| {
            let (other, token, test) = (&other, &flooder_token, &test);
            async move { other.call(Method::POST, test, Some(token), None).await.map_or(0, |(status, _)| status) }
        })
        .buffer_unordered(20)
        .collect()
        .await;
    let mut answers = BTreeMap::new();
    for status in &statuses {
        *answers.entry(*status).or_insert(0usize) += 1;
    }
    let count = |status: u16| answers.get(&status).copied().unwrap_or(0);
    let others: Vec<String> =
        answers.iter().filter(|(s, _)| **s != 202 && **s != 429).map(|(s, n)| format!("{s}×{n}")).collect();
    println!(
        "webhook tests: tenant {flooder_tenant} asked {} tests of an endpoint that answers in {} s, in {:.1} s: {} accepted (202), {} refused (429), {} other{}",
        flood.tests,
        flood.receiver.as_secs(),
        started.elapsed().as_secs_f64(),
        count(202),
        count(429),
        statuses.len() - count(202) - count(429),
        if others.is_empty() { String::new() } else { format!(" ({})", others.join(", ")) },
    );
    let flooded = reply(target, &agent_token, ticket, "sonda-inundada", &arrivals, flood.wait).await?;
    print_reply(&args.tenant, &format!("while {flooder_tenant} floods"), flooded, flood.wait);
    println!("  the slow receiver had been called {} times by then", reached.load(Ordering::Relaxed));
    // The endpoint goes with its queued deliveries: a server started over this data starts quiet.
    let _ = other.call(Method::DELETE, &format!("/api/webhooks/{endpoint}"), Some(&flooder_token), None).await;
    Ok(())
}

/// Posts `event` to instance `instance`'s events path, signed with `secret` as its provider would.
async fn push_signed(
    target: &Target,
    instance: i32,
    secret: &str,
    event: String,
) -> anyhow::Result<reqwest::StatusCode> {
    let (id, timestamp) = (format!("evt_sonda_{instance}"), chrono::Utc::now().timestamp());
    Ok(target
        .http
        .post(format!("{}/api/instance/{instance}/events", target.base))
        .header("host", &target.host)
        .header("content-type", "application/json")
        .header("webhook-id", &id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", standard_webhooks::sign(secret, &id, timestamp, event.as_bytes()))
        .body(event)
        .send()
        .await?
        .status())
}
