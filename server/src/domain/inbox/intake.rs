//! How provider events are written ([`Intake::take`]: the handler only authenticates and hands the
//! arrival here). Group commit of provider events on SQLite (docs/performance.md#group-commit): the events of one
//! tenant that arrive while its previous batch is being written go into the database together, in
//! one transaction, instead of one transaction each.
//!
//! A SQLite tenant has one writer: every provider POST queued for it, and each paid its own
//! `BEGIN IMMEDIATE`/`COMMIT`, the hand-over of the writer connection from one request to the
//! next, and the WAL frames of the pages it touched — the same last pages of `messages`,
//! `tickets`, `chats` and their indexes, written again by the next event. A batch pays these once.
//! PostgreSQL is not batched: its transactions run side by side on several connections, and one
//! serial writer per tenant, each statement a round trip, lost more than the shared commits saved
//! (416 → 368 messages/s in `bench-inbox --phases ingest`); so did four writers per tenant, each
//! batching the events of the customers whose phones hash to it (822 → 725 messages/s at full
//! size, 2026-11-28): the machine is busy computing, not waiting for commits. It writes each
//! event alone ([`write`]).
//!
//! Nothing changes for the provider: its POST is answered after the commit that holds its event,
//! with the same `ok`/`duplicate`, and events are raised after that commit only. The batch has no
//! savepoints: if any event of it fails (a database error; bad input is refused before it is
//! queued, [`inbound::validate`]), the whole batch rolls back and each event is written again in a
//! transaction of its own, so one bad event neither loses nor half-writes the others and gets
//! exactly the answer it would have had alone.
//!
//! The batch is written by a task of its own, not by the request that started it: a provider that
//! hangs up must not abandon the events of the others. Batches hold at most [`MAX_BATCH`] events,
//! so a long queue is written in several commits and the first answers do not wait for the last.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

use sea_orm::DbErr;
use tokio::sync::oneshot;

use crate::{
    domain::{
        error::{Error, Result},
        events::Publisher,
        inbox::inbound::{self, Plan, ProviderEvent, Received},
        unit::Unit,
    },
    entities::tenant::instance,
    tenancy::{TenantDb, TenantName},
};

/// The most events written in one transaction.
pub const MAX_BATCH: usize = 32;

/// One provider event, authenticated, waiting for its batch.
pub struct Arrival {
    pub instance: instance::Model,
    pub event_id: String,
    pub event: ProviderEvent,
    pub plan: Plan,
}

struct Waiting {
    arrival: Arrival,
    answer: oneshot::Sender<Result<Received>>,
}

/// A tenant's events waiting to be written, and whether a task is writing them.
#[derive(Default)]
struct Queue {
    waiting: Vec<Waiting>,
    writing: bool,
}

/// The queues of this process, one per tenant that received events.
#[derive(Default)]
pub struct Intake {
    queues: Mutex<HashMap<TenantName, Arc<Mutex<Queue>>>>,
}

impl Intake {
    /// Writes an authenticated provider event the way its backend writes best: on SQLite with
    /// whatever else arrived for the tenant meanwhile (group commit); on PostgreSQL alone, beside
    /// the others ([`write_beside`]). Answers once it is committed (or refused).
    pub async fn take(&self, db: TenantDb, publisher: Arc<dyn Publisher>, arrival: Arrival) -> Result<Received> {
        if db.backend() == sea_orm::DbBackend::Sqlite {
            self.receive(db, publisher, arrival).await
        } else {
            write_beside(&db, publisher, &arrival).await
        }
    }

    /// Writes `arrival` to the tenant's (SQLite) database with whatever else arrived for it
    /// meanwhile; answers once it is committed (or refused).
    pub async fn receive(&self, db: TenantDb, publisher: Arc<dyn Publisher>, arrival: Arrival) -> Result<Received> {
        inbound::validate(&arrival.event)?;
        let queue = self.queue(db.name());
        let (answer, answered) = oneshot::channel();
        let start_writer = {
            let mut queue = lock(&queue);
            queue.waiting.push(Waiting { arrival, answer });
            !std::mem::replace(&mut queue.writing, true)
        };
        if start_writer {
            tokio::spawn(write_queue(queue, db, publisher));
        }
        answered.await.unwrap_or_else(|_| Err(Error::Db(DbErr::Custom("the intake's writer stopped".into()))))
    }

    fn queue(&self, tenant: &TenantName) -> Arc<Mutex<Queue>> {
        let mut queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
        queues.entry(tenant.clone()).or_default().clone()
    }
}

fn lock(queue: &Mutex<Queue>) -> std::sync::MutexGuard<'_, Queue> {
    queue.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes batches until the queue is empty, then lets the next arrival start a writer again.
async fn write_queue(queue: Arc<Mutex<Queue>>, db: TenantDb, publisher: Arc<dyn Publisher>) {
    loop {
        let batch: Vec<Waiting> = {
            let mut queue = lock(&queue);
            if queue.waiting.is_empty() {
                queue.writing = false;
                return;
            }
            let take = queue.waiting.len().min(MAX_BATCH);
            queue.waiting.drain(..take).collect()
        };
        write_batch(&db, &publisher, batch).await;
    }
}

async fn write_batch(db: &TenantDb, publisher: &Arc<dyn Publisher>, batch: Vec<Waiting>) {
    if batch.len() > 1 {
        match write_together(db, publisher, &batch).await {
            Ok(received) => {
                for (waiting, received) in batch.into_iter().zip(received) {
                    let _ = waiting.answer.send(Ok(received));
                }
                return;
            }
            Err(error) => {
                tracing::debug!(%error, events = batch.len(), "batch rolled back; writing its events one by one")
            }
        }
    }
    for waiting in batch {
        let received = write_alone(db, publisher, &waiting.arrival).await;
        let _ = waiting.answer.send(received);
    }
}

/// Every event of `batch` in one transaction, or none.
async fn write_together(db: &TenantDb, publisher: &Arc<dyn Publisher>, batch: &[Waiting]) -> Result<Vec<Received>> {
    let unit = Unit::begin(db, publisher.clone()).await?;
    let mut received = Vec::with_capacity(batch.len());
    for waiting in batch {
        received.push(write(&unit, &waiting.arrival).await?);
    }
    unit.commit().await?;
    Ok(received)
}

/// One event in a transaction of its own, beside others (PostgreSQL). The same message resent under
/// a new event id while the first is still being written passes the duplicate check of both (neither
/// is committed yet) and then fails on the message's unique provider id: once the other committed,
/// it is a duplicate, the answer it would have had a moment later.
pub async fn write_beside(db: &TenantDb, publisher: Arc<dyn Publisher>, arrival: &Arrival) -> Result<Received> {
    match write_alone(db, &publisher, arrival).await {
        Err(Error::Conflict { code: "already_exists", .. }) if stored(db, arrival).await? => Ok(Received::Duplicate),
        other => other,
    }
}

/// Whether the message of `arrival` is stored (by its provider id).
async fn stored(db: &TenantDb, arrival: &Arrival) -> Result<bool> {
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let ProviderEvent::Message(message) = &arrival.event else { return Ok(false) };
    let read = db.read().await?;
    let found = crate::entities::tenant::message::Entity::find()
        .filter(crate::entities::tenant::message::Column::InstanceId.eq(arrival.instance.id))
        .filter(crate::entities::tenant::message::Column::ExternalId.eq(&message.id))
        .count(&read)
        .await?;
    read.end();
    Ok(found > 0)
}

async fn write_alone(db: &TenantDb, publisher: &Arc<dyn Publisher>, arrival: &Arrival) -> Result<Received> {
    let unit = Unit::begin(db, publisher.clone()).await?;
    let received = write(&unit, arrival).await?;
    unit.commit().await?;
    Ok(received)
}

/// One event, in the caller's transaction.
async fn write(unit: &Unit, arrival: &Arrival) -> Result<Received> {
    let Arrival { instance, event_id, event, plan } = arrival;
    inbound::receive(unit, instance, event_id, event.clone(), plan.clone()).await
}
