//! `secrets rotate`: re-seals every tenant's secrets at rest with the current `SECRETS_KEY`
//! (docs/operations.md#rotating-the-secrets-key). Run it with the new key as `SECRETS_KEY` and the
//! old one as `SECRETS_KEY_PREVIOUS`; afterwards the previous key can be dropped. Idempotent and
//! safe to interrupt: values already sealed with the current key are left alone.

use backoffice::{
    config::Config,
    domain::{sealing, tenants},
    tenancy::Databases,
};

use crate::progress::Progress;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Re-seals two-factor seeds, provider and webhook secrets of every tenant with SECRETS_KEY.
    Rotate,
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    let Command::Rotate = command;
    let secrets = config.secrets();
    let all = tenants::all_names(dbs.control()).await?;
    let progress = Progress::new(all.len() as u64, "selando segredos");
    let (mut resealed, mut failed) = (0u64, 0usize);
    for (index, (name, pool)) in all.iter().enumerate() {
        let prefix = format!("[{}/{} {name}]", index + 1, all.len());
        let result = async {
            let tx = dbs.tenant(name, pool).await?.begin().await?;
            let count = sealing::reseal(&tx, &secrets, name).await?;
            tx.commit().await?;
            Ok::<u64, anyhow::Error>(count)
        }
        .await;
        progress.inc();
        match result {
            Ok(count) => {
                resealed += count;
                progress.line(&format!("{prefix} {count} segredo(s) selado(s) de novo"));
            }
            Err(err) => {
                failed += 1;
                progress.line(&format!("{prefix} erro: {err:#}"));
            }
        }
    }
    progress.finish();
    println!("{resealed} segredo(s) selado(s) com a chave atual; {failed} tenant(s) com erro");
    Ok(if failed == 0 { 0 } else { 1 })
}
