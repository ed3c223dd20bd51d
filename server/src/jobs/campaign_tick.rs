//! `campaign.tick`: queues a campaign's next sends at its instance's rate
//! (`domain::campaigns::sending::tick`) and comes back when they are out.

use crate::{
    domain::{campaigns::sending, outbox::CampaignTick},
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb, payload: &CampaignTick) -> Attempt {
    let ticked = async {
        let unit = worker.unit(db).await?;
        let next = sending::tick(&unit, payload.campaign_id).await?;
        unit.commit().await?;
        Ok::<_, crate::domain::Error>(next)
    }
    .await;
    match ticked {
        Ok(Some(next)) => Attempt::Again(next),
        Ok(None) => Attempt::Done,
        Err(err) => Attempt::Retry(err.to_string()),
    }
}
