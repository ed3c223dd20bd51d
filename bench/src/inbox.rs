//! Inbox benchmark (issue #12): a tenant seeded with ~100 000 tickets and ~1 000 000 messages, the
//! release server over it, and
//! - `GET /api/tickets` (first page, a common-surname search, a phone search) and a 50-message
//!   page of a conversation under wrk with 64 connections, each also as a share of the same
//!   server's `/healthz` rate measured in the same run;
//! - inbound ingest through the signed endpoint: the sustained rate with 64 providers pushing as
//!   fast as they can, the same with `wrk` sending events signed beforehand (the load generator's
//!   cost out of the way), then the latency at a steady 500 messages/s — all with the tenant's bot
//!   off (the inbox alone) — and once more as fast as pushed with the demo's bot on. Those messages
//!   each open a ticket (the most a message costs, [`Mix::Openings`]); the rate and the steady
//!   latency are then measured again on conversations, where one message in ten opens a ticket
//!   ([`Mix::Conversations`]);
//! - the bot's cost per inbound message: the same conversations at a steady 500 messages/s with
//!   the tenant's bot off, then on (issue #15);
//! - from an inbound POST to the `ChatNotification` frame on an administrator's socket, p50/p99
//!   at 100 messages/s.
//!
//! Run: `bash bench/inbox.sh` (both backends), or
//! `cargo build --release -p backoffice-server && cargo run --release -p backoffice-bench --bin
//! bench-inbox -- [--postgres postgres://postgres@127.0.0.1:5432/postgres]` (needs wrk).

mod common;

use std::{
    collections::HashMap,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::Context;
use backoffice::{
    bus::wire,
    demo::{DemoOptions, seed_demo},
    domain::{
        events::Discard,
        instances::{self, InstanceChanges, provider::ProviderConfig},
        passwords, standard_webhooks,
        unit::Unit,
    },
    entities::tenant::customer,
    random::random_token,
};
use clap::Parser;
use common::{Scratch, quantile, report, wrk};
use futures::StreamExt;
use rand::{
    Rng,
    seq::{IndexedRandom, IteratorRandom},
};
use sea_orm::{ConnectionTrait, EntityTrait, QuerySelect};
use serde_json::json;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::{Message, client::IntoClientRequest, http::HeaderValue};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Tickets ≈ customers × days / 5; messages = tickets × messages-per-ticket.
    #[arg(long, default_value_t = 16_667)]
    customers: u32,
    #[arg(long, default_value_t = 30)]
    days: u32,
    #[arg(long, default_value_t = 10)]
    messages_per_ticket: u32,
    /// Seconds of wrk load per endpoint.
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    /// Seconds of each ingest phase.
    #[arg(long, default_value_t = 15)]
    ingest_seconds: u64,
    #[arg(long, default_value_t = 18095)]
    port: u16,
    /// Messages per second of the bot phase (the goal is at 500; a machine that cannot
    /// ingest that many without the bot says nothing about the bot's own cost there).
    #[arg(long, default_value_t = 500.0)]
    bot_rate: f64,
    /// What to measure (for profiling one part): reads, ingest, bot, notify.
    #[arg(long, value_delimiter = ',', default_value = "reads,ingest,bot,notify")]
    phases: Vec<String>,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "inbox").await?;
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    let provider_secret =
        format!("whsec_{}", base64::Engine::encode(&base64::prelude::BASE64_STANDARD, random_token(32)));

    let sink = provider_sink().await?;
    let started = Instant::now();
    let (instance_ids, phones) = prepare(&config, &args, &provider_secret, &sink).await?;
    println!(
        "== {} (seeded in {:.0} s)",
        if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" },
        started.elapsed().as_secs_f64()
    );

    let mut server =
        common::start_server(&scratch, temp.path(), &jwt, args.port, &[("ALLOW_PRIVATE_PROVIDERS", "true")])?;
    let cpu = Cpu { server_pid: server.id(), postgres: scratch.is_postgres() };
    let result = measure(&args, &provider_secret, &instance_ids, &phones, cpu).await;
    let _ = server.kill();
    let _ = server.wait();
    scratch.drop_database().await?;
    result
}

/// The bench tenant: demo data at scale, no monthly ticket limit (ingest opens many tickets), an
/// administrator who sees everything, and instances whose provider signs with `provider_secret`.
async fn prepare(
    config: &backoffice::config::Config,
    args: &Args,
    provider_secret: &str,
    sink: &str,
) -> anyhow::Result<(Vec<i32>, Vec<String>)> {
    let (dbs, db) = common::unlimited_bench_tenant(config, "admin@bench.example", PASSWORD).await?;
    let tx = db.begin().await?;
    let options = DemoOptions {
        customers: args.customers,
        days: args.days,
        agents: 20,
        messages_per_ticket: args.messages_per_ticket,
        password_hash: passwords::hash(passwords::NEW_ACCOUNTS, PASSWORD).await,
        rng_seed: 7,
    };
    let summary = seed_demo(&tx, &options, &|_| {}).await?;
    tx.commit().await?;
    println!("data: {} tickets, {} messages, {} customers", summary.tickets, summary.messages, summary.customers);

    let unit = Unit::begin(&db, Arc::new(Discard)).await?;
    let secrets = config.secrets();
    let all = instances::list(&unit, &[]).await?;
    for instance in &all {
        let provider = ProviderConfig::parse(sink, provider_secret, true)?;
        instances::update(
            &unit,
            &secrets,
            instance.id,
            InstanceChanges { provider: Some(instances::ConnectionInput::Generic(provider)), ..Default::default() },
        )
        .await?;
    }
    unit.commit().await?;
    let tx = db.begin().await?;
    let phones: Vec<String> =
        customer::Entity::find().select_only().column(customer::Column::Phone).into_tuple().all(&tx).await?;
    tx.commit().await?;
    if let backoffice::config::DatabaseUrl::Postgres { .. } = &config.database_url {
        // Statistics and a visibility map, as a database in use has (autovacuum): a freshly loaded
        // one has neither until autovacuum passes, perhaps in the middle of a measurement.
        dbs.control().execute_unprepared("VACUUM ANALYZE").await?;
    }
    dbs.close().await;
    Ok((all.iter().map(|i| i.id).collect(), phones))
}

/// The instances' provider on the sending side: accepts every message at once (the bot's replies
/// go out through the outbox while the benchmark pushes; a dead address would make the worker
/// retry each one six times and measure that instead). Answers its base URL.
async fn provider_sink() -> anyhow::Result<String> {
    use axum::{Json, Router, routing::post};
    let serial = Arc::new(AtomicU64::new(0));
    let app = Router::new().route(
        "/messages",
        post(move || {
            let n = serial.fetch_add(1, Ordering::Relaxed);
            async move { Json(json!({ "id": format!("SINK{n}") })) }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{address}"))
}

/// Pushes signed provider events to the server.
struct Provider {
    http: reqwest::Client,
    base: String,
    secret: String,
    instances: Vec<i32>,
    /// Customers who wrote before (70% of the conversations opened) and new numbers (30%).
    phones: Vec<String>,
    serial: AtomicU64,
    /// Whether nine messages in ten continue one of the [`Provider::opened`] conversations
    /// ([`Mix::Conversations`]) instead of each opening one ([`Mix::Openings`]).
    continuing: AtomicBool,
    /// Conversations this run opened, as (instance, phone): the latest [`OPENED_KEPT`], at random.
    opened: std::sync::Mutex<Vec<(i32, String)>>,
}

/// How pushed messages fall into conversations.
#[derive(Clone, Copy)]
enum Mix {
    /// Every message from a customer who wrote before (70%) or a new number (30%), on any
    /// instance: almost every one opens a ticket (its customer has none open there) — the most
    /// each message can cost the inbox.
    Openings,
    /// Nine messages in ten continue a conversation this run opened (an open ticket); the tenth
    /// opens one as [`Mix::Openings`] does: a ticket every ten messages, as the seeded tickets have.
    Conversations,
}

/// How many opened conversations the provider keeps to continue.
const OPENED_KEPT: usize = 1_024;

impl Provider {
    fn set_mix(&self, mix: Mix) {
        self.continuing.store(matches!(mix, Mix::Conversations), Ordering::Relaxed);
    }

    /// Where the next message goes when no phone was chosen: a conversation to continue (see
    /// [`Mix`]), or a new one on `on` (`None`: any instance) from a customer who wrote before (70%)
    /// or a new number.
    fn next_conversation(&self, on: Option<i32>) -> anyhow::Result<(i32, String)> {
        let mut rng = rand::rng();
        let mut opened = self.opened.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.continuing.load(Ordering::Relaxed) && rng.random_bool(0.9) {
            let mut candidates = opened.iter().filter(|(i, _)| on.is_none_or(|on| on == *i));
            if let Some(conversation) = IteratorRandom::choose(&mut candidates, &mut rng) {
                return Ok(conversation.clone());
            }
        }
        let instance = match on {
            Some(instance) => instance,
            None => *self.instances.choose(&mut rng).context("no instance")?,
        };
        let phone = if rng.random_bool(0.7) {
            self.phones.choose(&mut rng).cloned().unwrap_or_default()
        } else {
            format!("+55119{:08}", rng.random_range(0..100_000_000u32))
        };
        if opened.len() < OPENED_KEPT {
            opened.push((instance, phone.clone()));
        } else {
            let replaced = rng.random_range(0..OPENED_KEPT);
            opened[replaced] = (instance, phone.clone());
        }
        Ok((instance, phone))
    }

    /// One customer message (`body`, or a generated one); answers the HTTP status.
    async fn push(&self, phone: Option<&str>, body: Option<&str>) -> anyhow::Result<u16> {
        self.push_on(None, phone, body).await
    }

    /// [`Provider::push`] on one instance (`None`: any); any answer but 200 is an error with its body.
    async fn push_on(&self, on: Option<i32>, phone: Option<&str>, body: Option<&str>) -> anyhow::Result<u16> {
        let event = self.sign(on, phone, body)?;
        let response = self
            .http
            .post(format!("{}{}", self.base, event.path))
            .header("host", HOST)
            .header("content-type", "application/json")
            .header("webhook-id", &event.id)
            .header("webhook-timestamp", event.timestamp.to_string())
            .header("webhook-signature", event.signature)
            .body(event.body)
            .send()
            .await?;
        let status = response.status().as_u16();
        if status != 200 {
            // The answer's code says which rule refused it (a 409 names the collision).
            let body = response.text().await.unwrap_or_default();
            anyhow::bail!("answered {status}: {}", body.chars().take(300).collect::<String>());
        }
        Ok(status)
    }

    /// The next customer message, signed: on `on`, from `phone`, saying `body` (where `None`, what
    /// [`Provider::next_conversation`] chooses and a generated text).
    fn sign(&self, on: Option<i32>, phone: Option<&str>, body: Option<&str>) -> anyhow::Result<SignedEvent> {
        let n = self.serial.fetch_add(1, Ordering::Relaxed);
        let (instance, phone) = match (on, phone) {
            (Some(instance), Some(phone)) => (instance, phone.to_owned()),
            (None, Some(phone)) => (*self.instances.choose(&mut rand::rng()).context("no instance")?, phone.to_owned()),
            (on, None) => self.next_conversation(on)?,
        };
        let event = json!({ "type": "message", "data": {
            "id": format!("BENCH{n}-{}", random_token(6)),
            "phone": phone,
            "name": "Cliente Bench",
            "direction": "in",
            "body": body.map(str::to_owned).unwrap_or_else(|| format!("mensagem de teste {n}")),
            "sentAt": chrono::Utc::now().to_rfc3339(),
        } });
        let body = event.to_string();
        let id = format!("evt_{n}_{}", random_token(6));
        let timestamp = chrono::Utc::now().timestamp();
        let signature = standard_webhooks::sign(&self.secret, &id, timestamp, body.as_bytes());
        Ok(SignedEvent { path: format!("/api/instance/{instance}/events"), id, timestamp, signature, body })
    }
}

/// One provider event ready to send.
struct SignedEvent {
    path: String,
    id: String,
    timestamp: i64,
    signature: String,
    body: String,
}

/// Prints what the first few failed pushes got (a status and its body, or the client's error) and
/// counts every failure by kind ([`failure_kinds`]): a count of failures alone does not say whether
/// the server refused (and with which status), failed or the connection did.
fn say_failure(outcome: &anyhow::Result<u16>) {
    static SAID: AtomicU64 = AtomicU64::new(0);
    if SAID.fetch_add(1, Ordering::Relaxed) < 5 {
        match outcome {
            Ok(status) => eprintln!("  a push was answered {status}"),
            Err(error) => eprintln!("  a push failed: {error:#}"),
        }
    }
    let kind = match outcome {
        Ok(status) => format!("answered {status}"),
        Err(error) => {
            let text = format!("{error:#}");
            match text.strip_prefix("answered ") {
                Some(rest) => format!("answered {}", rest.split(':').next().unwrap_or(rest)),
                None if text.contains("reset by peer") => "connection reset".to_owned(),
                None if text.contains("connection closed") => "connection closed".to_owned(),
                None => "other client error".to_owned(),
            }
        }
    };
    *FAILURES.lock().unwrap_or_else(std::sync::PoisonError::into_inner).entry(kind).or_default() += 1;
}

/// Failed pushes by kind since the last [`failure_kinds`].
static FAILURES: std::sync::Mutex<std::collections::BTreeMap<String, u64>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

/// The failures counted since the last call, as `kind ×count, …` (empty when none), and forgets them.
fn failure_kinds() -> String {
    let kinds = std::mem::take(&mut *FAILURES.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    kinds.iter().map(|(kind, count)| format!("{kind} ×{count}")).collect::<Vec<_>>().join(", ")
}

/// Whose CPU time a phase's cost per message counts ([`common::CpuTime`]).
#[derive(Clone, Copy)]
struct Cpu {
    server_pid: u32,
    postgres: bool,
}

impl Cpu {
    fn now(&self) -> common::CpuTime {
        common::CpuTime::now(self.server_pid, self.postgres)
    }
}

async fn measure(args: &Args, secret: &str, instances: &[i32], phones: &[String], cpu: Cpu) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let token = common::login(&client, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);
    let provider = Arc::new(Provider {
        http: reqwest::Client::builder().pool_max_idle_per_host(128).build()?,
        base: base.clone(),
        secret: secret.to_owned(),
        instances: instances.to_vec(),
        phones: phones.to_vec(),
        serial: AtomicU64::new(0),
        continuing: AtomicBool::new(false),
        opened: Default::default(),
    });

    // A conversation of 60 messages, for a full 50-message page.
    let long_phone = "+5511900000042";
    for n in 0..60 {
        anyhow::ensure!(provider.push(Some(long_phone), Some(&format!("linha {n}"))).await? == 200, "push refused");
    }
    let page: serde_json::Value = client
        .get(format!("{base}/api/tickets?search=900000042"))
        .header("host", HOST)
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    let long_ticket = page["data"][0]["id"].as_i64().context("the long conversation's ticket")?;

    let phase = |name: &str| args.phases.iter().any(|p| p == name);
    let duration = format!("{}s", args.seconds);
    let auth = format!("Authorization: Bearer {token}");
    let load = |path: &str| -> anyhow::Result<common::WrkResult> {
        wrk(&["-t2", "-c64", "-d", &duration, "-H", &format!("Host: {HOST}"), "-H", &auth, &format!("{base}{path}")])
    };
    let healthz = load("/healthz")?;
    let rate = healthz.requests_per_second;
    println!("-- reads (wrk, 2 threads, 64 connections, {duration} each)");
    report("/healthz", &healthz, rate);
    for (label, path) in [
        ("GET /api/tickets (first page of 30)", "/api/tickets".to_owned()),
        ("GET /api/tickets?status=pending", "/api/tickets?status=pending".to_owned()),
        ("GET /api/tickets?search=silva", "/api/tickets?search=silva".to_owned()),
        ("GET /api/tickets?search=<8 phone digits>", format!("/api/tickets?search={}", &phones[phones.len() / 2][5..])),
        ("GET /api/tickets/{id}/messages?limit=50", format!("/api/tickets/{long_ticket}/messages?limit=50")),
    ] {
        if phase("reads") {
            report(label, &load(&path)?, rate);
        }
    }

    if phase("ingest") {
        // The inbox alone: the demo's bot would greet every ticket a message opens — most of this
        // phase's messages — and its replies go out through the outbox, its cost measured apart
        // (the bot phase). One more run with it on shows what a tenant with the bot pays.
        let mut bot = BotSwitch::read(&client, &base, &token).await?;
        bot.set(false).await?;
        ingest_rates(&provider, args, cpu).await;
        bot.set(true).await?;
        ingest_with_bot(&provider, args, cpu).await;
    }
    if phase("bot") {
        bot_cost(&provider, &client, &base, &token, args.bot_rate, Duration::from_secs(args.ingest_seconds)).await?;
    }
    if phase("notify") {
        println!("-- inbound POST → ChatNotification on an administrator's socket, 100 messages/s");
        let latencies = notify_latency(&provider, &token, args.port, Duration::from_secs(args.ingest_seconds)).await?;
        println!(
            "  {} notifications  p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms",
            latencies.len(),
            quantile(&latencies, 0.5),
            quantile(&latencies, 0.99),
            latencies.last().copied().unwrap_or(f64::NAN)
        );
    }
    Ok(())
}

/// The sustained ingest rate — pushed by this process's signing clients, then by `wrk` with events
/// signed beforehand — and the latency at a steady 500 messages/s.
async fn ingest_rates(provider: &Arc<Provider>, args: &Args, cpu: Cpu) {
    println!(
        "-- ingest, openings (signed POST /api/instance/{{id}}/events; each message opens a ticket: a customer \
         who wrote before 70%, a new number 30%; bot off)"
    );
    ingest_line("as fast as 64 providers can push:", provider, args, cpu, None).await;
    match ingest_presigned(provider, args, cpu) {
        Ok(()) => {}
        Err(error) => println!("  wrk with events signed beforehand: not measured ({error:#})"),
    }
    ingest_line("steady 500 messages/s:", provider, args, cpu, Some(500.0)).await;
    println!("-- ingest, conversations (9 messages in 10 continue an open ticket, 1 opens one; bot off)");
    provider.set_mix(Mix::Conversations);
    ingest_line("as fast as 64 providers can push:", provider, args, cpu, None).await;
    ingest_line("steady 500 messages/s:", provider, args, cpu, Some(500.0)).await;
    provider.set_mix(Mix::Openings);
}

/// The sustained ingest rate with the tenant's bot on: it greets each ticket a message opens.
async fn ingest_with_bot(provider: &Arc<Provider>, args: &Args, cpu: Cpu) {
    ingest_line("bot on, as fast as 64 providers push:", provider, args, cpu, None).await;
}

/// Pushes for the phase's length (at `rate`, or as fast as 64 providers can) and prints the rate,
/// the latencies and the CPU per message under `label`.
async fn ingest_line(label: &str, provider: &Arc<Provider>, args: &Args, cpu: Cpu, rate: Option<f64>) {
    let before = cpu.now();
    let (count, failed, latencies) = ingest(provider, 64, rate, Duration::from_secs(args.ingest_seconds)).await;
    let used = cpu.now().since(&before);
    println!(
        "  {label:<37}{:>6.0} messages/s ({failed} failed)  p50 {:.1} ms  p99 {:.1} ms",
        count as f64 / args.ingest_seconds as f64,
        quantile(&latencies, 0.5),
        quantile(&latencies, 0.99)
    );
    println!("    CPU: {}", used.per(count, "message"));
    if failed > 0 {
        println!("    failures: {}", failure_kinds());
    }
}

/// The sustained ingest rate with the load generator's cost taken out of the machine's two cores:
/// the events are signed before the clock starts and `wrk` (64 connections, `bench/wrk/presigned.lua`)
/// sends each once. The signing clients above spend a tenth of the server's CPU per message
/// (docs/performance.md#what-the-load-generator-costs): this shows the rate is the server's.
fn ingest_presigned(provider: &Provider, args: &Args, cpu: Cpu) -> anyhow::Result<()> {
    use std::io::Write;
    const MOST_PER_SECOND: u64 = 5_000;
    const THREADS: usize = 2;
    let dir = std::env::temp_dir().join(format!("bench-inbox-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let (events, script) = (dir.join("events.tsv"), dir.join("presigned.lua"));
    std::fs::write(&script, include_str!("../wrk/presigned.lua"))?;
    let mut file = std::io::BufWriter::new(std::fs::File::create(&events)?);
    for _ in 0..MOST_PER_SECOND * args.ingest_seconds {
        let event = provider.sign(None, None, None)?;
        // The body is compact JSON: it holds no tab or newline of its own.
        writeln!(file, "{}\t{}\t{}\t{}\t{}", event.path, event.id, event.timestamp, event.signature, event.body)?;
    }
    file.flush()?;
    drop(file);
    let (events_arg, script_arg) = (events.display().to_string(), script.display().to_string());
    let duration = format!("{}s", args.ingest_seconds);
    let threads = THREADS.to_string();
    let before = cpu.now();
    let result = wrk(&[
        &format!("-t{THREADS}"),
        "-c64",
        "-d",
        &duration,
        "-s",
        &script_arg,
        &provider.base,
        "--",
        &events_arg,
        &threads,
        HOST,
    ]);
    let used = cpu.now().since(&before);
    let _ = std::fs::remove_dir_all(&dir);
    let result = result?;
    let count = (result.requests_per_second * args.ingest_seconds as f64) as u64;
    println!(
        "  as fast as wrk sends pre-signed:    {:>7.0} messages/s ({} not 2xx)  p50 {}  p99 {}",
        result.requests_per_second, result.non_2xx, result.p50, result.p99
    );
    println!("    CPU: {}", used.per(count, "message"));
    Ok(())
}

/// Pushes from `workers` tasks for `length`, at `rate` messages/s overall (open loop: a late
/// answer does not delay the next message) or as fast as possible; answers (ok, failed, sorted
/// latencies in ms).
async fn ingest(provider: &Arc<Provider>, workers: usize, rate: Option<f64>, length: Duration) -> (u64, u64, Vec<f64>) {
    if let Some(rate) = rate {
        return steady(provider, rate, length, |_| Push::default()).await;
    }
    let ok = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let samples = Arc::new(Mutex::new(Vec::new()));
    let deadline = Instant::now() + length;
    let mut tasks = Vec::new();
    for _ in 0..workers {
        let (provider, ok, failed, samples) = (provider.clone(), ok.clone(), failed.clone(), samples.clone());
        tasks.push(tokio::spawn(async move {
            let mut mine = Vec::new();
            while Instant::now() < deadline {
                let sent = Instant::now();
                match provider.push(None, None).await {
                    Ok(200) => {
                        ok.fetch_add(1, Ordering::Relaxed);
                        mine.push(sent.elapsed().as_secs_f64() * 1000.0);
                    }
                    other => {
                        failed.fetch_add(1, Ordering::Relaxed);
                        say_failure(&other);
                    }
                }
            }
            samples.lock().await.extend(mine);
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let mut samples = std::mem::take(&mut *samples.lock().await);
    samples.sort_by(f64::total_cmp);
    (ok.load(Ordering::Relaxed), failed.load(Ordering::Relaxed), samples)
}

/// The tenant's bot configuration, read once through the API and saved on or off.
struct BotSwitch<'a> {
    client: &'a reqwest::Client,
    base: &'a str,
    token: &'a str,
    config: serde_json::Value,
}

impl<'a> BotSwitch<'a> {
    async fn read(client: &'a reqwest::Client, base: &'a str, token: &'a str) -> anyhow::Result<Self> {
        let config = client
            .get(format!("{base}/api/bot/config"))
            .header("host", HOST)
            .bearer_auth(token)
            .send()
            .await?
            .json()
            .await?;
        Ok(Self { client, base, token, config })
    }

    async fn set(&mut self, enabled: bool) -> anyhow::Result<()> {
        self.config["enabled"] = json!(enabled);
        let saved = self
            .client
            .put(format!("{}/api/bot/config", self.base))
            .header("host", HOST)
            .bearer_auth(self.token)
            .json(&self.config)
            .send()
            .await?;
        anyhow::ensure!(saved.status() == 200, "bot config refused: {}", saved.text().await?);
        Ok(())
    }
}

/// The bot's cost per inbound message (issue #15): the same conversations — a first message, a
/// fixed answer asked for, a department chosen — at a steady 500 messages/s, with the tenant's bot
/// off and then on; the difference is the bot's decision and its reply written to the outbox.
async fn bot_cost(
    provider: &Arc<Provider>,
    client: &reqwest::Client,
    base: &str,
    token: &str,
    rate: f64,
    length: Duration,
) -> anyhow::Result<()> {
    println!(
        "-- bot: conversations of 3 messages (\"oi\", a fixed answer, a department) at a steady {rate} messages/s"
    );
    let mut bot = BotSwitch::read(client, base, token).await?;
    let options = bot.config["options"].as_array().cloned().unwrap_or_default();
    let answer = options.iter().position(|o| o["action"] == "answer");
    let route = options.iter().position(|o| o["action"] == "department");
    let (Some(answer), Some(route)) = (answer, route) else {
        anyhow::bail!("the demo bot has no fixed answer or department option: {}", bot.config);
    };
    let script = ["oi, boa tarde".to_owned(), (answer + 1).to_string(), (route + 1).to_string()];
    let mut p99 = Vec::new();
    for enabled in [false, true] {
        bot.set(enabled).await?;
        let (count, failed, latencies) = conversations(provider, &script, rate, length, enabled).await;
        println!(
            "  bot {:<3}: {:>6.0} messages/s ({failed} failed)  p50 {:.1} ms  p99 {:.1} ms",
            if enabled { "on" } else { "off" },
            count as f64 / length.as_secs_f64(),
            quantile(&latencies, 0.5),
            quantile(&latencies, 0.99)
        );
        if failed > 0 {
            println!("    failures: {}", failure_kinds());
        }
        p99.push(quantile(&latencies, 0.99));
    }
    println!("  added by the bot at p99: {:.1} ms (goal ≤ 20 ms)", p99[1] - p99[0]);
    Ok(())
}

/// Conversations following `script`, one message per tick at `rate`: 64 conversations in turn, so
/// a conversation's next message leaves 128 ms (at 500/s) after its previous one; a conversation
/// that finished its script starts again with a new customer.
async fn conversations(
    provider: &Arc<Provider>,
    script: &[String],
    rate: f64,
    length: Duration,
    salt: bool,
) -> (u64, u64, Vec<f64>) {
    const SLOTS: u64 = 64;
    let instance = provider.instances[0];
    steady(provider, rate, length, |k| {
        let (slot, round) = (k % SLOTS, k / SLOTS);
        let conversation = round / script.len() as u64;
        Push {
            instance: Some(instance),
            phone: Some(format!("+55119{}{:03}{:04}", u8::from(salt), slot, conversation % 10_000)),
            body: Some(script[(round % script.len() as u64) as usize].clone()),
        }
    })
    .await
}

/// What one pushed message is ( `None`: the provider picks).
#[derive(Default)]
struct Push {
    instance: Option<i32>,
    phone: Option<String>,
    body: Option<String>,
}

/// Pushes `next(k)` for k = 0, 1, … at `rate` messages/s for `length` (open loop: a late answer
/// does not delay the next message); answers (ok, failed, sorted latencies in ms).
async fn steady(
    provider: &Arc<Provider>,
    rate: f64,
    length: Duration,
    mut next: impl FnMut(u64) -> Push,
) -> (u64, u64, Vec<f64>) {
    let ok = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let samples = Arc::new(Mutex::new(Vec::new()));
    let deadline = Instant::now() + length;
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / rate));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut tasks = Vec::new();
    let mut k = 0u64;
    while Instant::now() < deadline {
        tick.tick().await;
        let push = next(k);
        k += 1;
        let (provider, ok, failed, samples) = (provider.clone(), ok.clone(), failed.clone(), samples.clone());
        tasks.push(tokio::spawn(async move {
            let sent = Instant::now();
            match provider.push_on(push.instance, push.phone.as_deref(), push.body.as_deref()).await {
                Ok(200) => {
                    ok.fetch_add(1, Ordering::Relaxed);
                    samples.lock().await.push(sent.elapsed().as_secs_f64() * 1000.0);
                }
                other => {
                    failed.fetch_add(1, Ordering::Relaxed);
                    say_failure(&other);
                }
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let mut samples = std::mem::take(&mut *samples.lock().await);
    samples.sort_by(f64::total_cmp);
    (ok.load(Ordering::Relaxed), failed.load(Ordering::Relaxed), samples)
}

/// Sorted milliseconds from the start of each inbound POST to its `ChatNotification` frame.
async fn notify_latency(
    provider: &Arc<Provider>,
    token: &str,
    port: u16,
    length: Duration,
) -> anyhow::Result<Vec<f64>> {
    let mut request = format!("ws://127.0.0.1:{port}/ws").into_client_request()?;
    request.headers_mut().insert("host", HeaderValue::from_static(HOST));
    request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(&format!("bearer.{token}"))?);
    let (socket, _) = tokio_tungstenite::connect_async(request).await.context("socket")?;
    let (_sink, mut stream) = socket.split();
    let sent_at: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let reader = {
        let sent_at = sent_at.clone();
        tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut frames = 0u64;
            while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(3), stream.next()).await {
                let arrived = Instant::now();
                frames += 1;
                let Message::Text(text) = frame else { continue };
                let Some(event) = wire::decode_frame(text.as_str()) else { continue };
                if event["event"] != "ChatNotification" {
                    continue;
                }
                let Some(body) = event["message"]["body"].as_str() else { continue };
                if let Some(start) = sent_at.lock().await.remove(body) {
                    latencies.push(arrived.duration_since(start).as_secs_f64() * 1000.0);
                }
            }
            if latencies.is_empty() {
                eprintln!("{frames} frames, no ChatNotification matched");
            }
            latencies
        })
    };
    let deadline = Instant::now() + length;
    let mut tick = tokio::time::interval(Duration::from_millis(10));
    let mut n = 0u64;
    while Instant::now() < deadline {
        tick.tick().await;
        n += 1;
        let body = format!("latência {n} {}", random_token(4));
        let provider = provider.clone();
        let sent_at = sent_at.clone();
        tokio::spawn(async move {
            sent_at.lock().await.insert(body.clone(), Instant::now());
            let _ = provider.push(None, Some(&body)).await;
        });
    }
    let mut latencies = reader.await?;
    latencies.sort_by(f64::total_cmp);
    Ok(latencies)
}
