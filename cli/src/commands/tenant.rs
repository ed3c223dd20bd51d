//! `tenant create|list|delete|restore|set-plan|feature`.

use backoffice::{
    bus::announce::Announcer,
    config::Config,
    domain::tenants::{self, ListQuery, NewTenant, Provisioned},
    tenancy::{Databases, TenantName},
};

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
    /// Sets the plan, and optionally explicit limits (0 = unlimited).
    SetPlan {
        name: String,
        #[arg(long)]
        plan: String,
        #[arg(long)]
        user_limit: Option<i32>,
        #[arg(long)]
        ticket_limit: Option<i32>,
    },
    /// Switches a feature option on or off.
    Feature {
        name: String,
        option: String,
        #[arg(value_parser = ["on", "off"])]
        state: String,
    },
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    let control = dbs.control();
    let announcer = Announcer::new(config)?;
    match command {
        Command::Create { name, plan, cnpj, template, pool, user_limit, ticket_limit } => {
            let name = TenantName::parse_new(&name, &config.backoffice_tenant)?;
            let new = NewTenant {
                name: Some(name.clone()),
                cnpj,
                plan,
                template,
                pool,
                user_limit,
                ticket_limit,
                features: None,
            };
            match tenants::provision(dbs, new, None).await? {
                Provisioned::Created(t) => println!("tenant \"{}\" criado (id {}, plano {})", t.name, t.id, t.plan),
                Provisioned::Resumed(t) => {
                    println!("tenant \"{}\" concluído (provisionamento anterior interrompido)", t.name)
                }
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
        Command::SetPlan { name, plan, user_limit, ticket_limit } => {
            let tenant = tenants::find_by_name(control, &TenantName::parse(&name)?).await?;
            let t = tenants::set_plan(control, tenant, &plan, user_limit, ticket_limit, &announcer).await?;
            println!(
                "tenant \"{}\": plano {}, limite de usuários {}, limite mensal de tickets {}",
                t.name, t.plan, t.user_limit, t.ticket_limit
            );
        }
        Command::Feature { name, option, state } => {
            let tenant = tenants::find_by_name(control, &TenantName::parse(&name)?).await?;
            let enabled = state == "on";
            tenants::set_feature(control, &tenant, &option, enabled, &announcer).await?;
            println!("tenant \"{name}\": {option} {}", if enabled { "ativado" } else { "desativado" });
        }
    }
    super::tell_servers(&announcer).await;
    Ok(0)
}
