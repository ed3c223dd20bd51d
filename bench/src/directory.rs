//! Directory benchmark (issue: directory API): `GET /api/users` over 5 000 users and
//! `POST /api/tenant/paginated` (with a search) over 10 000 tenants, loaded by `wrk` from a second
//! process on loopback against the release server, on SQLite or PostgreSQL; on PostgreSQL it also
//! prints the plan of the paginated search.
//!
//! Run: `cargo build --release -p backoffice-server && cargo run --release -p backoffice-bench
//! --bin bench-directory -- [--postgres postgres://postgres@127.0.0.1:5432/postgres]` (needs wrk).

use std::{
    process::{Child, Command, Stdio},
    time::Duration,
};

use anyhow::Context;
use backoffice::{
    config::{Config, DatabaseUrl},
    domain::{
        passwords, setup,
        tenants::{self, NewTenant},
        users::{self, NewUser},
    },
    entities::{control::tenant, tenant::user},
    tenancy::{Databases, TenantName},
};
use chrono::Utc;
use clap::Parser;
use sea_orm::{ConnectionTrait, Database, EntityTrait, Set, Statement};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    postgres: Option<String>,
    #[arg(long, default_value_t = 5000)]
    users: usize,
    #[arg(long, default_value_t = 10_000)]
    tenants: usize,
    /// Seconds of load per endpoint.
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    #[arg(long, default_value_t = 18090)]
    port: u16,
}

const PASSWORD: &str = "Bench#Senha!58";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let (url, pg) = match &args.postgres {
        None => (DatabaseUrl::Sqlite { dir: temp.path().to_owned() }, None),
        Some(base) => {
            let name = format!("bo_bench_dir_{}", std::process::id());
            let admin = Database::connect(base.as_str()).await?;
            admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await?;
            let mut url = url::Url::parse(base)?;
            url.set_path(&name);
            (url.as_str().parse().map_err(|e: String| anyhow::anyhow!(e))?, Some((admin, name, url.to_string())))
        }
    };
    let secret = backoffice::random::random_token(48);
    let mut config = Config::for_database(url.clone());
    config.jwt_secret = Some(secret.clone().into());
    config.data_dir = Some(temp.path().to_owned());
    config.validate().map_err(|e| anyhow::anyhow!(e))?;
    let dbs = Databases::connect(&config.database_settings()).await?;
    setup::init(&dbs, &config.backoffice_tenant, Default::default()).await?;

    // The tenant with many users, and an administrator who logs in.
    let bench = TenantName::parse("bench")?;
    tenants::provision(
        &dbs,
        NewTenant { name: Some(bench.clone()), plan: Some("enterprise".into()), ..Default::default() },
        None,
    )
    .await?;
    let db = dbs.tenant(&bench, "default").await?;
    let tx = db.begin().await?;
    let admin = NewUser {
        name: "Admin".into(),
        email: "admin@bench.example".into(),
        password: PASSWORD.into(),
        role: "administrador".into(),
        ..Default::default()
    };
    users::create(&tx, admin, 0).await?;
    let hash = passwords::hash(passwords::NEW_ACCOUNTS, PASSWORD).await;
    let role_id = backoffice::entities::tenant::role::Entity::find()
        .all(&tx)
        .await?
        .iter()
        .find(|r| r.name == "atendente")
        .context("role")?
        .id;
    let now = Utc::now();
    for chunk in (0..args.users).collect::<Vec<_>>().chunks(400) {
        let rows = chunk.iter().map(|i| user::ActiveModel {
            name: Set(format!("Pessoa {i:05}")),
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

    // The operator and many tenants (control rows: the list reads only control).
    let ops_db = dbs.tenant(&config.backoffice_tenant, "default").await?;
    let tx = ops_db.begin().await?;
    let ops = NewUser {
        name: "Ops".into(),
        email: "ops@backoffice.example".into(),
        password: PASSWORD.into(),
        role: "administrador".into(),
        ..Default::default()
    };
    users::create(&tx, ops, 0).await?;
    tx.commit().await?;
    for chunk in (0..args.tenants).collect::<Vec<_>>().chunks(500) {
        let rows = chunk.iter().map(|i| tenant::ActiveModel {
            name: Set(format!("loja-{i:05}")),
            cnpj: Set(Some(format!("{:014}", (*i as u64) * 7_919 + 11_000_000_000_000))),
            template: Set("default".into()),
            pool: Set("default".into()),
            plan: Set("basic".into()),
            user_limit: Set(5),
            ticket_limit: Set(1000),
            provisioned_at: Set(Some(now)),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        tenant::Entity::insert_many(rows).exec_without_returning(dbs.control()).await?;
    }
    if pg.is_some() {
        dbs.control().execute_unprepared("ANALYZE tenants").await?;
    }
    dbs.close().await;
    println!("data: {} users in tenant bench, {} tenants", args.users + 1, args.tenants + 2);

    let server = start_server(&url, &pg, &secret, &args, temp.path())?;
    let result = load(&args).await;
    let mut server = server;
    let _ = server.kill();
    let _ = server.wait();
    result?;

    if let Some((admin, name, url)) = pg {
        let db = Database::connect(url.as_str()).await?;
        let plan = db
            .query_all_raw(Statement::from_string(
                sea_orm::DbBackend::Postgres,
                "EXPLAIN ANALYZE SELECT * FROM control.tenants WHERE provisioned_at IS NOT NULL AND deleted_at IS NULL AND name LIKE '%ja-0421%' ORDER BY id DESC LIMIT 4",
            ))
            .await?;
        println!("plan of the paginated search (PostgreSQL):");
        for row in plan {
            println!("  {}", row.try_get_by_index::<String>(0)?);
        }
        db.close().await?;
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await?;
    }
    Ok(())
}

fn start_server(
    url: &DatabaseUrl,
    pg: &Option<(sea_orm::DatabaseConnection, String, String)>,
    secret: &str,
    args: &Args,
    dir: &std::path::Path,
) -> anyhow::Result<Child> {
    let target = std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| format!("{}/.cache/backoffice-target", std::env::var("HOME").unwrap_or_default()));
    let database_url = match (url, pg) {
        (_, Some((_, _, url))) => url.clone(),
        (DatabaseUrl::Sqlite { dir }, None) => format!("sqlite://{}", dir.display()),
        _ => anyhow::bail!("unexpected database"),
    };
    Command::new(format!("{target}/release/backoffice-server"))
        .env("DATABASE_URL", database_url)
        .env("JWT_SECRET", secret)
        .env("DATA_DIR", dir)
        .env("BIND", format!("127.0.0.1:{}", args.port))
        .env("RUST_LOG", "warn")
        .env("LOG_FORMAT", "json")
        .env("LOGIN_ATTEMPTS_PER_MINUTE", "100000000")
        .stdout(Stdio::null())
        .spawn()
        .context("start the release server (cargo build --release -p backoffice-server)")
}

async fn login(client: &reqwest::Client, port: u16, host: &str, email: &str) -> anyhow::Result<String> {
    for _ in 0..100 {
        if client.get(format!("http://127.0.0.1:{port}/healthz")).send().await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let answer: serde_json::Value = client
        .post(format!("http://127.0.0.1:{port}/api/auth/login"))
        .header("host", host)
        .json(&serde_json::json!({ "email": email, "password": PASSWORD }))
        .send()
        .await?
        .json()
        .await?;
    Ok(answer["access_token"].as_str().context("login failed")?.to_owned())
}

async fn load(args: &Args) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let user_token = login(&client, args.port, "bench.localhost", "admin@bench.example").await?;
    let ops_token = login(&client, args.port, "backoffice.localhost", "ops@backoffice.example").await?;
    let duration = format!("{}s", args.seconds);
    println!("== GET /api/users (first page, 64 connections, {duration})");
    wrk(&[
        "-t2",
        "-c64",
        "-d",
        &duration,
        "--latency",
        "-H",
        "Host: bench.localhost",
        "-H",
        &format!("Authorization: Bearer {user_token}"),
        &format!("http://127.0.0.1:{}/api/users", args.port),
    ])?;
    println!("== GET /api/users?page=120&limit=20&search=pessoa (64 connections, {duration})");
    wrk(&[
        "-t2",
        "-c64",
        "-d",
        &duration,
        "--latency",
        "-H",
        "Host: bench.localhost",
        "-H",
        &format!("Authorization: Bearer {user_token}"),
        &format!("http://127.0.0.1:{}/api/users?page=120&limit=20&search=pessoa", args.port),
    ])?;
    let lua = std::env::temp_dir().join(format!("bench-paginated-{}.lua", std::process::id()));
    std::fs::write(
        &lua,
        format!(
            "wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"application/json\"\nwrk.headers[\"Host\"] = \"backoffice.localhost\"\nwrk.headers[\"Authorization\"] = \"Bearer {ops_token}\"\nwrk.body = '{{\"search\":\"ja-0421\",\"pagination_page\":1,\"pagination_limit\":4}}'\n"
        ),
    )?;
    println!("== POST /api/tenant/paginated search \"ja-0421\" (64 connections, {duration})");
    wrk(&[
        "-t2",
        "-c64",
        "-d",
        &duration,
        "--latency",
        "-s",
        lua.to_str().unwrap_or_default(),
        &format!("http://127.0.0.1:{}/api/tenant/paginated", args.port),
    ])?;
    let _ = std::fs::remove_file(lua);
    Ok(())
}

fn wrk(args: &[&str]) -> anyhow::Result<()> {
    let out = Command::new("wrk").args(args).output().context("wrk is needed: apt-get install wrk")?;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if ["Latency", "50%", "99%", "Requests/sec", "Non-2xx", "Socket errors"].iter().any(|k| line.contains(k)) {
            println!("  {}", line.trim());
        }
    }
    Ok(())
}
