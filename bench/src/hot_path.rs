//! Hot-path benchmark (issue #13): what every screen asks most, each as a share of the same
//! server's `/healthz` rate in the same run (the ratio survives noisy machines), on SQLite or
//! PostgreSQL. Goals: `userInfo` ≥ 10 %, users first page ≥ 5 %, a searched deep users page
//! (`?search=ana&page=3` over 5 000 users) ≥ 3 %, every round-2 list ≥ 5 %.
//!
//! Run: `bash bench/hot-path.sh` (both backends), or `cargo build --release -p backoffice-server
//! && cargo run --release -p backoffice-bench --bin bench-hot-path -- [--postgres URL]` (needs wrk).

mod common;

use anyhow::Context;
use backoffice::{
    demo::{DemoOptions, seed_demo},
    domain::{
        passwords, setup,
        tenants::{self, NewTenant},
    },
    entities::tenant::{role, user},
    random::random_token,
    tenancy::{Databases, TenantName},
};
use chrono::Utc;
use clap::Parser;
use common::{Scratch, report, wrk};
use sea_orm::{ConnectionTrait, EntityTrait, Set};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    #[arg(long, default_value_t = 5000)]
    users: usize,
    /// Demo customers (tickets ≈ customers × 30 / 5, ten messages each).
    #[arg(long, default_value_t = 2000)]
    customers: u32,
    /// Seconds of wrk load per endpoint.
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    #[arg(long, default_value_t = 64)]
    connections: u32,
    #[arg(long, default_value_t = 18097)]
    port: u16,
    /// Only the endpoints whose label contains this (profiling one endpoint).
    #[arg(long)]
    only: Option<String>,
    /// Keep the PostgreSQL scratch database (for EXPLAIN ANALYZE) and print its URL.
    #[arg(long)]
    keep: bool,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";
/// First names of the generated people: a quarter of them contain "ana".
const FIRST: [&str; 8] = ["Ana", "Bruno", "Mariana", "Carlos", "Juliana", "Diego", "Fernanda", "Rafael"];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "hot").await?;
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    prepare(&config, &args).await?;
    println!("== {}", if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" });
    let mut server = common::start_server(&scratch, temp.path(), &jwt, args.port, &[])?;
    let result = measure(&args).await;
    let _ = server.kill();
    let _ = server.wait();
    if args.keep && scratch.is_postgres() {
        println!("kept: {}", scratch.database_url);
    } else {
        scratch.drop_database().await?;
    }
    result
}

/// A tenant with an administrator, `users` people and the demo's inbox (customers, tickets,
/// messages, instances).
async fn prepare(config: &backoffice::config::Config, args: &Args) -> anyhow::Result<()> {
    let dbs = Databases::connect(&config.database_settings()).await?;
    setup::init(&dbs, &config.backoffice_tenant, Default::default()).await?;
    let bench = TenantName::parse("bench")?;
    let new = NewTenant { name: Some(bench.clone()), plan: Some("enterprise".into()), ..Default::default() };
    tenants::provision(&dbs, new, None).await?;
    let db = dbs.tenant(&bench, "default").await?;
    let tx = db.begin().await?;
    common::create_admin(&tx, "admin@bench.example", PASSWORD).await?;
    let hash = passwords::hash(passwords::NEW_ACCOUNTS, PASSWORD).await;
    let options = DemoOptions {
        customers: args.customers,
        days: 30,
        agents: 20,
        messages_per_ticket: 10,
        password_hash: hash.clone(),
        rng_seed: 7,
    };
    let summary = seed_demo(&tx, &options, &|_| {}).await?;
    let role_id = role::Entity::find().all(&tx).await?.into_iter().find(|r| r.name == "atendente").context("role")?.id;
    let now = Utc::now();
    for chunk in (0..args.users).collect::<Vec<_>>().chunks(400) {
        let rows = chunk.iter().map(|i| user::ActiveModel {
            name: Set(format!("{} Pessoa {i:05}", FIRST[i % FIRST.len()])),
            username: Set(format!("pessoa{i:05}")),
            email: Set(format!("pessoa{i:05}@bench.example")),
            password_hash: Set(hash.clone()),
            role_id: Set(role_id),
            is_connected: Set(false),
            is_functional: Set(false),
            failed_logins: Set(0),
            valid_after: Set(now),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        user::Entity::insert_many(rows).exec_without_returning(&tx).await?;
    }
    tx.commit().await?;
    if let backoffice::config::DatabaseUrl::Postgres { .. } = &config.database_url {
        // A database in use has statistics and a visibility map (autovacuum); a freshly loaded one
        // has neither until autovacuum passes, perhaps in the middle of a measurement.
        dbs.control().execute_unprepared("VACUUM ANALYZE").await?;
    }
    dbs.close().await;
    println!(
        "data: {} users, {} customers, {} tickets, {} messages",
        args.users as u64 + summary.users + 1,
        summary.customers,
        summary.tickets,
        summary.messages
    );
    Ok(())
}

async fn measure(args: &Args) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let token = common::login(&client, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);
    let first: serde_json::Value =
        client.get(format!("{base}/api/tickets")).header("host", HOST).bearer_auth(&token).send().await?.json().await?;
    let ticket = first["data"][0]["id"].as_i64().context("a ticket")?;
    let customer: serde_json::Value = client
        .get(format!("{base}/api/customers"))
        .header("host", HOST)
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    let customer = customer["data"][0]["id"].as_i64().context("a customer")?;
    // The demo's campaigns (the largest first: its recipients page is the one to measure) and its
    // webhook endpoint.
    let get = |path: &str| client.get(format!("{base}{path}")).header("host", HOST).bearer_auth(&token).send();
    let campaigns: serde_json::Value = get("/api/campaigns").await?.error_for_status()?.json().await?;
    let campaign = campaigns["data"]
        .as_array()
        .and_then(|all| all.iter().max_by_key(|c| c["total"].as_u64().unwrap_or(0)))
        .and_then(|c| c["id"].as_i64())
        .context("a campaign")?;
    let webhooks: serde_json::Value = get("/api/webhooks").await?.error_for_status()?.json().await?;
    let webhook = webhooks["data"][0]["id"].as_i64().context("a webhook")?;

    let duration = format!("{}s", args.seconds);
    let connections = format!("-c{}", args.connections);
    let auth = format!("Authorization: Bearer {token}");
    let load = |path: &str, authenticated: bool| -> anyhow::Result<common::WrkResult> {
        let host = format!("Host: {HOST}");
        let url = format!("{base}{path}");
        let mut wrk_args = vec!["-t2", connections.as_str(), "-d", duration.as_str(), "-H", host.as_str()];
        if authenticated {
            wrk_args.extend(["-H", auth.as_str()]);
        }
        wrk_args.push(url.as_str());
        wrk(&wrk_args)
    };
    let healthz = load("/healthz", false)?;
    println!("  {:<44} {:>9.0} req/s  (the reference)", "GET /healthz", healthz.requests_per_second);
    let rows: Vec<(&str, String, f64)> = vec![
        ("GET /api/auth/userInfo", "/api/auth/userInfo".into(), 10.0),
        ("GET /api/users (first page of 20)", "/api/users".into(), 5.0),
        ("GET /api/users?search=ana&page=3", "/api/users?search=ana&page=3".into(), 3.0),
        ("GET /api/tickets (first page)", "/api/tickets".into(), 5.0),
        ("GET /api/tickets?status=pending", "/api/tickets?status=pending".into(), 5.0),
        ("GET /api/tickets/{id}/messages", format!("/api/tickets/{ticket}/messages"), 5.0),
        ("GET /api/customers (first page)", "/api/customers".into(), 5.0),
        ("GET /api/customers?search=silva", "/api/customers?search=silva".into(), 5.0),
        ("GET /api/customers/{id}", format!("/api/customers/{customer}"), 5.0),
        ("GET /api/customer-groups", "/api/customer-groups".into(), 5.0),
        ("GET /api/closing-reasons", "/api/closing-reasons".into(), 5.0),
        ("GET /api/inbox/instances", "/api/inbox/instances".into(), 5.0),
        ("GET /api/tickets/{id}/transfer-targets", format!("/api/tickets/{ticket}/transfer-targets"), 5.0),
        ("GET /api/campaigns", "/api/campaigns".into(), 5.0),
        ("GET /api/campaigns/{id}/recipients", format!("/api/campaigns/{campaign}/recipients"), 5.0),
        ("GET /api/webhooks", "/api/webhooks".into(), 5.0),
        ("GET /api/webhooks/{id}/deliveries", format!("/api/webhooks/{webhook}/deliveries"), 5.0),
    ];
    let mut missed = Vec::new();
    for (label, path, goal) in rows {
        if args.only.as_deref().is_some_and(|only| !label.contains(only)) {
            continue;
        }
        let result = load(&path, true)?;
        report(label, &result, healthz.requests_per_second);
        let share = 100.0 * result.requests_per_second / healthz.requests_per_second;
        if share < goal || result.non_2xx > 0 {
            missed.push(format!("{label}: {share:.1}% (goal {goal}%)"));
        }
    }
    // The home board (docs/account.md#home-board): one person opening it, not a crowd — its goal
    // is a latency (p99 ≤ 100 ms on the seeded tenant), not a share.
    if args.only.is_some() {
        return Ok(());
    }
    let mut took = Vec::with_capacity(200);
    for _ in 0..200 {
        let started = std::time::Instant::now();
        let answer = client.get(format!("{base}/api/home")).header("host", HOST).bearer_auth(&token).send().await?;
        anyhow::ensure!(answer.status().is_success(), "GET /api/home answered {}", answer.status());
        answer.bytes().await?;
        took.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    took.sort_by(f64::total_cmp);
    let (p50, p99) = (took[took.len() / 2], took[took.len() * 99 / 100]);
    println!("  {:<44} one client, 200 requests: p50 {p50:>7.2}ms  p99 {p99:>7.2}ms", "GET /api/home (board)");
    if p99 > 100.0 {
        missed.push(format!("GET /api/home: p99 {p99:.1} ms (goal 100 ms)"));
    }
    if missed.is_empty() {
        println!("every goal met");
    } else {
        println!("below goal: {}", missed.join("; "));
    }
    Ok(())
}
