//! `media.fetch`: a customer's medium is fetched from where the provider said (or decoded from its
//! inline bytes), typed, probed and kept; the message becomes `ready` — or, when it cannot be had,
//! `failed` with why, after the retries a passing failure deserves (docs/media.md#fetching).

use crate::{
    domain::{
        inbox,
        instances::{self, connector::MediaLocation},
        media::{fetch, ingest, payload::Payload},
        outbox::MediaFetch,
    },
    entities::tenant::{instance, message},
    jobs::{ATTEMPT_DEADLINE, Attempt, Ran, Worker},
    tenancy::TenantDb,
};
use sea_orm::EntityTrait;

pub async fn run(worker: &Worker, db: &TenantDb, payload: &MediaFetch, last_attempt: bool) -> Ran {
    let fetched =
        tokio::time::timeout(ATTEMPT_DEADLINE, attempt(worker, db, payload.message_id)).await.unwrap_or_else(|_| {
            Err(fetch::FetchError::Retryable("o provedor demorou demais para entregar a mídia".into()))
        });
    let outcome = match fetched {
        Ok(()) => return Attempt::Done.into(),
        Err(fetch::FetchError::Retryable(reason)) if !last_attempt => return Attempt::Retry(reason).into(),
        Err(err) => err.reason().to_owned(),
    };
    // Given up: the message stays, and its people read why its medium is missing.
    let recorded = async {
        let unit = worker.unit(db).await?;
        inbox::media::unavailable(&unit, payload.message_id, &outcome).await?;
        unit.commit().await?;
        Ok::<_, crate::domain::Error>(())
    };
    match recorded.await {
        Ok(()) => Attempt::Fail(outcome).into(),
        Err(err) => Attempt::Retry(format!("banco de dados: {err}")).into(),
    }
}

async fn attempt(worker: &Worker, db: &TenantDb, message_id: i32) -> Result<(), fetch::FetchError> {
    use fetch::FetchError::{Permanent, Retryable};
    let internal = |err: crate::domain::Error| Retryable(format!("banco de dados: {err}"));
    let (source, connection) = {
        let tx = db.read().await.map_err(|e| internal(e.into()))?;
        let found = message::Entity::find_by_id(message_id)
            .one(&tx)
            .await
            .map_err(|e| internal(e.into()))?
            .ok_or_else(|| Permanent("mensagem não encontrada".into()))?;
        if found.media_status.as_deref() != Some("pending") {
            // Fetched by an earlier attempt, or deleted by its sender since.
            return Ok(());
        }
        let source = Payload::read(found.payload.as_deref())
            .source
            .ok_or_else(|| Permanent("o provedor não indicou a mídia".into()))?;
        let instance =
            instance::Entity::find_by_id(found.instance_id).one(&tx).await.map_err(|e| internal(e.into()))?;
        let connection = match instance {
            Some(instance) => {
                instances::connection_of(&instance, &worker.secrets, db.name()).map_err(|e| Permanent(e.to_string()))?
            }
            None => None,
        };
        tx.end();
        (source, connection)
    };
    // The connector says where the bytes are: the generic contract's URL as given, the Cloud
    // API's media id turned into a URL that lasts minutes (asked for now, not when the event came).
    let located = match connection {
        Some(connection) => {
            let connector = instances::open(connection, &worker.reach).map_err(|e| Permanent(e.to_string()))?;
            connector.locate_media(&source).await?
        }
        None => MediaLocation::Fetch { source, bearer: None },
    };
    let spooled = match located {
        MediaLocation::Fetch { source, bearer } => {
            let client = fetch::client(worker.allow_private_providers).map_err(|e| Retryable(e.to_string()))?;
            fetch::fetch(&client, &source, bearer.as_deref(), worker.allow_private_providers).await?
        }
        MediaLocation::Fetched(bytes) => fetch::spool(&bytes).await?,
    };
    let known = {
        let tx = db.read().await.map_err(|e| internal(e.into()))?;
        let known = ingest::existing(&tx, &spooled.sha256).await.map_err(internal)?;
        tx.end();
        known
    };
    // The same bytes kept before (a forwarded photo, a sticker) are not probed again.
    let bytes = match known {
        Some(kept) => Bytes::Known(kept),
        None => Bytes::New(ingest::prepare(spooled, false).await.map_err(|e| Permanent(e.to_string()))?),
    };
    let unit = worker.unit(db).await.map_err(internal)?;
    let kept = match bytes {
        Bytes::Known(kept) => kept,
        // A customer's medium is kept whatever the tenant's quota: their message must never be lost.
        Bytes::New(prepared) => {
            ingest::keep(&unit, &worker.media, db.name().as_str(), prepared, None).await.map_err(internal)?
        }
    };
    inbox::media::fetched(&unit, message_id, &kept).await.map_err(internal)?;
    unit.commit().await.map_err(|e| internal(e.into()))?;
    Ok(())
}

/// What the fetched bytes turned out to be.
enum Bytes {
    /// Kept before, under the same hash.
    Known(crate::entities::tenant::medium::Model),
    /// New: typed and probed, to keep.
    New(ingest::Prepared),
}
