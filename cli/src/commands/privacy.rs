//! `privacy report|erase|hold --tenant T --customer ID`: the data subject's rights from the
//! command line (docs/privacy.md), by the same domain code as `/api/customers/{id}/report`,
//! `/erase` and `/legal-hold` — for a request that arrives by letter, or a tenant whose
//! administrators are locked out.

use std::{fs::File, io::BufWriter, path::PathBuf, sync::Arc};

use anyhow::Context;
use backoffice::{
    bus::announce::Announcer,
    config::Config,
    domain::{
        media::unused,
        privacy::{self, HoldChange, report},
        unit::Unit,
    },
    tenancy::Databases,
};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Writes a customer's subject report (a zip) to a file.
    Report {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        customer: i32,
        /// The .zip file to write.
        #[arg(short = 'o', long)]
        output: PathBuf,
    },
    /// Erases a customer by anonymisation (refused under a legal hold). No way back.
    Erase {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        customer: i32,
        /// Confirms the erasure (without it nothing is done).
        #[arg(long)]
        yes: bool,
    },
    /// Sets a legal hold with its reason, or lifts it (`--lift`).
    Hold {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        customer: i32,
        #[arg(long, conflicts_with = "lift", required_unless_present = "lift")]
        reason: Option<String>,
        #[arg(long)]
        lift: bool,
    },
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    let store = config.media_store().map_err(|err| anyhow::anyhow!("MEDIA_STORAGE: {err}"))?;
    match command {
        Command::Report { tenant, customer, output } => {
            let current = super::active_tenant(dbs, &tenant).await?;
            let db = current.open(dbs).await?;
            let started = std::time::Instant::now();
            let file = File::create(&output).with_context(|| format!("não foi possível criar {}", output.display()))?;
            let tx = db.snapshot().await?;
            let written = report::write(&tx, &store, current.name.as_str(), customer, BufWriter::new(file)).await;
            drop(tx);
            let written = written?;
            let command = format!("privacy report --customer {customer}");
            super::audited(dbs, &current, "cli_privacy_report", "Relatório do titular (LGPD)", "privacidade", &command)
                .await?;
            println!(
                "{}: relatório do titular {customer} de {} — {} mensagem(ns), {} arquivo(s) ({:.1} s)",
                output.display(),
                current.name,
                written.messages,
                written.media_files,
                started.elapsed().as_secs_f64()
            );
        }
        Command::Erase { tenant, customer, yes } => {
            if !yes {
                eprintln!("a anonimização não tem volta: repita com --yes para confirmar");
                return Ok(2);
            }
            let current = super::active_tenant(dbs, &tenant).await?;
            let db = current.open(dbs).await?;
            let started = std::time::Instant::now();
            let announcer = Arc::new(Announcer::new(config)?);
            let unit = Unit::begin(&db, announcer.clone()).await?;
            let erased = privacy::erase(&unit, customer).await?;
            unit.commit().await?;
            let files = unused::remove_now(&db, &store, &erased.released_media).await?;
            super::tell_servers(&announcer).await;
            let command = format!("privacy erase --customer {customer}");
            super::audited(dbs, &current, "cli_privacy_erase", "Anonimiza um cliente (LGPD)", "privacidade", &command)
                .await?;
            println!(
                "cliente {customer} de {} anonimizado: {} mensagem(ns) em {} atendimento(s), {} entrega(s) de webhook, \
                 {files} arquivo(s) ({:.1} s)",
                current.name,
                erased.messages,
                erased.tickets,
                erased.webhook_deliveries,
                started.elapsed().as_secs_f64()
            );
        }
        Command::Hold { tenant, customer, reason, lift } => {
            let current = super::active_tenant(dbs, &tenant).await?;
            let db = current.open(dbs).await?;
            let announcer = Arc::new(Announcer::new(config)?);
            let unit = Unit::begin(&db, announcer.clone()).await?;
            let status =
                privacy::set_hold(&unit, customer, HoldChange { reason: if lift { None } else { reason } }).await?;
            unit.commit().await?;
            super::tell_servers(&announcer).await;
            let (command, label) = match lift {
                true => (format!("privacy hold --customer {customer} --lift"), "Libera a exclusão de um cliente"),
                false => (format!("privacy hold --customer {customer}"), "Suspende a exclusão de um cliente"),
            };
            super::audited(dbs, &current, "cli_privacy_hold", label, "privacidade", &command).await?;
            match status.legal_hold_reason {
                Some(reason) => println!("cliente {customer}: exclusão suspensa ({reason})"),
                None => println!("cliente {customer}: sem retenção legal"),
            }
        }
    }
    Ok(0)
}
