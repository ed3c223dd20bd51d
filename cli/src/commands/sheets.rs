//! `sheets export KIND --tenant T --from D --to D -o FILE.xlsx`: the same sheets as
//! `/api/tenant/sheets/*`, written by the same domain code (docs/analytics.md#sheets).

use std::{fs::File, io::BufWriter, path::PathBuf};

use anyhow::Context;
use backoffice::{
    domain::{
        analytics::Period,
        reports::sheets::{self, SheetFilters, SheetKind},
    },
    tenancy::Databases,
};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Writes one sheet to a file.
    Export {
        /// orders, attendances, instance-logs or reasons.
        kind: String,
        #[arg(long)]
        tenant: String,
        /// First day (YYYY-MM-DD, São Paulo).
        #[arg(long)]
        from: String,
        /// Last day (YYYY-MM-DD).
        #[arg(long)]
        to: String,
        /// The .xlsx file to write.
        #[arg(short = 'o', long)]
        output: PathBuf,
        /// attendances: only this instance id.
        #[arg(long)]
        instance: Option<i32>,
        /// attendances: estimate the resolution of tickets still open.
        #[arg(long)]
        estimation: bool,
        /// reasons: only this closing reason id.
        #[arg(long)]
        reason: Option<i32>,
        /// attendances: only the tickets carrying this tag id.
        #[arg(long)]
        tag: Option<i32>,
    },
}

pub async fn run(dbs: &Databases, command: Command) -> anyhow::Result<i32> {
    let Command::Export { kind, tenant, from, to, output, instance, estimation, reason, tag } = command;
    let kind = SheetKind::parse(&kind).with_context(|| {
        format!("planilha desconhecida \"{kind}\": use orders, attendances, instance-logs ou reasons")
    })?;
    let period = Period::parse(Some(&from), Some(&to), ("--from", "--to"), 30)?;
    let current = super::active_tenant(dbs, &tenant).await?;
    let db = current.open(dbs).await?;
    let filters = SheetFilters { period, instance_id: instance, estimation, reason_id: reason, tag_id: tag };
    let sheet = sheets::build(db.backend(), kind, filters, current.name.as_str(), "backoffice-cli");
    let file = File::create(&output).with_context(|| format!("não foi possível criar {}", output.display()))?;
    let started = std::time::Instant::now();
    // One moment of the data throughout, streamed from a cursor.
    let tx = db.snapshot().await?;
    let rows = sheets::export(&tx, sheet, BufWriter::with_capacity(256 * 1024, file)).await;
    drop(tx);
    let rows = rows?;
    let command = format!("sheets export {} --from {from} --to {to}", kind.file_stem());
    super::audited(dbs, &current, "cli_sheets_export", &format!("Planilha: {}", kind.title()), "relatorios", &command)
        .await?;
    println!(
        "{}: {rows} linha(s) de {} em {} ({:.1} s)",
        output.display(),
        kind.title(),
        current.name,
        started.elapsed().as_secs_f64()
    );
    Ok(0)
}
