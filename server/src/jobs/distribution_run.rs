//! `distribution.run` and `distribution.offer_expire`. The first gives waiting tickets to the people with room, oldest first, one
//! transaction each (`domain::distribution::assign`), until none can be placed or the run's
//! share is spent — then it queues the next run at once.

use chrono::Utc;

use crate::{
    domain::{
        distribution::{
            assign::{self, Full, Placed, RUN_LIMIT},
            offers,
        },
        outbox::DistributionOfferExpire,
    },
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb) -> Attempt {
    let with_socket = worker.bus.online(db.name()).await;
    let ran = async {
        let mut full = Full::default();
        for _ in 0..RUN_LIMIT {
            let unit = worker.unit(db).await?;
            let Some(waiting) = assign::next_waiting(&unit, &full).await? else { return Ok(true) };
            match assign::place(&unit, &waiting, &with_socket).await? {
                Placed::To { .. } => unit.commit().await?,
                // Nobody has room for this instance and department: its other tickets neither.
                Placed::NoRoom => {
                    full.places.insert((waiting.instance_id, waiting.department_id.unwrap_or(0)));
                }
                // Everyone with room declined it: it waits in the queue for whoever takes it.
                Placed::NobodyElse => {
                    full.tickets.insert(waiting.ticket_id);
                }
                Placed::Gone => {}
            }
        }
        Ok::<_, crate::domain::Error>(false)
    }
    .await;
    match ran {
        Ok(false) => Attempt::Again(Utc::now()),
        Ok(true) => Attempt::Done,
        Err(err) => Attempt::Retry(err.to_string()),
    }
}

/// `distribution.offer_expire`: an offer nobody answered in time goes to the next person.
pub async fn expire_offer(worker: &Worker, db: &TenantDb, payload: &DistributionOfferExpire) -> Attempt {
    let expired = async {
        let unit = worker.unit(db).await?;
        offers::expire(&unit, payload.transfer_id).await?;
        unit.commit().await?;
        Ok::<(), crate::domain::Error>(())
    }
    .await;
    match expired {
        Ok(()) => Attempt::Done,
        Err(err) => Attempt::Retry(err.to_string()),
    }
}
