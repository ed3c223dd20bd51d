//! Tenancy benchmark (issue: foundation). Measures, on SQLite or PostgreSQL:
//! 1. provisioning N tenants: total and median per tenant;
//! 2. `migrate` over those N tenants when one new migration is added;
//! 3. process RSS and open database connections after touching each tenant once.
//!
//! Run: `cargo run --release -p backoffice-bench --bin bench-tenancy -- --tenants 1000 [--postgres URL]`
//! (the PostgreSQL database named in URL's server gets a fresh database `bo_bench_*`, dropped at the end).

use std::time::{Duration, Instant};

use anyhow::Context;
use backoffice::{
    config::{Config, DatabaseUrl},
    domain::{
        setup,
        tenants::{self, NewTenant},
    },
    tenancy::{Databases, TenantName},
};
use clap::Parser;
use sea_orm::{ConnectionTrait, Database, DbBackend, Statement};
use sea_orm_migration::prelude::*;

#[derive(Parser)]
struct Args {
    /// How many tenants to provision.
    #[arg(long, default_value_t = 1000)]
    tenants: usize,
    /// PostgreSQL server URL (any database on it); SQLite in a temp dir when absent.
    #[arg(long)]
    postgres: Option<String>,
    /// Tenants migrated at once.
    #[arg(long, default_value_t = 4)]
    jobs: usize,
    /// PostgreSQL: spare schemas kept ready (refilled between provisionings, untimed, as the
    /// server's background task does between operators' requests); 0 = none.
    #[arg(long, default_value_t = 0)]
    spares: u32,
}

/// The real tenant migrations plus one more, as a release adding a migration would have.
struct WithOneMore;

#[async_trait::async_trait]
impl MigratorTrait for WithOneMore {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        let mut all = tenant_migrations::Migrator::migrations();
        all.push(Box::new(AddNickname));
        all
    }
}

#[derive(DeriveMigrationName)]
struct AddNickname;

#[async_trait::async_trait]
impl MigrationTrait for AddNickname {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("customers")
                    .add_column(ColumnDef::new("bench_nickname").string().null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_customers_bench_nickname")
                    .table("customers")
                    .col("bench_nickname")
                    .to_owned(),
            )
            .await
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let temp = tempfile::tempdir()?;
    let (url, cleanup) = match &args.postgres {
        None => (DatabaseUrl::Sqlite { dir: temp.path().to_owned() }, None),
        Some(base) => {
            let name = format!("bo_bench_{}", std::process::id());
            let admin = Database::connect(base.as_str()).await?;
            admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await?;
            admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await?;
            let mut url = url::Url::parse(base)?;
            url.set_path(&name);
            (url.as_str().parse().map_err(|e: String| anyhow::anyhow!(e))?, Some((admin, name)))
        }
    };
    let backend = if cleanup.is_some() { "PostgreSQL" } else { "SQLite" };
    let mut config = Config::for_database(url);
    config.db_max_connections = 16;
    config.max_open_tenants = 256;
    config.spare_schemas = args.spares;
    config.jwt_secret = Some(backoffice::random::random_token(48).into());
    config.data_dir = Some(temp.path().to_owned());
    config.validate().map_err(|e| anyhow::anyhow!(e))?;
    let dbs = Databases::connect(&config.database_settings()).await?;
    setup::init(&dbs, &config.backoffice_tenant, Default::default()).await?;

    println!("backend: {backend}, tenants: {}, spare schemas: {}", args.tenants, args.spares);
    println!("RSS before: {} KiB", rss_kib());

    // 1. Provisioning.
    let mut times = Vec::with_capacity(args.tenants);
    let started = Instant::now();
    for i in 0..args.tenants {
        let new = NewTenant { name: Some(TenantName::parse(&format!("t{i:05}"))?), ..Default::default() };
        dbs.refill_spares().await?;
        let one = Instant::now();
        tenants::provision(&dbs, new, None).await.with_context(|| format!("provisioning t{i:05}"))?;
        times.push(one.elapsed());
    }
    let total = started.elapsed();
    times.sort();
    println!(
        "provision: total {:.1} s, median {:.1} ms, p95 {:.1} ms, max {:.1} ms per tenant",
        total.as_secs_f64(),
        ms(times[times.len() / 2]),
        ms(times[times.len() * 95 / 100]),
        ms(times[times.len() - 1])
    );

    // 2. `migrate` with one new migration.
    let started = Instant::now();
    let failed = setup::migrate_all_with::<WithOneMore>(&dbs, &config.secrets(), args.jobs, &|_| {}).await?;
    println!(
        "migrate (one new migration, {} jobs): {:.1} s for {} tenants, {} failed",
        args.jobs,
        started.elapsed().as_secs_f64(),
        args.tenants + 1,
        failed.len()
    );

    // 3. Touch every tenant once (a transaction with one query), then read RSS and connections.
    let started = Instant::now();
    for (name, pool) in tenants::all_names(dbs.control()).await? {
        let db = dbs.tenant(&name, &pool).await?;
        let tx = db.begin().await?;
        tx.query_one_raw(Statement::from_string(tx.get_database_backend(), "SELECT COUNT(*) FROM users")).await?;
        tx.commit().await?;
    }
    println!("touch every tenant once: {:.1} s", started.elapsed().as_secs_f64());
    println!("RSS after touching every tenant: {} KiB", rss_kib());
    println!("open tenant databases/connections held by the process: {}", dbs.open_connections());
    if let Some((admin, name)) = &cleanup {
        let row = admin
            .query_one_raw(Statement::from_string(
                DbBackend::Postgres,
                format!("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = '{name}'"),
            ))
            .await?
            .context("count row")?;
        println!("PostgreSQL server-side connections to the bench database: {}", row.try_get::<i64>("", "n")?);
    } else {
        println!("open file descriptors of the process: {}", open_fds());
    }

    dbs.close().await;
    if let Some((admin, name)) = cleanup {
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await?;
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).map(str::to_owned))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}

fn open_fds() -> usize {
    std::fs::read_dir("/proc/self/fd").map(|d| d.count()).unwrap_or(0)
}
