//! `instance.sync`: one step of an instance's message-history synchronisation
//! (`domain::instances::sync::step`) — a few pages, then the same job again at once while the
//! provider offers more. Where the sync stands is on its `sync_jobs` row, so a retried or resumed
//! step asks for the page after the last one stored.

use chrono::Utc;

use crate::{
    domain::{
        instances::sync::{self, Step},
        outbox::InstanceSync,
    },
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb, payload: &InstanceSync) -> Attempt {
    let limits = sync::Limits { allow_private: worker.allow_private_providers, max_pages: worker.sync_max_pages };
    match sync::step(db, &worker.secrets, payload.sync_job_id, limits).await {
        Ok(Step::Ended) => Attempt::Done,
        Ok(Step::More) => Attempt::Again(Utc::now()),
        Err(err) => Attempt::Retry(err.to_string()),
    }
}
