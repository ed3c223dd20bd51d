//! `user create`, `user unblock`, `user temporary-password`, `users import`.

use std::sync::Arc;

use backoffice::{
    bus::announce::Announcer,
    config::Config,
    domain::{
        unit::Unit,
        users::{self, NewUser},
    },
    tenancy::Databases,
};

use crate::progress::{Progress, prompt_secret};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Adds a user to a tenant (counts against the tenant's user limit).
    Create {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// Asked on the terminal when omitted.
        #[arg(long, env = "USER_PASSWORD", hide_env_values = true)]
        password: Option<String>,
        /// Role name: administrador, supervisor, atendente, or one the tenant created.
        #[arg(long)]
        role: String,
        #[arg(long)]
        department: Option<String>,
    },
    /// Creates users from a spreadsheet (xlsx, xls or ods): columns nome, email, senha, perfil,
    /// and optionally departamento and instâncias (names separated by commas). Each row is created
    /// whole or not at all; the report names every row that failed and why (exit 1 if any).
    Import {
        #[arg(long)]
        tenant: String,
        file: std::path::PathBuf,
    },
    /// Unblocks a user blocked by wrong passwords (any tenant; e.g. its administrators).
    Unblock {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        email: String,
    },
    /// Sets a temporary password for someone who forgot theirs (e.g. a tenant's only
    /// administrator): their sessions end, and at the next login they must choose a new one.
    TemporaryPassword {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        email: String,
        /// Asked on the terminal when omitted.
        #[arg(long, env = "USER_PASSWORD", hide_env_values = true)]
        password: Option<String>,
    },
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    match command {
        Command::Create { tenant, email, name, password, role, department } => {
            let password = match password {
                Some(password) => password,
                None => prompt_secret("Senha: ")
                    .ok_or_else(|| anyhow::anyhow!("informe --password (nenhum terminal para perguntar)"))?,
            };
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let tx = tenant.open(dbs).await?.begin().await?;
            let new = NewUser { name, email, password, role, department, ..Default::default() };
            let user = users::create(&tx, new, tenant.record.user_limit).await?;
            tx.commit().await?;
            let command = format!("user create --email {}", user.email);
            super::audited(dbs, &tenant, "cli_user_create", "Cria um usuário", "usuários", &command).await?;
            println!(
                "usuário {} (id {}, login {}) criado no tenant \"{}\"",
                user.email, user.id, user.username, tenant.name
            );
        }
        Command::Import { tenant, file } => {
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let rows = users::import::read(&file).await.map_err(|why| anyhow::anyhow!("{}: {why}", file.display()))?;
            let progress = Progress::new(rows.len() as u64, "usuários");
            let db = tenant.open(dbs).await?;
            let report = users::import::import(&db, rows, tenant.record.user_limit, &|done, total| {
                progress.set(done as u64, total as u64)
            })
            .await;
            progress.finish();
            for (line, email) in &report.created {
                println!("linha {line}: {email} criado");
            }
            for (line, why) in &report.failed {
                println!("linha {line}: não importada: {why}");
            }
            println!(
                "{} criado(s), {} com erro, no tenant \"{}\"",
                report.created.len(),
                report.failed.len(),
                tenant.name
            );
            return Ok(if report.failed.is_empty() { 0 } else { 1 });
        }
        Command::Unblock { tenant, email } => {
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let announcer = Arc::new(Announcer::new(config)?);
            let unit = Unit::begin(&tenant.open(dbs).await?, announcer.clone()).await?;
            let user = users::unblock_by_email(&unit, &email).await?;
            unit.commit().await?;
            super::tell_servers(&announcer).await;
            let command = format!("user unblock --email {}", user.email);
            super::audited(dbs, &tenant, "cli_user_unblock", "Desbloqueia um usuário", "usuários", &command).await?;
            println!("usuário {} desbloqueado no tenant \"{}\"", user.email, tenant.name);
        }
        Command::TemporaryPassword { tenant, email, password } => {
            let password = match password {
                Some(password) => password,
                None => prompt_secret("Senha temporária: ")
                    .ok_or_else(|| anyhow::anyhow!("informe --password (nenhum terminal para perguntar)"))?,
            };
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let announcer = Arc::new(Announcer::new(config)?);
            let unit = Unit::begin(&tenant.open(dbs).await?, announcer.clone()).await?;
            let user = users::find_by_email(&unit, &email)
                .await?
                .ok_or_else(|| anyhow::anyhow!("nenhum usuário com o email {email} no tenant \"{}\"", tenant.name))?;
            // The CLI is nobody's account: `0` is no user id.
            users::account::set_temporary_password(&unit, user.id, &password, 0).await?;
            unit.commit().await?;
            super::tell_servers(&announcer).await;
            // The password itself is never on the record.
            let command = format!("user temporary-password --email {}", user.email);
            let label = "Define uma senha temporária";
            super::audited(dbs, &tenant, "cli_user_temporary_password", label, "usuários", &command).await?;
            println!(
                "senha temporária definida para {} no tenant \"{}\": a pessoa a troca no próximo login",
                user.email, tenant.name
            );
        }
    }
    Ok(0)
}
