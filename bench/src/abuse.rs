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

use std::{
    net::SocketAddr,
    process::Command,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::{Context, bail};
use backoffice::{
    bus::wire,
    domain::auth::two_factor::code_at,
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
