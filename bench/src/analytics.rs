//! Analytics and sheets benchmark (issue #14): a tenant with ~100 000 tickets, ~1 000 000 messages
//! and 200 000 orders over a year, and
//! - the analytics sync, full (`--force`) and incremental after 1 000 tickets changed;
//! - each dashboard endpoint over a 365-day range: p50/p99 of one client, and its rate under wrk
//!   (16 connections) as a share of the same server's `/healthz` rate in the same run;
//! - the orders sheet with 1 000 000 rows through `GET /api/tenant/sheets/orders`: time to the
//!   headers and to the last byte, and the server's peak RSS growth while it streams; then Python
//!   XlsxWriter in `constant_memory` mode writing the same rows (dumped to CSV first, not timed).
//!
//! Run: `bash bench/analytics.sh` (both backends; needs wrk and python3 with xlsxwriter).

mod common;

use std::{
    io::Write,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use backoffice::{
    demo::{DemoOptions, seed_demo},
    domain::{
        analytics::{
            Period, local_day,
            sync::{self, SyncOptions},
        },
        passwords,
        reports::sheets::{self, SheetFilters, SheetKind},
        setup,
        tenants::{self, NewTenant},
    },
    random::random_token,
    tenancy::{Databases, TenantDb, TenantName},
};
use chrono::Utc;
use clap::Parser;
use common::{Scratch, quantile, report, wrk};
use futures::StreamExt;
use sea_orm::{ConnectionTrait, Statement, StreamTrait};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Tickets ≈ customers × days / 5.
    #[arg(long, default_value_t = 1_370)]
    customers: u32,
    #[arg(long, default_value_t = 365)]
    days: u32,
    #[arg(long, default_value_t = 10)]
    messages_per_ticket: u32,
    /// Orders while the dashboards are measured.
    #[arg(long, default_value_t = 200_000)]
    orders: i64,
    /// Orders (rows) in the measured sheet.
    #[arg(long, default_value_t = 1_000_000)]
    sheet_rows: i64,
    /// Seconds of wrk load per endpoint.
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    /// Sequential requests per endpoint for p50/p99.
    #[arg(long, default_value_t = 100)]
    samples: usize,
    #[arg(long, default_value_t = 18096)]
    port: u16,
    /// What to measure: sync, dashboards, sheet.
    #[arg(long, value_delimiter = ',', default_value = "sync,dashboards,sheet")]
    phases: Vec<String>,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "analytics").await?;
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    let label = if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" };

    let started = Instant::now();
    let dbs = Databases::connect(&config.database_settings()).await?;
    let db = prepare(&dbs, &config, &args).await?;
    println!("== {label} (seeded in {:.0} s)", started.elapsed().as_secs_f64());
    if args.phases.iter().any(|p| p == "sync") {
        measure_sync(&db).await?;
    }
    dbs.close().await;

    let mut server = common::start_server(&scratch, temp.path(), &jwt, args.port, &[])?;
    let result = async {
        let client = reqwest::Client::new();
        let token = common::login(&client, args.port, HOST, "admin@bench.example", PASSWORD).await?;
        if args.phases.iter().any(|p| p == "dashboards") {
            measure_dashboards(&args, &client, &token).await?;
        }
        if args.phases.iter().any(|p| p == "sheet") {
            let dbs = Databases::connect(&config.database_settings()).await?;
            let db = dbs.tenant(&TenantName::parse("bench")?, "default").await?;
            top_up_orders(&db, args.sheet_rows).await?;
            measure_sheet(&args, &client, &token, server.id(), &db, temp.path()).await?;
            dbs.close().await;
        }
        anyhow::Ok(())
    }
    .await;
    let _ = server.kill();
    let _ = server.wait();
    scratch.drop_database().await?;
    result
}

/// The bench tenant: demo data over a year, its administrator, `orders` orders.
async fn prepare(dbs: &Databases, config: &backoffice::config::Config, args: &Args) -> anyhow::Result<TenantDb> {
    setup::init(dbs, &config.backoffice_tenant, Default::default()).await?;
    let bench = TenantName::parse("bench")?;
    tenants::provision(
        dbs,
        NewTenant { name: Some(bench.clone()), plan: Some("enterprise".into()), ..Default::default() },
        None,
    )
    .await?;
    let db = dbs.tenant(&bench, "default").await?;
    let tx = db.begin().await?;
    common::create_admin(&tx, "admin@bench.example", PASSWORD).await?;
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
    let orders = top_up_orders(&db, args.orders).await?;
    println!("data: {} tickets, {} messages, {orders} orders", summary.tickets, summary.messages);
    Ok(db)
}

async fn count(db: &TenantDb, sql: &str) -> anyhow::Result<i64> {
    let tx = db.begin().await?;
    let row = tx.query_one_raw(Statement::from_string(db.backend(), sql)).await?;
    tx.commit().await?;
    Ok(row.map(|r| r.try_get_by_index::<i64>(0)).transpose()?.unwrap_or(0))
}

/// Adds orders (one per ticket per pass, on the ticket's opening time) until there are `target`.
async fn top_up_orders(db: &TenantDb, target: i64) -> anyhow::Result<i64> {
    loop {
        let have = count(db, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await?;
        if have >= target {
            if db.backend() == sea_orm::DbBackend::Postgres {
                let tx = db.begin().await?;
                tx.execute_unprepared("ANALYZE").await?;
                tx.commit().await?;
            }
            return Ok(have);
        }
        let tx = db.begin().await?;
        tx.execute_unprepared(&format!(
            "INSERT INTO orders (customer_id, ticket_id, instance_id, user_id, value_cents, status, ordered_at, \
             created_at, updated_at) SELECT customer_id, id, instance_id, assigned_user_id, 1990 + (id * 7919) % 200000, \
             'paid', opened_at, opened_at, opened_at FROM tickets ORDER BY id LIMIT {}",
            target - have
        ))
        .await?;
        tx.commit().await?;
    }
}

async fn measure_sync(db: &TenantDb) -> anyhow::Result<()> {
    let tx = db.begin().await?;
    let full = sync::sync(&tx, SyncOptions { period: None, force: true }).await?;
    tx.commit().await?;
    println!("  analytics sync, full:        {:>7} ms  ({} days, {} rows)", full.elapsed_ms, full.days, full.rows);
    let tx = db.begin().await?;
    tx.execute_unprepared(&format!(
        "UPDATE tickets SET updated_at = '{}' WHERE id IN (SELECT id FROM tickets ORDER BY id DESC LIMIT 1000)",
        Utc::now().to_rfc3339()
    ))
    .await?;
    tx.commit().await?;
    // Past PostgreSQL's look-back margin would need waiting ten minutes: the incremental run sees
    // the 1 000 changed tickets plus whatever the margin adds (on PostgreSQL, the full run's rows).
    let tx = db.begin().await?;
    let incremental = sync::sync(&tx, SyncOptions { period: None, force: false }).await?;
    tx.commit().await?;
    println!(
        "  analytics sync, incremental: {:>7} ms  ({} days, {} rows; 1 000 tickets changed)",
        incremental.elapsed_ms, incremental.days, incremental.rows
    );
    Ok(())
}

async fn measure_dashboards(args: &Args, client: &reqwest::Client, token: &str) -> anyhow::Result<()> {
    let today = local_day(Utc::now());
    let year = Period::new(today - chrono::Duration::days(364), today)?;
    let (from, to) = (year.from, year.to);
    let base = format!("http://127.0.0.1:{}", args.port);
    let seconds = format!("{}s", args.seconds);
    let auth = format!("Authorization: Bearer {token}");
    let host = format!("Host: {HOST}");
    let healthz = wrk(&["-t2", "-c16", "-d", &seconds, &format!("{base}/healthz")])?;
    report("/healthz", &healthz, healthz.requests_per_second);
    let paths = [
        ("analytics, 365 days", format!("/api/dashboard/analytics?from={from}&to={to}")),
        ("productivity, 365 days", format!("/api/dashboard/productivity?from={from}&to={to}")),
        ("maria, 365 days", format!("/api/dashboard/maria?from={from}&to={to}")),
        ("control panel (live)", "/api/dashboard/control-panel".to_owned()),
        ("tickets behind 'closed', 365 days", format!("/api/dashboard/tickets?metric=closed&from={from}&to={to}")),
    ];
    for (label, path) in &paths {
        let url = format!("{base}{path}");
        let loaded = wrk(&["-t2", "-c16", "-d", &seconds, "-H", &auth, "-H", &host, &url])?;
        report(label, &loaded, healthz.requests_per_second);
        one_client("", args.samples, || client.get(&url).header("host", HOST).bearer_auth(token)).await?;
    }
    let body = serde_json::json!({ "start_at": from.to_string(), "finish_at": to.to_string(), "selectedUsers": [] });
    one_client("login failures report, 365 days", args.samples, || {
        client.post(format!("{base}/api/dashboard-report")).header("host", HOST).bearer_auth(token).json(&body)
    })
    .await
}

/// Sends `samples` requests one after the other and prints their p50 and p99.
async fn one_client(label: &str, samples: usize, request: impl Fn() -> reqwest::RequestBuilder) -> anyhow::Result<()> {
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let started = Instant::now();
        let response = request().send().await?;
        anyhow::ensure!(response.status().is_success(), "{label}: {}", response.status());
        response.bytes().await?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!("  {label:<44} one client: p50 {:.1} ms  p99 {:.1} ms", quantile(&times, 0.5), quantile(&times, 0.99));
    Ok(())
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

async fn measure_sheet(
    args: &Args,
    client: &reqwest::Client,
    token: &str,
    pid: u32,
    db: &TenantDb,
    dir: &std::path::Path,
) -> anyhow::Result<()> {
    let today = local_day(Utc::now());
    let period = Period::new(today - chrono::Duration::days(365), today)?;
    let rows = count(db, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await?;
    let before = rss_kib(pid);
    let peak = Arc::new(AtomicU64::new(before));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (peak.clone(), done.clone());
        tokio::spawn(async move {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(rss_kib(pid), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    let url = format!(
        "http://127.0.0.1:{}/api/tenant/sheets/orders?startAt={}&finishAt={}",
        args.port, period.from, period.to
    );
    let started = Instant::now();
    let response = client.get(&url).header("host", HOST).bearer_auth(token).send().await?;
    let headers_at = started.elapsed();
    anyhow::ensure!(response.status().is_success(), "sheet: {}", response.status());
    let mut response = response;
    let (mut bytes, mut first_body) = (0usize, None);
    while let Some(chunk) = response.chunk().await? {
        bytes += chunk.len();
        first_body.get_or_insert_with(|| started.elapsed());
    }
    let total = started.elapsed();
    done.store(true, Ordering::Relaxed);
    sampler.await?;
    let growth = peak.load(Ordering::Relaxed).saturating_sub(before) as f64 / 1024.0;
    println!(
        "  orders sheet, {rows} rows: headers {:.0} ms, first body byte {:.1} s, complete {:.1} s, {:.1} MB, \
         server peak RSS +{growth:.1} MB",
        headers_at.as_secs_f64() * 1000.0,
        first_body.unwrap_or(total).as_secs_f64(),
        total.as_secs_f64(),
        bytes as f64 / 1e6,
    );

    // The same rows for Python: dumped to CSV from the same query (not timed).
    let csv = dir.join("orders.csv");
    let sheet = sheets::build(
        db.backend(),
        SheetKind::Orders,
        SheetFilters { period, instance_id: None, estimation: false, reason_id: None, tag_id: None },
        "bench",
        "bench",
    );
    {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&csv)?);
        let tx = db.snapshot().await?;
        let mut stream = tx.stream_raw(sheet.statement).await?;
        while let Some(row) = stream.next().await {
            let row = row?;
            let text = |i: usize| {
                row.try_get_by_index::<Option<String>>(i).ok().flatten().unwrap_or_default().replace(['\t', '\n'], " ")
            };
            let id: i64 = row.try_get_by_index(0)?;
            let at: chrono::DateTime<Utc> = row.try_get_by_index(1)?;
            let cents: i64 = row.try_get_by_index(8)?;
            writeln!(
                out,
                "{id}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{cents}",
                (at - chrono::Duration::hours(3)).naive_utc().format("%Y-%m-%dT%H:%M:%S"),
                text(2),
                text(3),
                text(4),
                text(5),
                text(6),
                text(7)
            )?;
        }
        drop(stream);
        drop(tx);
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/xlsx_python.py");
    let out = std::process::Command::new("python3").arg(script).arg(&csv).arg(dir.join("python.xlsx")).output()?;
    anyhow::ensure!(out.status.success(), "python XlsxWriter: {}", String::from_utf8_lossy(&out.stderr));
    let python = String::from_utf8_lossy(&out.stdout);
    let python_secs: f64 = python.split_whitespace().next().and_then(|s| s.parse().ok()).unwrap_or(f64::NAN);
    println!(
        "  python XlsxWriter constant_memory, same rows: {:.1} s ({}) → ours is ×{:.1} faster",
        python_secs,
        python.trim(),
        python_secs / total.as_secs_f64()
    );
    Ok(())
}
