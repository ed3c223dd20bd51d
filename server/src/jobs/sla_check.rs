//! `sla.check`: an instant of a ticket's SLA clock came — it may now be at risk or breached
//! (`domain::sla::clock::check`, which also queues the next).

use crate::{
    domain::{outbox::SlaCheck, sla::clock},
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb, payload: &SlaCheck) -> Attempt {
    let checked = async {
        let unit = worker.unit(db).await?;
        clock::check(&unit, payload.ticket_id, payload.at).await?;
        unit.commit().await?;
        Ok::<(), crate::domain::Error>(())
    }
    .await;
    match checked {
        Ok(()) => Attempt::Done,
        Err(err) => Attempt::Retry(err.to_string()),
    }
}
