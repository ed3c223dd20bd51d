//! `tenant create|list|delete|restore|set-plan|feature|export|import`.

use std::path::PathBuf;

use anyhow::Context;
use backoffice::{
    bus::announce::Announcer,
    config::Config,
    domain::tenants::{self, ListQuery, NewTenant, Provisioned, backup},
    tenancy::{Databases, TenantName},
};

use crate::progress::Progress;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Provisions a tenant: storage, migrations, template. Re-running finishes an interrupted run.
    Create {
        name: String,
        #[arg(long)]
        plan: Option<String>,
        #[arg(long)]
        cnpj: Option<String>,
        #[arg(long)]
        template: Option<String>,
        #[arg(long)]
        pool: Option<String>,
        #[arg(long)]
        user_limit: Option<i32>,
        #[arg(long)]
        ticket_limit: Option<i32>,
        /// Megabytes of media the tenant may keep (0 = unlimited).
        #[arg(long)]
        media_limit_mb: Option<i32>,
    },
    /// Lists tenants (deleted ones with --deleted).
    List {
        /// Include soft-deleted tenants.
        #[arg(long)]
        deleted: bool,
        /// One JSON document instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Soft-deletes a tenant: its hosts stop resolving, its data stays.
    Delete { name: String },
    /// Restores a soft-deleted tenant.
    Restore { name: String },
    /// Erases a deleted tenant for good: its data, its media and its name. Cannot be undone.
    Purge {
        name: String,
        /// Confirms: the tenant's data and media are gone for good.
        #[arg(long)]
        yes: bool,
    },
    /// Sets the plan, and optionally explicit limits (0 = unlimited).
    SetPlan {
        name: String,
        #[arg(long)]
        plan: String,
        #[arg(long)]
        user_limit: Option<i32>,
        #[arg(long)]
        ticket_limit: Option<i32>,
        /// Megabytes of media the tenant may keep (0 = unlimited).
        #[arg(long)]
        media_limit_mb: Option<i32>,
    },
    /// Switches a feature option on or off.
    Feature {
        name: String,
        option: String,
        #[arg(value_parser = ["on", "off"])]
        state: String,
    },
    /// Writes a tenant's data (and its plan, limits and features) to FILE: JSON lines, the same on
    /// SQLite and PostgreSQL, read from one consistent snapshot while the tenant keeps working.
    Export { name: String, file: PathBuf },
    /// Creates tenant NAME from an export FILE (the same or another name, either backend), all at
    /// once or not at all. NAME must not exist yet.
    Import {
        name: String,
        file: PathBuf,
        /// Database pool to place it on (PostgreSQL with TENANT_POOLS).
        #[arg(long)]
        pool: Option<String>,
    },
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    let control = dbs.control();
    let announcer = Announcer::new(config)?;
    match command {
        Command::Create { name, plan, cnpj, template, pool, user_limit, ticket_limit, media_limit_mb } => {
            let name = TenantName::parse_new(&name, &config.backoffice_tenant)?;
            let new = NewTenant {
                name: Some(name.clone()),
                cnpj,
                plan,
                template,
                pool,
                user_limit,
                ticket_limit,
                media_limit_mb,
                features: None,
                restore_from: None,
            };
            match tenants::provision(dbs, new, None).await? {
                Provisioned::Created(t) => println!("tenant \"{}\" criado (id {}, plano {})", t.name, t.id, t.plan),
                Provisioned::Resumed(t) => {
                    println!("tenant \"{}\" concluído (provisionamento anterior interrompido)", t.name)
                }
            }
            // Replace the spare schema it may have used (PostgreSQL; nothing on SQLite).
            if let Err(err) = dbs.refill_spares().await {
                eprintln!("aviso: esquemas reserva não repostos ({err}); o servidor os repõe");
            }
        }
        Command::List { deleted, json } => {
            let mut query = ListQuery { include_deleted: deleted, limit: tenants::MAX_PAGE_SIZE, ..Default::default() };
            query.descending = false;
            let mut rows = Vec::new();
            loop {
                let page = tenants::list(control, &query).await?;
                let last = page.pagination.page >= page.pagination.pages;
                rows.extend(page.data);
                if last {
                    break;
                }
                query.page += 1;
            }
            if json {
                println!("{}", serde_json::to_string_pretty(&rows)?);
            } else {
                println!(
                    "{:>5}  {:<24} {:<11} {:>7} {:>8}  {:<14} situação",
                    "id", "nome", "plano", "usuários", "tickets", "cnpj"
                );
                for t in rows {
                    let state = if t.deleted_at.is_some() { "excluído" } else { "ativo" };
                    println!(
                        "{:>5}  {:<24} {:<11} {:>7} {:>8}  {:<14} {state}",
                        t.id,
                        t.name,
                        t.plan,
                        t.user_limit,
                        t.ticket_limit,
                        t.cnpj.unwrap_or_default()
                    );
                }
            }
        }
        Command::Delete { name } => {
            let tenant = tenants::find_by_name(control, &TenantName::parse(&name)?).await?;
            tenants::delete(control, tenant, &config.backoffice_tenant, &announcer).await?;
            println!("tenant \"{name}\" excluído (os dados foram mantidos; use `tenant restore` para reativar)");
        }
        Command::Restore { name } => {
            let tenant = tenants::find_by_name(control, &TenantName::parse(&name)?).await?;
            tenants::restore(control, tenant, &announcer).await?;
            println!("tenant \"{name}\" restaurado");
        }
        Command::Purge { name, yes } => {
            let tenant = tenants::find_by_name(control, &TenantName::parse(&name)?).await?;
            if !yes {
                anyhow::bail!(
                    "apagar \"{name}\" de vez remove os dados e as mídias sem volta: repita com --yes para confirmar"
                );
            }
            let purged = tenants::purge(dbs, &media_store(config)?, tenant).await?;
            println!(
                "tenant \"{name}\" apagado de vez: banco de dados e {} objeto(s) de mídia removidos",
                purged.media_objects
            );
        }
        Command::SetPlan { name, plan, user_limit, ticket_limit, media_limit_mb } => {
            let tenant = tenants::find_by_name(control, &TenantName::parse(&name)?).await?;
            let t =
                tenants::set_plan(control, tenant, &plan, user_limit, ticket_limit, media_limit_mb, &announcer).await?;
            let command = format!("tenant set-plan {} {}", t.name, t.plan);
            operators_log(dbs, config, "cli_tenant_set_plan", "Altera o plano de uma empresa", &command).await?;
            println!(
                "tenant \"{}\": plano {}, limite de usuários {}, limite mensal de tickets {}, limite de mídia {} MB",
                t.name, t.plan, t.user_limit, t.ticket_limit, t.media_limit_mb
            );
        }
        Command::Feature { name, option, state } => {
            let tenant = tenants::find_by_name(control, &TenantName::parse(&name)?).await?;
            let enabled = state == "on";
            tenants::set_feature(control, &tenant, &option, enabled, &announcer).await?;
            let command = format!("tenant feature {name} {option} {state}");
            operators_log(dbs, config, "cli_tenant_feature", "Liga ou desliga um recurso de uma empresa", &command)
                .await?;
            println!("tenant \"{name}\": {option} {}", if enabled { "ativado" } else { "desativado" });
        }
        Command::Export { name, file } => export(dbs, config, &name, &file).await?,
        Command::Import { name, file, pool } => {
            let name = TenantName::parse_new(&name, &config.backoffice_tenant)?;
            if !file.exists() {
                anyhow::bail!("não foi possível abrir {}: arquivo não encontrado", file.display());
            }
            eprintln!("importando {} como \"{name}\"…", file.display());
            let (header, created) =
                backup::import(dbs, &config.secrets(), &media_store(config)?, name, &file, pool).await?;
            println!(
                "tenant \"{}\" importado de {} (exportado de \"{}\" em {}, plano {})",
                created.tenant().name,
                file.display(),
                header.tenant.name,
                header.exported_at.format("%Y-%m-%d %H:%M UTC"),
                created.tenant().plan
            );
        }
    }
    super::tell_servers(&announcer).await;
    Ok(0)
}

/// Streams the tenant to FILE (created 0600 beside it and renamed into place once complete:
/// `backup::export_file`).
async fn export(dbs: &Databases, config: &Config, name: &str, file: &std::path::Path) -> anyhow::Result<()> {
    let name = TenantName::parse(name)?;
    let record = tenants::find_by_name(dbs.control(), &name).await?;
    let mut features: Vec<String> = tenants::enabled_features(dbs.control(), record.id).await?.into_iter().collect();
    features.sort();
    let db = dbs.tenant(&name, &record.pool).await?;
    let progress = Progress::new(0, "exportando");
    let store = media_store(config)?;
    let counts = backup::export_file(&db, &store, backup::TenantRecord::new(&record, features), file, |table, rows| {
        progress.line(&format!("{table}: {rows} linha(s)"));
    })
    .await;
    progress.finish();
    let counts = counts.with_context(|| format!("não foi possível gravar {}", file.display()))?;
    let rows: u64 = counts.iter().map(|(_, n)| n).sum();
    println!("tenant \"{name}\" exportado para {} ({rows} linhas em {} tabelas)", file.display(), counts.len());
    Ok(())
}

/// Records an operator's command on the back-office tenant's own audit log: the operators' view of
/// what was done to every company (docs/audit.md#operators).
async fn operators_log(
    dbs: &Databases,
    config: &Config,
    action: &str,
    label: &str,
    command: &str,
) -> anyhow::Result<()> {
    let operators = super::active_tenant(dbs, config.backoffice_tenant.as_str()).await?;
    super::audited(dbs, &operators, action, label, "tenants", command).await
}

/// Where the tenant's media are kept (`MEDIA_STORAGE`): an export carries them, an import stores them.
fn media_store(config: &Config) -> anyhow::Result<backoffice::domain::media::MediaStore> {
    config.media_store().map_err(|err| anyhow::anyhow!("MEDIA_STORAGE: {err}"))
}
