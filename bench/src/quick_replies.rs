//! Quick replies benchmark (issue 45, docs/quick-replies.md): a tenant with `--replies` quick
//! replies (a large company's: a tenth tenant-wide, the rest in its departments), and under wrk
//! with 64 connections, each rate also as a share of the same server's `/healthz` in the same run:
//!
//! - the composer's `/` picker: `GET /api/tickets/{id}/quick-replies` (up to 500 replies, their
//!   variables filled for the ticket) — what an agent's first `/` in a conversation costs;
//! - the screen's first page and a search: `GET /api/quick-replies` and `?q=frete`.
//!
//! Run: `cargo build --release -p backoffice-server && cargo run --release -p backoffice-bench --bin
//! bench-quick-replies -- [--postgres URL]` (needs wrk).

mod common;

use anyhow::Context;
use clap::Parser;
use common::{report, wrk};
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Quick replies in the tenant.
    #[arg(long, default_value_t = 2000)]
    replies: usize,
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    #[arg(long, default_value_t = 18_101)]
    port: u16,
}

const PASSWORD: &str = "Bench#Senha!58";
const HOST: &str = "bench.localhost";
const SECRET: &str = "whsec_YmVuY2gtZGUtcmVzcG9zdGFzLXJhcGlkYXMtMQ==";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    common::over_bench_tenant(args.postgres.as_deref(), "quick_replies", PASSWORD, args.port, || measure(&args)).await
}

async fn measure(args: &Args) -> anyhow::Result<()> {
    let http = reqwest::Client::new();
    let token = common::login(&http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);

    // A conversation: an instance on a generic provider nobody calls, and a customer's message.
    let (_, first) = common::conversation(&http, &base, HOST, &token, SECRET).await?;
    let ticket = first["id"].as_i64().context("a ticket opened")?;

    // The replies: a tenth for everyone, the rest spread over the tenant's departments (the
    // default template's four).
    let listed: Value = http
        .get(format!("{base}/api/departments"))
        .header("host", HOST)
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    let departments: Vec<i64> =
        listed.as_array().context("departments listed")?.iter().filter_map(|d| d["id"].as_i64()).collect();
    anyhow::ensure!(!departments.is_empty(), "the tenant has no departments: {listed}");
    let topics = ["frete", "boleto", "troca", "prazo", "pix", "garantia", "horario", "endereco"];
    for n in 0..args.replies {
        let topic = topics[n % topics.len()];
        let body = format!(
            "{{{{saudacao}}}}, {{{{primeiro_nome}}}}! Sobre {topic}: resposta padrão número {n}, protocolo {{{{protocolo}}}}."
        );
        let reply = if n % 10 == 0 {
            json!({ "shortcut": format!("{topic}-{n}"), "body": body, "scope": "tenant" })
        } else {
            json!({ "shortcut": format!("{topic}-{n}"), "body": body, "scope": "department",
                    "departmentId": departments[n % departments.len()] })
        };
        common::post_json(&http, &base, HOST, &token, "/api/quick-replies", reply).await?;
    }
    println!("  {} quick replies, ticket {ticket}", args.replies);

    let seconds = format!("{}s", args.seconds);
    let auth = format!("Authorization: Bearer {token}");
    let host = format!("Host: {HOST}");
    let load = |path: &str| wrk(&["-t2", "-c64", "-d", &seconds, "-H", &auth, "-H", &host, &format!("{base}{path}")]);
    let healthz = wrk(&["-t2", "-c64", "-d", &seconds, &format!("{base}/healthz")])?;
    report("/healthz", &healthz, healthz.requests_per_second);
    let rate = healthz.requests_per_second;
    report("picker: /tickets/{id}/quick-replies (500)", &load(&format!("/api/tickets/{ticket}/quick-replies"))?, rate);
    report("screen: /quick-replies (first page)", &load("/api/quick-replies")?, rate);
    report("screen: /quick-replies?q=frete", &load("/api/quick-replies?q=frete")?, rate);
    Ok(())
}
