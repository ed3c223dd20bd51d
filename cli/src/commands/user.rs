//! `user create`, `user unblock`.

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

use crate::progress::prompt_secret;

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
    /// Unblocks a user blocked by wrong passwords (any tenant; e.g. its administrators).
    Unblock {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        email: String,
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
            println!(
                "usuário {} (id {}, login {}) criado no tenant \"{}\"",
                user.email, user.id, user.username, tenant.name
            );
        }
        Command::Unblock { tenant, email } => {
            let tenant = super::active_tenant(dbs, &tenant).await?;
            let announcer = Arc::new(Announcer::new(config)?);
            let unit = Unit::begin(&tenant.open(dbs).await?, announcer.clone()).await?;
            let user = users::unblock_by_email(&unit, &email).await?;
            unit.commit().await?;
            super::tell_servers(&announcer).await;
            println!("usuário {} desbloqueado no tenant \"{}\"", user.email, tenant.name);
        }
    }
    Ok(0)
}
