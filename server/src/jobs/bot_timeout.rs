//! `bot.timeout`: closes a bot conversation whose customer went silent, or queues the next check
//! (`domain::bot::live::check_inactivity`).

use chrono::Utc;

use crate::{
    domain::{bot::live, outbox::BotTimeout},
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb, payload: &BotTimeout) -> Attempt {
    let checked = async {
        let unit = worker.unit(db).await?;
        live::check_inactivity(&unit, payload.session_id, Utc::now()).await?;
        unit.commit().await?;
        Ok::<(), crate::domain::Error>(())
    }
    .await;
    match checked {
        Ok(()) => Attempt::Done,
        Err(err) => Attempt::Retry(err.to_string()),
    }
}
