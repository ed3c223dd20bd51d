//! `seed demo`: a tenant full of realistic Brazilian demo data, with a demo administrator.

use std::time::Instant;

use backoffice::{
    config::Config,
    demo::{self as seed, DemoOptions, SeedStage},
    domain::{
        Error, passwords, sealing,
        tenants::{self, NewTenant},
        users::{self, NewUser},
    },
    entities::tenant::ticket,
    tenancy::{Databases, TenantName},
};
use sea_orm::{EntityTrait, PaginatorTrait};

use crate::progress::Progress;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Fills a tenant (created when missing) with demo data. Skips a tenant that has tickets.
    Demo(DemoArgs),
}

#[derive(clap::Args)]
pub struct DemoArgs {
    #[arg(long, default_value = "demo")]
    tenant: String,
    /// Customers to create; tickets and messages scale with them.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    customers: u32,
    /// Days of history, ending today.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=3650))]
    days: u32,
    /// Agents (users) besides the administrator.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    agents: u32,
    /// Messages in each ticket.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=500))]
    messages_per_ticket: u32,
    /// The demo administrator's email.
    #[arg(long, default_value = "admin@demo.example")]
    admin_email: String,
    /// Password of the demo administrator and of every demo agent.
    #[arg(long, env = "DEMO_PASSWORD", default_value = "Demo@Senha#2026", hide_env_values = true)]
    password: String,
    /// Seed of the random generator (same seed, same data).
    #[arg(long, default_value_t = 2026)]
    rng_seed: u64,
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    let Command::Demo(args) = command;
    let started = Instant::now();
    let name = TenantName::parse_new(&args.tenant, &config.backoffice_tenant)?;
    let tenant = match tenants::find_by_name(dbs.control(), &name).await {
        Ok(tenant) => tenant,
        Err(Error::NotFound { .. }) => {
            let new = NewTenant { name: Some(name.clone()), plan: Some("enterprise".into()), ..Default::default() };
            let created = tenants::provision(dbs, new, None).await?;
            eprintln!("tenant \"{name}\" criado");
            created.tenant().clone()
        }
        Err(other) => return Err(other.into()),
    };
    let db = dbs.tenant(&name, &tenant.pool).await?;
    let tx = db.begin().await?;
    if ticket::Entity::find().count(&tx).await? > 0 {
        println!("o tenant \"{name}\" já tem dados; nada foi alterado");
        return Ok(0);
    }
    if users::find_by_email(&tx, &args.admin_email).await?.is_none() {
        let admin = NewUser {
            name: "Administrador Demo".into(),
            email: args.admin_email.clone(),
            password: args.password.clone(),
            role: "administrador".into(),
            ..Default::default()
        };
        users::create(&tx, admin, 0).await?;
    }
    let options = DemoOptions {
        customers: args.customers,
        days: args.days,
        agents: args.agents,
        messages_per_ticket: args.messages_per_ticket,
        password_hash: passwords::hash(passwords::NEW_ACCOUNTS, &args.password).await,
        rng_seed: args.rng_seed,
    };
    let progress = Progress::new(0, "gerando tickets e mensagens");
    let report = |stage: SeedStage| match stage {
        SeedStage::Tickets { done, total } => progress.set(done, total),
        other => progress.line(&format!("etapa: {}", stage_label(&other))),
    };
    let summary = seed::seed_demo(&tx, &options, &report).await?;
    // The demo's webhook secrets are written like any other: sealed at rest.
    sealing::reseal(&tx, &config.secrets(), &name).await?;
    tx.commit().await?;
    progress.finish();
    println!(
        "tenant \"{name}\": {} usuários, {} clientes, {} tickets, {} mensagens, {} pedidos, {} transferências, {} campanhas, {} respostas rápidas, {} anotações, {} agendamentos, {} etiquetas, {} pesquisas de satisfação, {} registros de instância, {} falhas de login em {:.1}s",
        summary.users,
        summary.customers,
        summary.tickets,
        summary.messages,
        summary.orders,
        summary.transfers,
        summary.campaigns,
        summary.quick_replies,
        summary.notes,
        summary.scheduled,
        summary.tags,
        summary.surveys,
        summary.instance_logs,
        summary.login_failures,
        started.elapsed().as_secs_f64()
    );
    Ok(0)
}

fn stage_label(stage: &SeedStage) -> &'static str {
    match stage {
        SeedStage::Directory => "instâncias e atendentes",
        SeedStage::Customers => "clientes",
        SeedStage::Tickets { .. } => "tickets e mensagens",
        SeedStage::Campaigns => "campanhas",
        SeedStage::Logs => "registros de instâncias e falhas de login",
        SeedStage::Analytics => "agregados diários",
    }
}
