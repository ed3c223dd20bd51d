//! Message search benchmark (issue 45, docs/search.md): a tenant of `--customers` demo customers
//! whose tickets hold `--messages` messages in all (10 000 000 by default, written by set-based SQL
//! through the same triggers and indexes as the product's writes), one conversation of
//! `--conversation` messages, and:
//!
//! - one client, sequentially: `GET /api/search/messages` for a frequent word (~10 % of the
//!   messages), a word in ~1 %, a rare word (0.01 %), and two words together, as the
//!   administrator (sees everything) and as an attendant of one of the demo's numbers — p50 and
//!   p99 of each;
//!   opening the long conversation at its newest page (`GET /api/tickets/{id}/messages`);
//! - under wrk with 64 connections, each rate also as a share of the same server's `/healthz`:
//!   the search of the 1 % word, the long conversation's newest page, the queue's first page
//!   unsearched and its name search (`GET /api/tickets?search=`), and the customers' search
//!   (`GET /api/customers?search=`).
//!
//! Run: `cargo build --release -p backoffice-server && cargo run --release -p backoffice-bench --bin
//! bench-search -- [--postgres URL] [--messages N]` (needs wrk).

mod common;

use std::time::Instant;

use anyhow::Context;
use backoffice::{
    demo::{DemoOptions, seed_demo},
    domain::passwords,
    random::random_token,
    tenancy::{Databases, TenantName},
};
use clap::Parser;
use common::{Scratch, quantile, report, wrk};
use sea_orm::{ConnectionTrait, DbBackend};
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Messages in the tenant, all told.
    #[arg(long, default_value_t = 10_000_000)]
    messages: u64,
    /// Demo customers (their tickets carry the messages).
    #[arg(long, default_value_t = 20_000)]
    customers: u32,
    /// Messages of the one long conversation.
    #[arg(long, default_value_t = 5_000)]
    conversation: u64,
    /// Sequential requests per latency figure.
    #[arg(long, default_value_t = 100)]
    samples: usize,
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    #[arg(long, default_value_t = 18_104)]
    port: u16,
    /// Keep the SQLite directory (printed) or the PostgreSQL database afterwards, to read the plans.
    #[arg(long)]
    keep: bool,
}

const PASSWORD: &str = "Bench#Senha!59";
const AGENT: &str = "bia@bench.example";
const HOST: &str = "bench.localhost";
const SECRET: &str = "whsec_YmVuY2gtZGEtYnVzY2EtZW0tbWVuc2FnZW5zLTE=";
/// Messages written per statement while loading.
const CHUNK: u64 = 250_000;

/// Openers (one in ten names the order), middles (one names the boleto) and endings (one says it
/// is overdue): a message is one of each, so the words' frequencies are known.
fn phrases() -> [Vec<String>; 3] {
    let subjects =
        ["entrega", "frete", "troca", "cor", "tamanho", "garantia", "nota fiscal", "endereço", "cupom", "estoque"];
    let openers: Vec<String> = (0..97)
        .map(|i| match i % 10 {
            0 => format!("Bom dia, quero saber do meu pedido {i}"),
            1 => format!("Olá, tudo bem? Dúvida sobre {}", subjects[i % subjects.len()]),
            2 => format!("Oi! Vocês têm informação da {}", subjects[(i / 2) % subjects.len()]),
            3 => "Boa tarde, preciso de ajuda".to_owned(),
            4 => format!("Consegue verificar a {} para mim", subjects[(i / 3) % subjects.len()]),
            5 => "Estou aguardando retorno".to_owned(),
            6 => format!("Recebi a mensagem sobre {}", subjects[(i / 4) % subjects.len()]),
            7 => "Obrigada pelo atendimento".to_owned(),
            8 => format!("Pode me ligar depois das {}h", 9 + i % 8),
            _ => format!("Segue o comprovante número {i}"),
        })
        .collect();
    let middles: Vec<String> = (0..89)
        .map(|i| if i == 0 { "e o boleto que chegou".to_owned() } else { format!("com o código {}", 1000 + i * 37) })
        .collect();
    let endings: Vec<String> =
        (0..53).map(|i| if i == 0 { "já está vencido".to_owned() } else { format!("até a semana {}", i) }).collect();
    [openers, middles, endings]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(args.postgres.as_deref(), temp.path(), "search").await?;
    if args.keep {
        println!("  kept: {} ({})", temp.path().display(), scratch.database_url);
    }
    let jwt = random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    println!("== {}", if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" });
    prepare(&config, &args).await?;
    let mut server = common::start_server(
        &scratch,
        temp.path(),
        &jwt,
        args.port,
        &[("ALLOW_PRIVATE_PROVIDERS", "true"), ("ANALYTICS_REFRESH_SECONDS", "0")],
    )?;
    let result = measure(&config, &args).await;
    let _ = server.kill();
    let _ = server.wait();
    if args.keep {
        let _ = temp.keep();
    } else {
        scratch.drop_database().await?;
    }
    result
}

/// The tenant: demo customers and tickets, then the messages by set-based SQL.
async fn prepare(config: &backoffice::config::Config, args: &Args) -> anyhow::Result<()> {
    let (dbs, db) = common::unlimited_bench_tenant(config, "admin@bench.example", PASSWORD).await?;
    let tx = db.begin().await?;
    let options = DemoOptions {
        customers: args.customers,
        days: 10,
        agents: 10,
        messages_per_ticket: 2,
        password_hash: passwords::hash(passwords::NEW_ACCOUNTS, PASSWORD).await,
        rng_seed: 45,
    };
    let summary = seed_demo(&tx, &options, &|_| {}).await?;
    tx.commit().await?;
    println!("  demo: {} tickets, {} customers", summary.tickets, summary.customers);

    let started = Instant::now();
    let tx = db.begin().await?;
    let backend = tx.get_database_backend();
    for (table, list) in ["bench_a", "bench_b", "bench_c"].iter().zip(phrases()) {
        tx.execute_unprepared(&format!("CREATE TABLE {table} (i INTEGER PRIMARY KEY, w TEXT NOT NULL)")).await?;
        let values: Vec<String> =
            list.iter().enumerate().map(|(i, w)| format!("({i}, '{}')", w.replace('\'', "''"))).collect();
        tx.execute_unprepared(&format!("INSERT INTO {table} (i, w) VALUES {}", values.join(", "))).await?;
    }
    tx.execute_unprepared(
        "CREATE TABLE bench_tickets (k INTEGER PRIMARY KEY, id INTEGER NOT NULL, chat_id INTEGER NOT NULL, \
         instance_id INTEGER NOT NULL)",
    )
    .await?;
    tx.execute_unprepared(
        "INSERT INTO bench_tickets (k, id, chat_id, instance_id) \
         SELECT ROW_NUMBER() OVER (ORDER BY id) - 1, id, chat_id, instance_id FROM tickets",
    )
    .await?;
    tx.commit().await?;
    let tickets = summary.tickets.max(1);
    let total = args.messages.saturating_sub(summary.messages + args.conversation);
    let base = chrono::Utc::now().timestamp() - total as i64 - args.conversation as i64 - 60;
    let mut written = 0;
    while written < total {
        let (from, to) = (written, (written + CHUNK).min(total) - 1);
        let tx = db.begin().await?;
        tx.execute_unprepared(&load_sql(backend, from, to, tickets, base)).await?;
        tx.commit().await?;
        written = to + 1;
        println!("  {written} messages ({:.0} s)", started.elapsed().as_secs_f64());
    }
    let tx = db.begin().await?;
    tx.execute_unprepared("DROP TABLE bench_a").await?;
    tx.execute_unprepared("DROP TABLE bench_b").await?;
    tx.execute_unprepared("DROP TABLE bench_c").await?;
    tx.execute_unprepared("DROP TABLE bench_tickets").await?;
    tx.commit().await?;
    if backend == DbBackend::Postgres {
        // Statistics and a visibility map, as a database in use has (autovacuum).
        db.begin().await?.commit().await?;
        dbs.control().execute_unprepared("VACUUM ANALYZE").await?;
    }
    println!("  loaded in {:.0} s", started.elapsed().as_secs_f64());
    dbs.close().await;
    Ok(())
}

/// Messages `from..=to` of the load, spread over the tickets round the clock, one second apart.
fn load_sql(backend: DbBackend, from: u64, to: u64, tickets: u64, base: i64) -> String {
    let (numbers, at) = match backend {
        DbBackend::Postgres => {
            (format!("generate_series({from}::bigint, {to}::bigint) AS seq(n)"), format!("to_timestamp({base} + n)"))
        }
        _ => ("seq".to_owned(), format!("strftime('%Y-%m-%dT%H:%M:%S+00:00', {base} + n, 'unixepoch')")),
    };
    let prefix = match backend {
        DbBackend::Postgres => String::new(),
        _ => format!("WITH RECURSIVE seq(n) AS (SELECT {from} UNION ALL SELECT n + 1 FROM seq WHERE n < {to}) "),
    };
    format!(
        "{prefix}INSERT INTO messages (chat_id, ticket_id, instance_id, direction, kind, body, ack, message_type, \
         sent_at, created_at, updated_at) \
         SELECT t.chat_id, t.id, t.instance_id, CASE WHEN n % 2 = 0 THEN 'in' ELSE 'out' END, 'text', \
         CASE WHEN n % 10007 = 0 THEN 'Quero o reembolso da compra ' || CAST(n AS TEXT) \
              ELSE a.w || ' ' || b.w || ' ' || c.w END, \
         'read', 'text', {at}, {at}, {at} \
         FROM {numbers} JOIN bench_tickets t ON t.k = n % {tickets} JOIN bench_a a ON a.i = n % 97 \
         JOIN bench_b b ON b.i = (n / 97) % 89 JOIN bench_c c ON c.i = (n / 8633) % 53"
    )
}

async fn get(http: &reqwest::Client, url: &str, token: &str) -> anyhow::Result<Value> {
    let answer = http.get(url).header("host", HOST).bearer_auth(token).send().await?;
    let status = answer.status();
    let value: Value = answer.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "{url} answered {status}: {value}");
    Ok(value)
}

/// p50 and p99 (ms) of `samples` sequential requests.
async fn latency(http: &reqwest::Client, url: &str, token: &str, samples: usize) -> anyhow::Result<(f64, f64)> {
    get(http, url, token).await?;
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let started = Instant::now();
        get(http, url, token).await?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    Ok((quantile(&times, 0.5), quantile(&times, 0.99)))
}

async fn measure(config: &backoffice::config::Config, args: &Args) -> anyhow::Result<()> {
    let http = reqwest::Client::new();
    let token = common::login(&http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);

    // The long conversation: a customer's message by the API, then its history by SQL.
    let (instance, first) = common::conversation(&http, &base, HOST, &token, SECRET).await?;
    let ticket = first["id"].as_i64().context("a ticket opened")?;
    let dbs = Databases::connect(&config.database_settings()).await?;
    let db = dbs.tenant(&TenantName::parse("bench")?, "default").await?;
    let tx = db.begin().await?;
    let numbers = match tx.get_database_backend() {
        DbBackend::Postgres => format!("generate_series(1, {}) AS seq(n)", args.conversation),
        _ => format!(
            "(WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < {}) SELECT n FROM s) seq",
            args.conversation
        ),
    };
    tx.execute_unprepared(&format!(
        "INSERT INTO messages (chat_id, ticket_id, instance_id, direction, kind, body, ack, message_type, sent_at, \
         created_at, updated_at) SELECT t.chat_id, t.id, t.instance_id, CASE WHEN n % 2 = 0 THEN 'in' ELSE 'out' END, \
         'text', 'Mensagem ' || CAST(n AS TEXT) || ' da conversa longa', 'read', 'text', t.opened_at, t.opened_at, \
         t.opened_at FROM {numbers} CROSS JOIN tickets t WHERE t.id = {ticket}"
    ))
    .await?;
    tx.commit().await?;
    dbs.close().await;

    // An attendant of one of the demo's numbers and the long conversation's, in the demo's first
    // department: her searches pass through the visibility rule (her numbers' tickets of her
    // department or of none), over a share of the tenant's messages.
    let instances = get(&http, &format!("{base}/api/instance"), &token).await?;
    let demo_number = instances
        .as_array()
        .and_then(|all| all.iter().filter_map(|i| i["id"].as_i64()).find(|id| *id != instance))
        .context("a demo instance")?;
    let roles = get(&http, &format!("{base}/api/permission"), &token).await?;
    let role =
        roles.as_array().context("roles listed")?.iter().find(|r| r["name"] == "atendente").context("atendente")?["id"]
            .clone();
    let departments = get(&http, &format!("{base}/api/departments"), &token).await?;
    let department = departments.as_array().and_then(|all| all.first()).context("a demo department")?["id"].clone();
    common::post_json(
        &http,
        &base,
        HOST,
        &token,
        "/api/users",
        json!({ "name": "Bia", "email": AGENT, "password": PASSWORD, "role_id": role,
                "chosen_instances": [instance, demo_number], "user_department_id": department }),
    )
    .await?;
    let agent = common::login(&http, args.port, HOST, AGENT, PASSWORD).await?;
    println!("  {} messages in all; a conversation of {} (ticket {ticket})", args.messages, args.conversation);

    println!("  one client, {} requests each (p50 / p99 ms):", args.samples);
    for (label, query) in [
        ("frequent word (pedido, ~10 %)", "pedido"),
        ("word in ~1 % (boleto)", "boleto"),
        ("rare word (reembolso, 0.01 %)", "reembolso"),
        ("two words (boleto vencido)", "boleto%20vencido"),
    ] {
        let url = format!("{base}/api/search/messages?q={query}");
        let (p50, p99) = latency(&http, &url, &token, args.samples).await?;
        let (a50, a99) = latency(&http, &url, &agent, args.samples).await?;
        println!("    search {label:<32} admin {p50:>7.1} / {p99:>7.1}   attendant {a50:>7.1} / {a99:>7.1}");
    }
    let conversation = format!("{base}/api/tickets/{ticket}/messages?limit=50");
    let (p50, p99) = latency(&http, &conversation, &token, args.samples).await?;
    println!("    the {}-message conversation, newest page      {p50:>7.1} / {p99:>7.1}", args.conversation);

    let seconds = format!("{}s", args.seconds);
    let host = format!("Host: {HOST}");
    let load = |bearer: &str, path: &str| {
        let auth = format!("Authorization: Bearer {bearer}");
        wrk(&["-t2", "-c64", "-d", &seconds, "-H", &auth, "-H", &host, &format!("{base}{path}")])
    };
    let healthz = wrk(&["-t2", "-c64", "-d", &seconds, &format!("{base}/healthz")])?;
    report("/healthz", &healthz, healthz.requests_per_second);
    let rate = healthz.requests_per_second;
    report("search boleto (admin)", &load(&token, "/api/search/messages?q=boleto")?, rate);
    report("search boleto (attendant)", &load(&agent, "/api/search/messages?q=boleto")?, rate);
    report("search reembolso (admin)", &load(&token, "/api/search/messages?q=reembolso")?, rate);
    report("long conversation, newest page", &load(&token, &format!("/api/tickets/{ticket}/messages?limit=50"))?, rate);
    // The queue's first page unsearched: what the searched page cannot beat.
    report("queue first page, unsearched (/tickets)", &load(&token, "/api/tickets")?, rate);
    report("queue name search (/tickets?search=silva)", &load(&token, "/api/tickets?search=silva")?, rate);
    report("customers search (/customers?search=silva)", &load(&token, "/api/customers?search=silva")?, rate);
    Ok(())
}
