//! Message-history synchronisation (`POST /api/instance/syncMessages`): background work that
//! pages through the provider since `daysAgo` (or everything, `unlimitedSync`) and upserts
//! customers, chats and messages idempotently — a message is keyed by (instance, provider id), so
//! re-running never duplicates. Progress is written to `sync_jobs` after every page.
//!
//! It runs in the worker, as outbox jobs (`instance.sync`, queued by [`start`] in the request's
//! unit): each attempt ([`step`]) fetches pages for at most [`STEP_BUDGET`] and asks to run again,
//! so a long history neither holds the worker nor dies with the process that started it. Each
//! page's messages, the counters and the cursor of the next page are written in one transaction:
//! a worker killed mid-way resumes at the page after the last one stored.
//!
//! A provider decides how many pages there are; it is not trusted to stop. A job asks for at
//! most `SYNC_MAX_PAGES` pages (each capped in bytes by the provider client) and ends `failed`,
//! saying so, when the provider still offers more: what it fetched stays.

use std::collections::HashMap;

use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter, Set,
    sea_query::OnConflict,
};

use crate::{
    domain::{
        conversations::customers::normalize_phone,
        error::{Error, Result},
        instances::{
            find,
            provider::{Provider, RemoteMessage},
        },
        outbox::{self, InstanceSync},
        unit::Unit,
    },
    entities::tenant::{chat, customer, instance, message, states::Ack, sync_job},
    tenancy::TenantDb,
};

/// How long one attempt fetches pages before it hands over to the next (the worker runs a
/// tenant's claimed jobs together and records them together: a long attempt would hold the
/// others' records back).
pub const STEP_BUDGET: std::time::Duration = std::time::Duration::from_secs(5);
use crate::{secrets::Secrets, tenancy::TenantName};

/// What to synchronise.
#[derive(Debug, Clone, Copy)]
pub struct SyncRequest {
    pub instance_id: i32,
    /// History of the last N days (1..=3650), unless `unlimited`.
    pub days_ago: i32,
    pub unlimited: bool,
}

/// Registers a job (refused while another runs for the instance) and queues its first step, both
/// in `unit`: the worker starts once it commits.
pub async fn start(
    unit: &Unit,
    secrets: &Secrets,
    tenant: &TenantName,
    request: SyncRequest,
) -> Result<sync_job::Model> {
    let db = unit;
    if !request.unlimited && !(1..=3650).contains(&request.days_ago) {
        return Err(Error::invalid_field("invalid_days", "daysAgo", "Informe de 1 a 3650 dias, ou unlimitedSync."));
    }
    let instance = find(db, request.instance_id).await?;
    if super::provider_of(&instance, secrets, tenant)?.is_none() {
        return Err(Error::invalid(
            "provider_missing",
            "Configure o provedor da instância antes de sincronizar as mensagens.",
        ));
    }
    let running = sync_job::Entity::find()
        .filter(sync_job::Column::InstanceId.eq(instance.id))
        .filter(sync_job::Column::Status.eq("running"))
        .count(db)
        .await?;
    if running > 0 {
        return Err(Error::conflict("sync_running", "Já existe uma sincronização em andamento para esta instância."));
    }
    let job = sync_job::ActiveModel {
        instance_id: Set(instance.id),
        status: Set("running".into()),
        days_ago: Set(request.days_ago),
        unlimited: Set(request.unlimited),
        fetched: Set(0),
        inserted: Set(0),
        error: Set(None),
        started_at: Set(Utc::now()),
        finished_at: Set(None),
        cursor: Set(None),
        pages: Set(0),
        ..Default::default()
    }
    .insert(db)
    .await?;
    outbox::enqueue(unit, &InstanceSync { sync_job_id: job.id }, Utc::now()).await?;
    Ok(job)
}

/// A job's progress.
pub async fn status(db: &impl ConnectionTrait, job_id: i32) -> Result<sync_job::Model> {
    sync_job::Entity::find_by_id(job_id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("sync_not_found", "Sincronização não encontrada."))
}

/// An instance's most recent job (running or finished), so a screen opened later can follow it;
/// `None` for an instance never synchronised.
pub async fn latest_of_instance(db: &impl ConnectionTrait, instance_id: i32) -> Result<Option<sync_job::Model>> {
    use sea_orm::{ColumnTrait, QueryFilter, QueryOrder};
    Ok(sync_job::Entity::find()
        .filter(sync_job::Column::InstanceId.eq(instance_id))
        .order_by_desc(sync_job::Column::Id)
        .one(db)
        .await?)
}

/// What a job may do: reach a private provider (`ALLOW_PRIVATE_PROVIDERS`), ask for how many pages
/// (`SYNC_MAX_PAGES`).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub allow_private: bool,
    pub max_pages: u32,
}

/// How a step left its job.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// Finished (`done` or `failed`, recorded on the job), or nothing left to do.
    Ended,
    /// More pages to fetch: run the next step now.
    More,
}

/// Fetches the job's next pages for up to [`STEP_BUDGET`]. The provider's failures end the job
/// `failed` with their message, as a page limit reached does (what was fetched stays); a database
/// failure is returned, for the worker to try the step again.
pub async fn step(db: &TenantDb, secrets: &Secrets, job_id: i32, limits: Limits) -> Result<Step> {
    let job = {
        let read = db.read().await?;
        let job = status(&read, job_id).await?;
        read.end();
        job
    };
    if job.status != "running" {
        return Ok(Step::Ended);
    }
    let fetched = fetch_pages(db, secrets, &job, limits).await;
    match fetched {
        Ok(Step::More) => Ok(Step::More),
        Ok(Step::Ended) => finish(db, job.id, job.instance_id, None).await.map(|()| Step::Ended),
        Err(err @ (Error::Db(_) | Error::Unavailable(_))) => Err(err),
        Err(err) => finish(db, job.id, job.instance_id, Some(err.to_string())).await.map(|()| Step::Ended),
    }
}

/// Records the end of a job: `done` (and the instance's `last_sync_at`), or `failed` with why.
async fn finish(db: &TenantDb, job_id: i32, instance_id: i32, error: Option<String>) -> Result<()> {
    let tx = db.begin().await?;
    let mut active = status(&tx, job_id).await?.into_active_model();
    active.finished_at = Set(Some(Utc::now()));
    active.cursor = Set(None);
    if error.is_none() {
        active.status = Set("done".into());
    } else {
        active.status = Set("failed".into());
        active.error = Set(error.clone());
    }
    active.update(&tx).await?;
    if error.is_none() {
        instance::Entity::update_many()
            .col_expr(instance::Column::LastSyncAt, sea_orm::sea_query::Expr::value(Utc::now()))
            .filter(instance::Column::Id.eq(instance_id))
            .exec(&tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn fetch_pages(db: &TenantDb, secrets: &Secrets, job: &sync_job::Model, limits: Limits) -> Result<Step> {
    let config = {
        let read = db.read().await?;
        let instance = find(&read, job.instance_id).await?;
        read.end();
        super::provider_of(&instance, secrets, db.name())?
            .ok_or_else(|| Error::invalid("provider_missing", "A instância ficou sem provedor configurado."))?
    };
    let provider = Provider::new(config, limits.allow_private)?;
    let since = (!job.unlimited).then(|| Utc::now() - Duration::days(i64::from(job.days_ago)));
    let started = std::time::Instant::now();
    let (mut cursor, mut pages) = (job.cursor.clone(), job.pages);
    while started.elapsed() < STEP_BUDGET {
        if pages >= i32::try_from(limits.max_pages).unwrap_or(i32::MAX) {
            let max = limits.max_pages;
            return Err(Error::invalid(
                "sync_page_limit",
                format!(
                    "A sincronização parou no limite de {max} páginas e o provedor ainda indicava mais: as \
                     mensagens buscadas até aqui foram guardadas."
                ),
            ));
        }
        let page = provider.messages(since, cursor.as_deref()).await?;
        pages += 1;
        // A provider repeating the cursor it was just asked with would loop forever: stop there
        // (one cycling through several is stopped by the page cap).
        let next = page
            .next_cursor
            .filter(|next| !next.is_empty() && !page.messages.is_empty() && Some(next) != cursor.as_ref());
        let tx = db.begin().await?;
        let inserted = upsert(&tx, job.instance_id, &page.messages).await?;
        let current = status(&tx, job.id).await?;
        let (fetched, total) = (current.fetched + page.messages.len() as i64, current.inserted + inserted as i64);
        let mut active = current.into_active_model();
        active.fetched = Set(fetched);
        active.inserted = Set(total);
        active.cursor = Set(next.clone());
        active.pages = Set(pages);
        active.update(&tx).await?;
        tx.commit().await?;
        match next {
            Some(next) => cursor = Some(next),
            None => return Ok(Step::Ended),
        }
    }
    Ok(Step::More)
}

/// Upserts one page; returns how many messages were new.
async fn upsert(db: &impl ConnectionTrait, instance_id: i32, messages: &[RemoteMessage]) -> Result<u64> {
    let now = Utc::now();
    let valid: Vec<(&RemoteMessage, String)> = messages
        .iter()
        .filter(|m| !m.id.is_empty() && m.id.len() <= 200 && matches!(m.direction.as_str(), "in" | "out"))
        .filter_map(|m| normalize_phone(&m.phone).ok().map(|p| (m, p)))
        .collect();
    if valid.is_empty() {
        return Ok(0);
    }
    let mut names: HashMap<String, String> = HashMap::new();
    for (m, phone) in &valid {
        names
            .entry(phone.clone())
            .or_insert_with(|| m.name.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| phone.clone()));
    }
    customer::Entity::insert_many(names.iter().map(|(phone, name)| customer::ActiveModel {
        name: Set(name.chars().take(120).collect()),
        phone: Set(phone.clone()),
        blacklisted: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }))
    .on_conflict(OnConflict::column(customer::Column::Phone).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?;
    let customers: HashMap<String, i32> = customer::Entity::find()
        .filter(customer::Column::Phone.is_in(names.keys().cloned().collect::<Vec<_>>()))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.phone, c.id))
        .collect();
    let customer_ids: Vec<i32> = customers.values().copied().collect();
    chat::Entity::insert_many(customer_ids.iter().map(|customer_id| chat::ActiveModel {
        customer_id: Set(*customer_id),
        instance_id: Set(instance_id),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }))
    .on_conflict(OnConflict::columns([chat::Column::CustomerId, chat::Column::InstanceId]).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?;
    let chats: HashMap<i32, i32> = chat::Entity::find()
        .filter(chat::Column::InstanceId.eq(instance_id))
        .filter(chat::Column::CustomerId.is_in(customer_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.customer_id, c.id))
        .collect();
    let rows: Vec<message::ActiveModel> = valid
        .iter()
        .filter_map(|(m, phone)| {
            let chat_id = *chats.get(customers.get(phone)?)?;
            let ack = m.ack.as_deref().and_then(Ack::parse).filter(|a| *a != Ack::Queued).unwrap_or(Ack::Delivered);
            Some(message::ActiveModel {
                chat_id: Set(chat_id),
                instance_id: Set(instance_id),
                direction: Set(m.direction.clone()),
                body: Set(m.body.chars().take(10_000).collect()),
                ack: Set(ack),
                external_id: Set(Some(m.id.clone())),
                sent_at: Set(m.sent_at),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
        })
        .collect();
    let mut inserted = 0;
    // Bounded batches keep each statement under SQLite's parameter limit.
    for batch in rows.chunks(300) {
        inserted += message::Entity::insert_many(batch.to_vec())
            .on_conflict(
                OnConflict::columns([message::Column::InstanceId, message::Column::ExternalId]).do_nothing().to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(inserted)
}
