//! Scheduled messages (agendamentos, docs/scheduled-messages.md): an agent writes a message now
//! for a customer on an instance, to be sent at a São Paulo date and time — "I will write back
//! tomorrow" kept without a sticky note. The row and its `scheduled.send` job are written in one
//! transaction; the worker sends it at its time ([`sending`]) through the same outbox as a reply,
//! so a restart loses nothing, and the row's one move out of `scheduled` shares the transaction
//! of the message it sends, so it is sent at most once.
//!
//! Each person keeps their own; those who see everything see and keep everyone's. A message
//! scheduled with `cancel_if_customer_writes` is cancelled when the customer writes first
//! ([`sending::customer_wrote`], from the inbound path).

pub mod sending;

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{Viewer, messages::check_body, views::NamedRef},
        error::{Error, Result},
        events::{Audience, DomainEvent},
        outbox::{self, ScheduledSend},
        unit::Unit,
    },
    entities::tenant::{customer, instance, scheduled_message, user},
};

/// A scheduled message's states.
pub const SCHEDULED: &str = "scheduled";
pub const SENT: &str = "sent";
pub const CANCELLED: &str = "cancelled";
pub const FAILED: &str = "failed";
/// `cancel_reason`s.
pub const CUSTOMER_WROTE: &str = "customer_wrote";
pub const BY_PERSON: &str = "cancelled";

/// How far ahead a message may be scheduled.
const HORIZON_DAYS: i64 = 366;

/// A scheduled message as lists and events show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduledView {
    pub id: i32,
    pub customer: CustomerBrief,
    pub instance: NamedRef,
    pub author: Option<NamedRef>,
    pub body: String,
    pub send_at: DateTime<Utc>,
    /// `scheduled`, `sent`, `cancelled` or `failed`.
    pub status: String,
    pub cancel_if_customer_writes: bool,
    pub ticket_id: Option<i32>,
    pub message_id: Option<i32>,
    /// Why it was not sent (pt_BR).
    pub error: Option<String>,
    /// `customer_wrote` or `cancelled`.
    pub cancel_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Whether the caller may still change or cancel it.
    pub editable: bool,
}

/// The customer of a scheduled message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CustomerBrief {
    pub id: i32,
    pub name: String,
    pub phone: String,
}

/// A page of scheduled messages.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ScheduledPage {
    pub data: Vec<ScheduledView>,
    /// Pass as `cursor` for the next page; `null` on the last.
    pub next_cursor: Option<String>,
}

/// A message to schedule.
#[derive(Debug, Clone, Default)]
pub struct NewScheduled {
    pub customer_id: i32,
    pub instance_id: i32,
    pub body: String,
    pub send_at: DateTime<Utc>,
    pub cancel_if_customer_writes: bool,
    pub quick_reply_ids: Vec<i32>,
}

/// Changes to a message still scheduled.
#[derive(Debug, Clone, Default)]
pub struct ScheduledChanges {
    pub body: Option<String>,
    pub send_at: Option<DateTime<Utc>>,
    pub cancel_if_customer_writes: Option<bool>,
}

/// What a list asks.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub status: Option<String>,
    pub customer_id: Option<i32>,
    pub cursor: Option<String>,
    pub limit: Option<u64>,
}

/// A scheduled message changed without its author's hand (sent, failed, cancelled because the
/// customer wrote first), or by it in another tab: to the author only.
#[derive(Debug, Clone, Serialize)]
pub struct ScheduledMessageChanged {
    pub scheduled: ScheduledView,
}

impl DomainEvent for ScheduledMessageChanged {
    const NAME: &'static str = "ScheduledMessageChanged";
}

fn not_found() -> Error {
    Error::not_found("schedule_not_found", "Agendamento não encontrado.")
}

/// The rows the viewer may see: their own, or everyone's for those who see everything.
fn mine(viewer: &Viewer) -> Condition {
    if viewer.sees_all {
        Condition::all()
    } else {
        Condition::all().add(scheduled_message::Column::UserId.eq(viewer.user_id))
    }
}

fn check_send_at(send_at: DateTime<Utc>, now: DateTime<Utc>) -> Result<()> {
    if send_at <= now || send_at > now + Duration::days(HORIZON_DAYS) {
        return Err(Error::invalid_field(
            "invalid_send_at",
            "sendAt",
            "Escolha uma data e hora no futuro, em até um ano.",
        ));
    }
    Ok(())
}

/// Schedules a message for a customer on an instance the viewer serves.
pub async fn create(unit: &Unit, viewer: &Viewer, new: NewScheduled) -> Result<ScheduledView> {
    let now = Utc::now();
    let body = check_body(&new.body)?;
    check_send_at(new.send_at, now)?;
    let found_customer = customer::Entity::find_by_id(new.customer_id)
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("customer_not_found", "Cliente não encontrado."))?;
    if found_customer.blacklisted {
        return Err(Error::invalid_field(
            "customer_blacklisted",
            "customerId",
            "Este cliente está bloqueado: não recebe mensagens.",
        ));
    }
    let serves = viewer.sees_all || viewer.instances.contains(&new.instance_id);
    let found_instance = instance::Entity::find_by_id(new.instance_id)
        .one(unit)
        .await?
        .filter(|_| serves)
        .ok_or_else(|| Error::not_found("instance_not_found", "Instância não encontrada."))?;
    let mut quick = new.quick_reply_ids.clone();
    quick.sort_unstable();
    quick.dedup();
    let stored = scheduled_message::ActiveModel {
        customer_id: Set(found_customer.id),
        instance_id: Set(found_instance.id),
        user_id: Set(Some(viewer.user_id)),
        body: Set(body),
        quick_reply_ids: Set((!quick.is_empty()).then(|| serde_json::to_string(&quick).unwrap_or_default())),
        send_at: Set(new.send_at),
        status: Set(SCHEDULED.into()),
        cancel_if_customer_writes: Set(new.cancel_if_customer_writes),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    outbox::enqueue(unit, &ScheduledSend { scheduled_id: stored.id }, stored.send_at).await?;
    Ok(views(unit, Some(viewer), std::slice::from_ref(&stored)).await?.remove(0))
}

/// A scheduled message the viewer may see.
async fn find_mine(db: &impl ConnectionTrait, viewer: &Viewer, id: i32) -> Result<scheduled_message::Model> {
    scheduled_message::Entity::find_by_id(id).filter(mine(viewer)).one(db).await?.ok_or_else(not_found)
}

fn ensure_pending(found: &scheduled_message::Model) -> Result<()> {
    if found.status != SCHEDULED {
        return Err(Error::conflict("schedule_not_pending", "Esta mensagem já foi enviada ou cancelada."));
    }
    Ok(())
}

/// Changes a message still scheduled; a new time queues a new job (the old one finds the row
/// not yet due and leaves it: [`sending::send_due`]).
pub async fn update(unit: &Unit, viewer: &Viewer, id: i32, changes: ScheduledChanges) -> Result<ScheduledView> {
    let found = find_mine(unit, viewer, id).await?;
    ensure_pending(&found)?;
    let now = Utc::now();
    let mut active = found.clone().into_active_model();
    if let Some(body) = &changes.body {
        active.body = Set(check_body(body)?);
    }
    if let Some(send_at) = changes.send_at {
        check_send_at(send_at, now)?;
        active.send_at = Set(send_at);
    }
    if let Some(cancel) = changes.cancel_if_customer_writes {
        active.cancel_if_customer_writes = Set(cancel);
    }
    active.updated_at = Set(now);
    let changed = active.update(unit).await?;
    if changed.send_at != found.send_at {
        outbox::enqueue(unit, &ScheduledSend { scheduled_id: changed.id }, changed.send_at).await?;
    }
    let view = views(unit, Some(viewer), std::slice::from_ref(&changed)).await?.remove(0);
    raise_changed(unit, &changed, view.clone());
    Ok(view)
}

/// Cancels a message still scheduled.
pub async fn cancel(unit: &Unit, viewer: &Viewer, id: i32) -> Result<ScheduledView> {
    let found = find_mine(unit, viewer, id).await?;
    ensure_pending(&found)?;
    let mut active = found.into_active_model();
    active.status = Set(CANCELLED.into());
    active.cancel_reason = Set(Some(BY_PERSON.into()));
    active.updated_at = Set(Utc::now());
    let cancelled = active.update(unit).await?;
    let view = views(unit, Some(viewer), std::slice::from_ref(&cancelled)).await?.remove(0);
    raise_changed(unit, &cancelled, view.clone());
    Ok(view)
}

/// Tells the author's tabs (and only them).
pub(crate) fn raise_changed(unit: &Unit, row: &scheduled_message::Model, mut view: ScheduledView) {
    if let Some(author) = row.user_id {
        view.editable = view.status == SCHEDULED;
        unit.raise(ScheduledMessageChanged { scheduled: view }.to(Audience::person(author)));
    }
}

/// A page of the viewer's scheduled messages: `scheduled` soonest first, the rest (and all
/// together) most recent first; the cursor is `"{send_at ms}/{id}"`.
pub async fn list(db: &impl ConnectionTrait, viewer: &Viewer, query: ListQuery) -> Result<ScheduledPage> {
    let limit = query.limit.unwrap_or(20).clamp(1, 100);
    let mut select = scheduled_message::Entity::find().filter(mine(viewer));
    let status = query.status.as_deref().filter(|s| !s.is_empty());
    if let Some(status) = status {
        if ![SCHEDULED, SENT, CANCELLED, FAILED].contains(&status) {
            return Err(Error::invalid_field(
                "invalid_status",
                "status",
                "Situação inválida: use scheduled, sent, cancelled ou failed.",
            ));
        }
        select = select.filter(scheduled_message::Column::Status.eq(status));
    }
    if let Some(customer_id) = query.customer_id {
        select = select.filter(scheduled_message::Column::CustomerId.eq(customer_id));
    }
    let ascending = status == Some(SCHEDULED);
    if let Some(cursor) = query.cursor.as_deref().filter(|c| !c.is_empty()) {
        let invalid = || {
            Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido: use o next_cursor da página anterior.")
        };
        let (millis, id) = cursor.split_once('/').ok_or_else(invalid)?;
        let at = millis.parse::<i64>().ok().and_then(DateTime::from_timestamp_millis).ok_or_else(invalid)?;
        let id: i32 = id.parse().map_err(|_| invalid())?;
        let (at_col, id_col) = (scheduled_message::Column::SendAt, scheduled_message::Column::Id);
        select = select.filter(if ascending {
            Condition::any().add(at_col.gt(at)).add(Condition::all().add(at_col.eq(at)).add(id_col.gt(id)))
        } else {
            Condition::any().add(at_col.lt(at)).add(Condition::all().add(at_col.eq(at)).add(id_col.lt(id)))
        });
    }
    select = if ascending {
        select.order_by_asc(scheduled_message::Column::SendAt).order_by_asc(scheduled_message::Column::Id)
    } else {
        select.order_by_desc(scheduled_message::Column::SendAt).order_by_desc(scheduled_message::Column::Id)
    };
    let mut rows = select.limit(limit + 1).all(db).await?;
    let next_cursor = if rows.len() as u64 > limit {
        rows.truncate(limit as usize);
        rows.last().map(|r| format!("{}/{}", r.send_at.timestamp_millis(), r.id))
    } else {
        None
    };
    Ok(ScheduledPage { data: views(db, Some(viewer), &rows).await?, next_cursor })
}

/// The views of rows: their customers, instances and authors read once each.
pub async fn views(
    db: &impl ConnectionTrait,
    viewer: Option<&Viewer>,
    rows: &[scheduled_message::Model],
) -> Result<Vec<ScheduledView>> {
    let customers: std::collections::HashMap<i32, CustomerBrief> = customer::Entity::find()
        .filter(customer::Column::Id.is_in(rows.iter().map(|r| r.customer_id).collect::<Vec<_>>()))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, CustomerBrief { id: c.id, name: c.name, phone: c.phone }))
        .collect();
    let instances: std::collections::HashMap<i32, String> = instance::Entity::find()
        .select_only()
        .column(instance::Column::Id)
        .column(instance::Column::Name)
        .filter(instance::Column::Id.is_in(rows.iter().map(|r| r.instance_id).collect::<Vec<_>>()))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let authors: std::collections::HashMap<i32, String> = user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .column(user::Column::Name)
        .filter(user::Column::Id.is_in(rows.iter().filter_map(|r| r.user_id).collect::<Vec<_>>()))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(rows
        .iter()
        .map(|r| ScheduledView {
            id: r.id,
            customer: customers.get(&r.customer_id).cloned().unwrap_or(CustomerBrief {
                id: r.customer_id,
                name: String::new(),
                phone: String::new(),
            }),
            instance: NamedRef { id: r.instance_id, name: instances.get(&r.instance_id).cloned().unwrap_or_default() },
            author: r.user_id.map(|id| NamedRef { id, name: authors.get(&id).cloned().unwrap_or_default() }),
            body: r.body.clone(),
            send_at: r.send_at,
            status: r.status.clone(),
            cancel_if_customer_writes: r.cancel_if_customer_writes,
            ticket_id: r.ticket_id,
            message_id: r.message_id,
            error: r.error.clone(),
            cancel_reason: r.cancel_reason.clone(),
            created_at: r.created_at,
            updated_at: r.updated_at,
            // Without a viewer (an event for the author): the author may.
            editable: r.status == SCHEDULED
                && viewer.is_none_or(|viewer| viewer.sees_all || r.user_id == Some(viewer.user_id)),
        })
        .collect())
}
