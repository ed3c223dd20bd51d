//! `migrate`: control first, then every tenant with bounded parallelism. One tenant's failure does
//! not stop the others; any failure makes the exit status non-zero.

use std::time::Instant;

use backoffice::{
    config::Config,
    domain::{setup, tenants},
    tenancy::Databases,
};

use crate::progress::Progress;

#[derive(clap::Args)]
pub struct Args {
    /// How many tenants migrate at once.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    jobs: u16,
}

pub async fn run(dbs: &Databases, config: &Config, args: Args) -> anyhow::Result<i32> {
    let started = Instant::now();
    let total = match tenants::all_names(dbs.control()).await {
        Ok(all) => all.len(),
        Err(_) => 0, // control not migrated yet: migrate_all does that first
    };
    let progress = Progress::new(total as u64, "migrando tenants");
    let report = |outcome: &setup::TenantMigration| {
        progress.inc();
        let prefix = format!("[{}/{} {}]", outcome.index + 1, outcome.total, outcome.name);
        match &outcome.result {
            Ok(()) => progress.line(&format!("{prefix} ok")),
            Err(err) => progress.line(&format!("{prefix} erro: {err}")),
        }
    };
    let failed = setup::migrate_all(dbs, &config.secrets(), args.jobs as usize, &report)
        .await
        .map_err(|err| anyhow::anyhow!("controle: {err}"))?;
    progress.finish();
    // Spare schemas (PostgreSQL) catch up with the new migrations, and missing ones are made.
    match dbs.refill_spares().await {
        Ok(created) if dbs.backend() == sea_orm::DbBackend::Postgres => {
            println!("esquemas reserva em dia ({created} criado(s))")
        }
        Ok(_) => {}
        Err(err) => eprintln!("aviso: esquemas reserva não atualizados: {err}"),
    }
    let done = tenants::all_names(dbs.control()).await?.len();
    println!(
        "{} tenant(s) migrado(s), {} com erro, em {:.1}s",
        done - failed.len(),
        failed.len(),
        started.elapsed().as_secs_f64()
    );
    if failed.is_empty() {
        return Ok(0);
    }
    let names: Vec<String> = failed.iter().map(ToString::to_string).collect();
    eprintln!("falharam: {}", names.join(", "));
    Ok(1)
}
