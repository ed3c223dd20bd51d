//! `user create`.

use backoffice::{
    domain::{
        tenants,
        users::{self, NewUser},
    },
    tenancy::{Databases, TenantName},
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
}

pub async fn run(dbs: &Databases, command: Command) -> anyhow::Result<i32> {
    match command {
        Command::Create { tenant, email, name, password, role, department } => {
            let password = match password {
                Some(password) => password,
                None => prompt_secret("Senha: ")
                    .ok_or_else(|| anyhow::anyhow!("informe --password (nenhum terminal para perguntar)"))?,
            };
            let tenant = tenants::find_by_name(dbs.control(), &TenantName::parse(&tenant)?).await?;
            let name_ = TenantName::parse(&tenant.name)?;
            let db = dbs.tenant(&name_, &tenant.pool).await?;
            let tx = db.begin().await?;
            let new = NewUser { name, email, password, role, department, ..Default::default() };
            let user = users::create(&tx, new, tenant.user_limit).await?;
            tx.commit().await?;
            println!("usuário {} (id {}, login {}) criado no tenant \"{}\"", user.email, user.id, user.username, tenant.name);
        }
    }
    Ok(0)
}
