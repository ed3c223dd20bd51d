//! What the HTTP benchmarks share: a scratch database (SQLite directory or a new PostgreSQL
//! database), the release server started over it, logging in, and `wrk` runs reported with their
//! share of the same server's `/healthz` rate (a ratio that survives noisy machines; absolute
//! figures do not).

// Each benchmark binary compiles this module and uses part of it.
#![allow(dead_code)]

use std::{
    path::Path,
    process::{Child, Command, Stdio},
    time::Duration,
};

use anyhow::Context;
use backoffice::config::{Config, DatabaseUrl};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};

/// Where a benchmark's data lives; dropped by [`Scratch::drop_database`].
pub struct Scratch {
    pub url: DatabaseUrl,
    /// The server's `DATABASE_URL`.
    pub database_url: String,
    postgres: Option<(DatabaseConnection, String)>,
}

impl Scratch {
    /// A fresh SQLite directory under `dir`, or a new database on the PostgreSQL cluster `postgres`.
    pub async fn new(postgres: Option<&str>, dir: &Path, label: &str) -> anyhow::Result<Self> {
        let Some(base) = postgres else {
            return Ok(Self {
                url: DatabaseUrl::Sqlite { dir: dir.to_owned() },
                database_url: format!("sqlite://{}", dir.display()),
                postgres: None,
            });
        };
        let name = format!("bo_bench_{label}_{}", std::process::id());
        let admin = Database::connect(base).await?;
        admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await?;
        let mut url = url::Url::parse(base)?;
        url.set_path(&name);
        Ok(Self {
            url: url.as_str().parse().map_err(|e: String| anyhow::anyhow!(e))?,
            database_url: url.to_string(),
            postgres: Some((admin, name)),
        })
    }

    pub fn is_postgres(&self) -> bool {
        self.postgres.is_some()
    }

    /// A configuration over this database, its secrets kept in `dir` (shared with the server).
    pub fn config(&self, dir: &Path, jwt_secret: &str) -> anyhow::Result<Config> {
        let mut config = Config::for_database(self.url.clone());
        config.jwt_secret = Some(jwt_secret.to_owned().into());
        config.data_dir = Some(dir.to_owned());
        config.validate().map_err(|e| anyhow::anyhow!(e))?;
        Ok(config)
    }

    pub async fn drop_database(self) -> anyhow::Result<()> {
        if let Some((admin, name)) = self.postgres {
            admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await?;
        }
        Ok(())
    }
}

/// A benchmark over a fresh tenant `bench` (administrator `admin@bench.example` with `password`)
/// and the release server over it on `port` (private providers allowed, no analytics refresh):
/// prints the backend, runs `measure`, then stops the server and drops the scratch database
/// whatever `measure` answered.
pub async fn over_bench_tenant<F, Fut>(
    postgres: Option<&str>,
    label: &str,
    password: &str,
    port: u16,
    measure: F,
) -> anyhow::Result<()>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    let temp = tempfile::tempdir()?;
    let scratch = Scratch::new(postgres, temp.path(), label).await?;
    let jwt = backoffice::random::random_token(48);
    let config = scratch.config(temp.path(), &jwt)?;
    bench_tenant(&config, "admin@bench.example", password).await?;
    println!("== {}", if scratch.is_postgres() { "PostgreSQL" } else { "SQLite" });
    let env = [("ALLOW_PRIVATE_PROVIDERS", "true"), ("ANALYTICS_REFRESH_SECONDS", "0")];
    let mut server = start_server(&scratch, temp.path(), &jwt, port, &env)?;
    let result = measure().await;
    let _ = server.kill();
    let _ = server.wait();
    scratch.drop_database().await?;
    result
}

/// The release server over `scratch`, on `port`, with extra environment `env`.
pub fn start_server(
    scratch: &Scratch,
    dir: &Path,
    jwt_secret: &str,
    port: u16,
    env: &[(&str, &str)],
) -> anyhow::Result<Child> {
    let target = std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| format!("{}/.cache/backoffice-target", std::env::var("HOME").unwrap_or_default()));
    let mut command = Command::new(format!("{target}/release/backoffice-server"));
    command
        .env("DATABASE_URL", &scratch.database_url)
        .env("JWT_SECRET", jwt_secret)
        .env("DATA_DIR", dir)
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "warn")
        .env("LOG_FORMAT", "json")
        .env("LOGIN_ATTEMPTS_PER_MINUTE", "100000000")
        .stdout(Stdio::null());
    for (key, value) in env {
        command.env(key, value);
    }
    command.spawn().context("start the release server (cargo build --release -p backoffice-server)")
}

/// Waits for `/healthz`, then logs in on `host` and answers the access token.
pub async fn login(
    client: &reqwest::Client,
    port: u16,
    host: &str,
    email: &str,
    password: &str,
) -> anyhow::Result<String> {
    for _ in 0..200 {
        if client.get(format!("http://127.0.0.1:{port}/healthz")).send().await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let answer: serde_json::Value = client
        .post(format!("http://127.0.0.1:{port}/api/auth/login"))
        .header("host", host)
        .json(&serde_json::json!({ "email": email, "password": password }))
        .send()
        .await?
        .json()
        .await?;
    Ok(answer["access_token"].as_str().with_context(|| format!("login failed: {answer}"))?.to_owned())
}

/// What one `wrk` run measured.
#[derive(Debug, Clone, Default)]
pub struct WrkResult {
    pub requests_per_second: f64,
    pub p50: String,
    pub p99: String,
    pub non_2xx: u64,
}

/// Runs `wrk --latency` with `args` (connections, duration, headers, URL) and reads its report.
pub fn wrk(args: &[&str]) -> anyhow::Result<WrkResult> {
    let out = Command::new("wrk").arg("--latency").args(args).output().context("wrk is needed: apt-get install wrk")?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut result = WrkResult::default();
    for line in text.lines().map(str::trim) {
        let value = |prefix: &str| line.strip_prefix(prefix).map(|rest| rest.trim().to_owned());
        if let Some(rate) = value("Requests/sec:") {
            result.requests_per_second = rate.parse().unwrap_or(0.0);
        } else if let Some(p) = value("50%") {
            result.p50 = p;
        } else if let Some(p) = value("99%") {
            result.p99 = p;
        } else if let Some(n) = value("Non-2xx or 3xx responses:") {
            result.non_2xx = n.parse().unwrap_or(0);
        }
    }
    anyhow::ensure!(
        result.requests_per_second > 0.0,
        "wrk measured nothing:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(result)
}

/// Prints one line: rate, its share of `/healthz`'s, p50 and p99.
pub fn report(label: &str, result: &WrkResult, healthz: f64) {
    let share = if healthz > 0.0 { 100.0 * result.requests_per_second / healthz } else { 0.0 };
    let errors = if result.non_2xx > 0 { format!(", {} non-2xx", result.non_2xx) } else { String::new() };
    println!(
        "  {label:<44} {:>9.0} req/s  {share:>5.1}% of /healthz  p50 {:>9}  p99 {:>9}{errors}",
        result.requests_per_second, result.p50, result.p99
    );
}

/// The `q`-quantile of sorted samples (milliseconds).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// An administrator of the tenant `tx` is bound to, who logs in with `password`.
pub async fn create_admin(tx: &sea_orm::DatabaseTransaction, email: &str, password: &str) -> anyhow::Result<()> {
    let admin = backoffice::domain::users::NewUser {
        name: "Admin".into(),
        email: email.into(),
        password: password.into(),
        role: "administrador".into(),
        ..Default::default()
    };
    backoffice::domain::users::create(tx, admin, 0).await?;
    Ok(())
}

/// CPU time (user + system) used so far by the server and, when the database is PostgreSQL, by
/// its processes (every process named `postgres`: the backends serving the server's pool live
/// through a phase). Divided by the work done in between, it is a cost per unit of work, which
/// other load on a shared machine disturbs far less than a rate: a neighbour's load delays the
/// server but does not add to its CPU time.
#[derive(Debug, Clone, Copy)]
pub struct CpuTime {
    pub server: Duration,
    pub database: Duration,
    /// This benchmark process: the load generator shares the machine's cores with the server, so
    /// what it spends per message says how much of a rate the client, not the server, set.
    pub client: Duration,
}

impl CpuTime {
    pub fn now(server_pid: u32, postgres: bool) -> Self {
        let database = if postgres {
            std::fs::read_dir("/proc")
                .into_iter()
                .flatten()
                .flatten()
                .filter(|entry| {
                    std::fs::read_to_string(entry.path().join("comm")).is_ok_and(|comm| comm.trim() == "postgres")
                })
                .filter_map(|entry| entry.file_name().to_str().and_then(|pid| pid.parse().ok()))
                .map(|pid| process_cpu(pid, false))
                .sum()
        } else {
            Duration::ZERO
        };
        Self { server: process_cpu(server_pid, false), database, client: process_cpu(std::process::id(), true) }
    }

    /// What was used between `earlier` and this reading.
    pub fn since(&self, earlier: &CpuTime) -> CpuTime {
        CpuTime {
            server: self.server.saturating_sub(earlier.server),
            database: self.database.saturating_sub(earlier.database),
            client: self.client.saturating_sub(earlier.client),
        }
    }

    /// "server X ms + PostgreSQL Y ms = Z ms per <unit> (bench client W ms)" for `count` units.
    pub fn per(&self, count: u64, unit: &str) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0 / count.max(1) as f64;
        let client = format!("(bench client {:.3} ms)", ms(self.client));
        if self.database.is_zero() {
            format!("server {:.3} ms per {unit} {client}", ms(self.server))
        } else {
            format!(
                "server {:.3} ms + PostgreSQL {:.3} ms = {:.3} ms per {unit} {client}",
                ms(self.server),
                ms(self.database),
                ms(self.server + self.database)
            )
        }
    }
}

/// utime + stime of a process from `/proc/PID/stat`, in the kernel's USER_HZ ticks (100 a second
/// on Linux, whatever the kernel's own tick), with `children` also its children's that were waited
/// for (a `wrk` the benchmark ran to its end); zero for a process that is gone.
fn process_cpu(pid: u32, children: bool) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return Duration::ZERO };
    // The command name, in parentheses, may hold spaces: fields are counted after its end.
    let Some(after_name) = stat.rfind(')').map(|end| &stat[end + 1..]) else { return Duration::ZERO };
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime, stime, cutime and cstime are fields 14 to 17 of the line; the state, right after the
    // name, is 3.
    let fields_read: &[usize] = if children { &[11, 12, 13, 14] } else { &[11, 12] };
    let ticks: u64 = fields_read.iter().filter_map(|i| fields.get(*i)?.parse::<u64>().ok()).sum();
    Duration::from_millis(ticks * 10)
}

/// Sets up `scratch` for a benchmark: the control database, and a tenant `bench` on the
/// enterprise plan with the administrator `admin_email` (who logs in with `password`).
pub async fn bench_tenant(config: &Config, admin_email: &str, password: &str) -> anyhow::Result<()> {
    use backoffice::{
        domain::{
            setup,
            tenants::{self, NewTenant},
        },
        tenancy::{Databases, TenantName},
    };
    let dbs = Databases::connect(&config.database_settings()).await?;
    setup::init(&dbs, &config.backoffice_tenant, Default::default()).await?;
    let bench = TenantName::parse("bench")?;
    let new = NewTenant { name: Some(bench.clone()), plan: Some("enterprise".into()), ..Default::default() };
    tenants::provision(&dbs, new, None).await?;
    let db = dbs.tenant(&bench, "default").await?;
    let tx = db.begin().await?;
    create_admin(&tx, admin_email, password).await?;
    tx.commit().await?;
    dbs.close().await;
    Ok(())
}

/// The tenant `bench` on the enterprise plan without a monthly ticket limit (a load opens many
/// tickets), with the administrator `admin_email`: the databases and the tenant's connection,
/// for the caller to fill.
pub async fn unlimited_bench_tenant(
    config: &Config,
    admin_email: &str,
    password: &str,
) -> anyhow::Result<(backoffice::tenancy::Databases, backoffice::tenancy::TenantDb)> {
    use backoffice::{
        domain::{
            setup,
            tenants::{self, NewTenant},
        },
        entities::control::tenant,
        tenancy::{Databases, TenantName},
    };
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Expr};
    let dbs = Databases::connect(&config.database_settings()).await?;
    setup::init(&dbs, &config.backoffice_tenant, Default::default()).await?;
    let bench = TenantName::parse("bench")?;
    let new = NewTenant { name: Some(bench.clone()), plan: Some("enterprise".into()), ..Default::default() };
    tenants::provision(&dbs, new, None).await?;
    tenant::Entity::update_many()
        .col_expr(tenant::Column::TicketLimit, Expr::value(0))
        .filter(tenant::Column::Name.eq(bench.as_str()))
        .exec(dbs.control())
        .await?;
    let db = dbs.tenant(&bench, "default").await?;
    let tx = db.begin().await?;
    create_admin(&tx, admin_email, password).await?;
    tx.commit().await?;
    Ok((dbs, db))
}

/// A JSON `POST` on the bench tenant's host; fails on anything but 2xx.
pub async fn post_json(
    http: &reqwest::Client,
    base: &str,
    host: &str,
    token: &str,
    path: &str,
    body: serde_json::Value,
) -> anyhow::Result<serde_json::Value> {
    let answer = http.post(format!("{base}{path}")).header("host", host).bearer_auth(token).json(&body).send().await?;
    let status = answer.status();
    let value: serde_json::Value = answer.json().await.unwrap_or(serde_json::Value::Null);
    anyhow::ensure!(status.is_success(), "{path} answered {status}: {value}");
    Ok(value)
}

/// A conversation to measure on: an instance on a generic provider nobody calls (signing its
/// events with `secret`) and one customer's message, which opens a ticket. Answers the instance's
/// id and the tickets list's first row.
pub async fn conversation(
    http: &reqwest::Client,
    base: &str,
    host: &str,
    token: &str,
    secret: &str,
) -> anyhow::Result<(i64, serde_json::Value)> {
    use anyhow::Context;
    let body =
        serde_json::json!({ "name": "WhatsApp", "providerBaseUrl": "http://127.0.0.1:9", "providerSecret": secret });
    let instance =
        post_json(http, base, host, token, "/api/instance", body).await?["id"].as_i64().context("instance created")?;
    customer_message(http, base, host, instance, secret, "bench-1", "+5511987654321", "Carla Dias", "Oi, e o frete?")
        .await?;
    let tickets: serde_json::Value =
        http.get(format!("{base}/api/tickets")).header("host", host).bearer_auth(token).send().await?.json().await?;
    Ok((instance, tickets["data"][0].clone()))
}

/// A customer's message pushed by the generic provider of `instance` (signed with `secret`, the
/// event id `bench-{id}`): a first message from `phone` opens a ticket.
#[allow(clippy::too_many_arguments)]
pub async fn customer_message(
    http: &reqwest::Client,
    base: &str,
    host: &str,
    instance: i64,
    secret: &str,
    id: &str,
    phone: &str,
    name: &str,
    body: &str,
) -> anyhow::Result<()> {
    let event = serde_json::json!({ "type": "message", "data": { "id": id, "phone": phone, "name": name,
        "direction": "in", "body": body, "sentAt": chrono::Utc::now().to_rfc3339() } })
    .to_string();
    let (event_id, timestamp) = (format!("evt-{id}"), chrono::Utc::now().timestamp());
    let signature = backoffice::domain::standard_webhooks::sign(secret, &event_id, timestamp, event.as_bytes());
    let pushed = http
        .post(format!("{base}/api/instance/{instance}/events"))
        .header("host", host)
        .header("content-type", "application/json")
        .header("webhook-id", event_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(event)
        .send()
        .await?;
    anyhow::ensure!(pushed.status().is_success(), "the customer's message answered {}", pushed.status());
    Ok(())
}
