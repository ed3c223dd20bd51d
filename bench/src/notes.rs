//! Notes, mentions and scheduled messages benchmark (issue 45, docs/notes.md,
//! docs/scheduled-messages.md): a tenant whose administrator wrote `--notes` notes on one ticket,
//! each naming an attendant of the instance, and scheduled `--scheduled` messages; under wrk with
//! 64 connections, each rate also as a share of the same server's `/healthz` in the same run:
//!
//! - the attendant's "Menções": `GET /api/mentions` (first page with the unread count) and
//!   `GET /api/mentions/unread` (the header's badge) — both through the inbox's visibility rule,
//!   the attendant not seeing everything;
//! - the `@` picker: `GET /api/tickets/{id}/mention-targets`;
//! - "Agendamentos": `GET /api/scheduled-messages?status=scheduled` (soonest first).
//!
//! Run: `cargo build --release -p backoffice-server && cargo run --release -p backoffice-bench --bin
//! bench-notes -- [--postgres URL]` (needs wrk).

mod common;

use anyhow::Context;
use clap::Parser;
use common::{report, wrk};
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    /// Notes on the ticket, each naming the attendant.
    #[arg(long, default_value_t = 2000)]
    notes: usize,
    /// Messages scheduled by the administrator.
    #[arg(long, default_value_t = 2000)]
    scheduled: usize,
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    #[arg(long, default_value_t = 18_103)]
    port: u16,
}

const PASSWORD: &str = "Bench#Senha!58";
const AGENT: &str = "bia@bench.example";
const HOST: &str = "bench.localhost";
const SECRET: &str = "whsec_YmVuY2gtZGUtYW5vdGFjb2VzLWUtbWVuY29lcy0x";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    common::over_bench_tenant(args.postgres.as_deref(), "notes", PASSWORD, args.port, || measure(&args)).await
}

async fn measure(args: &Args) -> anyhow::Result<()> {
    let http = reqwest::Client::new();
    let token = common::login(&http, args.port, HOST, "admin@bench.example", PASSWORD).await?;
    let base = format!("http://127.0.0.1:{}", args.port);

    // A conversation: an instance on a generic provider nobody calls, and a customer's message.
    let (instance, first) = common::conversation(&http, &base, HOST, &token, SECRET).await?;
    let ticket = first["id"].as_i64().context("a ticket opened")?;

    // The attendant: linked to the instance, so the ticket is hers to see.
    let roles: Value = http
        .get(format!("{base}/api/permission"))
        .header("host", HOST)
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    let role =
        roles.as_array().context("roles listed")?.iter().find(|r| r["name"] == "atendente").context("atendente")?["id"]
            .clone();
    let agent = common::post_json(
        &http,
        &base,
        HOST,
        &token,
        "/api/users",
        json!({ "name": "Bia", "email": AGENT, "password": PASSWORD, "role_id": role, "chosen_instances": [instance] }),
    )
    .await?["id"]
        .as_i64()
        .context("attendant created")?;
    for n in 0..args.notes {
        let note = json!({ "body": format!("@Bia olha este caso, nota {n}"), "mentionedUserIds": [agent] });
        common::post_json(&http, &base, HOST, &token, &format!("/api/tickets/{ticket}/notes"), note).await?;
    }
    let customer = first["customer"]["id"].as_i64().context("the ticket's customer")?;
    for n in 0..args.scheduled {
        let send_at = chrono::Utc::now() + chrono::Duration::days(30) + chrono::Duration::minutes(n as i64);
        let scheduled = json!({ "customerId": customer, "instanceId": instance, "body": format!("Lembrete {n}"),
                                "sendAt": send_at.to_rfc3339() });
        common::post_json(&http, &base, HOST, &token, "/api/scheduled-messages", scheduled).await?;
    }
    println!("  {} notes naming the attendant, {} scheduled messages, ticket {ticket}", args.notes, args.scheduled);
    let agent_token = common::login(&http, args.port, HOST, AGENT, PASSWORD).await?;

    let seconds = format!("{}s", args.seconds);
    let host = format!("Host: {HOST}");
    let load = |bearer: &str, path: &str| {
        let auth = format!("Authorization: Bearer {bearer}");
        wrk(&["-t2", "-c64", "-d", &seconds, "-H", &auth, "-H", &host, &format!("{base}{path}")])
    };
    let healthz = wrk(&["-t2", "-c64", "-d", &seconds, &format!("{base}/healthz")])?;
    report("/healthz", &healthz, healthz.requests_per_second);
    let rate = healthz.requests_per_second;
    report("attendant: /mentions (first page + unread)", &load(&agent_token, "/api/mentions")?, rate);
    report("attendant: /mentions/unread", &load(&agent_token, "/api/mentions/unread")?, rate);
    report(
        "@ picker: /tickets/{id}/mention-targets",
        &load(&token, &format!("/api/tickets/{ticket}/mention-targets"))?,
        rate,
    );
    report("/scheduled-messages?status=scheduled", &load(&token, "/api/scheduled-messages?status=scheduled")?, rate);
    Ok(())
}
