//! `init`: control database, back-office tenant, first operator. Safe to run again.

use backoffice::{
    config::Config,
    domain::setup::{self, InitOptions, Operator},
    tenancy::Databases,
};

use crate::progress::prompt_secret;

#[derive(clap::Args)]
pub struct Args {
    /// Email of the first operator (a user of the back-office tenant with every route).
    #[arg(long)]
    operator_email: Option<String>,
    /// Their password; asked on the terminal when omitted.
    #[arg(long, env = "OPERATOR_PASSWORD", hide_env_values = true)]
    operator_password: Option<String>,
    /// Their display name.
    #[arg(long, default_value = "Operador")]
    operator_name: String,
}

pub async fn run(dbs: &Databases, config: &Config, args: Args) -> anyhow::Result<i32> {
    let password = match (&args.operator_email, args.operator_password) {
        (Some(_), None) => Some(
            prompt_secret("Senha do operador: ")
                .ok_or_else(|| anyhow::anyhow!("informe --operator-password (nenhum terminal para perguntar)"))?,
        ),
        (_, password) => password,
    };
    let options = InitOptions {
        operator_email: args.operator_email,
        operator_password: password,
        operator_name: Some(args.operator_name),
    };
    let report = setup::init(dbs, &config.backoffice_tenant, options).await?;
    let tenant = &config.backoffice_tenant;
    if report.backoffice_created {
        println!("tenant do back-office \"{tenant}\" criado");
    } else {
        println!("tenant do back-office \"{tenant}\" já existe");
    }
    match report.operator {
        Operator::Created(email) => println!("operador {email} criado"),
        Operator::AlreadyExists(email) => println!("operador {email} já existe"),
        Operator::NotRequested => println!("nenhum operador pedido (use --operator-email e --operator-password)"),
    }
    Ok(0)
}
