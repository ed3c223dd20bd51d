//! `scheduled.send`: sends a scheduled message at its time (`domain::scheduled_messages::sending`),
//! within the tenant's monthly ticket limit when it has to open a ticket.

use crate::{
    domain::{outbox::ScheduledSend, scheduled_messages::sending, tenants},
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb, payload: &ScheduledSend) -> Attempt {
    let sent = async {
        let record = tenants::find_by_name(worker.dbs.control(), db.name()).await?;
        let unit = worker.unit(db).await?;
        sending::send_due(&unit, payload.scheduled_id, record.ticket_limit).await?;
        unit.commit().await?;
        Ok::<(), crate::domain::Error>(())
    }
    .await;
    match sent {
        Ok(()) => Attempt::Done,
        Err(err) => Attempt::Retry(err.to_string()),
    }
}
