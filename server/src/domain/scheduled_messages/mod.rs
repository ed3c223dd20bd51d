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
        conversations::{
            Viewer,
            outgoing::{self, Outgoing},
            views::NamedRef,
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        instances::message_templates::{self, TemplateChoice, TemplateRef},
        media::holds::{self, Attachment, AttachmentView},
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
    /// The text; a file's caption; a template's text filled with its values.
    pub body: String,
    /// A file sent with it.
    pub attachment: Option<AttachmentView>,
    /// The approved template it sends (official numbers), with its values.
    pub template: Option<TemplateRef>,
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
    /// A file (then `body` is its caption).
    pub attachment: Option<Attachment>,
    /// An approved template of the instance (then `body` is not read).
    pub template: Option<TemplateChoice>,
}

/// Changes to a message still scheduled. `attachment` and `template`: `None` keeps, `Some(None)`
/// removes.
#[derive(Debug, Clone, Default)]
pub struct ScheduledChanges {
    pub body: Option<String>,
    pub send_at: Option<DateTime<Utc>>,
    pub cancel_if_customer_writes: Option<bool>,
    pub attachment: Option<Option<Attachment>>,
    pub template: Option<Option<TemplateChoice>>,
}

/// What a scheduled message sends, checked now as a reply would be (the number's window is the
/// send's to judge, at its time): the columns to keep.
struct Content {
    body: String,
    media_id: Option<i32>,
    file_name: Option<String>,
    template_id: Option<i32>,
    template_parameters: Option<String>,
}

async fn check_content(
    db: &impl ConnectionTrait,
    instance_id: i32,
    body: &str,
    attachment: Option<Attachment>,
    template: Option<TemplateChoice>,
) -> Result<Content> {
    if attachment.is_some() && template.is_some() {
        return Err(Error::invalid_field("template_with_media", "template", "Um modelo é enviado sem anexo."));
    }
    let mut attachment = attachment;
    if let Some(file) = attachment.as_mut() {
        // The channel's limits for the file's type, before it waits for its time.
        holds::check(db, file, "attachment.mediaId").await?;
    }
    let out = Outgoing {
        body: body.to_owned(),
        media_id: attachment.as_ref().map(|a| a.media_id),
        file_name: attachment.as_ref().map(|a| a.file_name.clone()),
        template: template.clone(),
        ..Default::default()
    };
    let composed = outgoing::compose(db, instance_id, true, &out).await?;
    Ok(Content {
        body: composed.body,
        media_id: composed.media_id,
        file_name: composed.payload.file_name,
        template_id: template.as_ref().map(|t| t.id),
        template_parameters: composed
            .payload
            .template
            .map(|t| serde_json::to_string(&t.parameters).unwrap_or_default()),
    })
}

/// The file a scheduled message holds, kept from the retention while it waits (once sent, its
/// message holds it).
async fn hold_file(db: &impl ConnectionTrait, row: &scheduled_message::Model) -> Result<()> {
    let holder = format!("scheduled:{}", row.id);
    match row.media_id.filter(|_| row.status == SCHEDULED) {
        Some(id) => holds::hold(db, &holder, &[id]).await,
        None => holds::release(db, &holder).await,
    }
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
    let content = check_content(unit, found_instance.id, &new.body, new.attachment, new.template).await?;
    let mut quick = new.quick_reply_ids.clone();
    quick.sort_unstable();
    quick.dedup();
    let stored = scheduled_message::ActiveModel {
        customer_id: Set(found_customer.id),
        instance_id: Set(found_instance.id),
        user_id: Set(Some(viewer.user_id)),
        body: Set(content.body),
        media_id: Set(content.media_id),
        file_name: Set(content.file_name),
        template_id: Set(content.template_id),
        template_parameters: Set(content.template_parameters),
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
    hold_file(unit, &stored).await?;
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
    if changes.body.is_some() || changes.attachment.is_some() || changes.template.is_some() {
        // What it sends is checked whole: a new text beside a kept file is a caption.
        let body = changes.body.clone().unwrap_or_else(|| found.body.clone());
        let attachment = changes.attachment.clone().unwrap_or_else(|| {
            found
                .media_id
                .map(|media_id| Attachment { media_id, file_name: found.file_name.clone().unwrap_or_default() })
        });
        let template = changes.template.clone().unwrap_or_else(|| {
            found.template_id.map(|id| TemplateChoice {
                id,
                parameters: message_templates::stored_parameters(found.template_parameters.as_deref()),
            })
        });
        let content = check_content(unit, found.instance_id, &body, attachment, template).await?;
        active.body = Set(content.body);
        active.media_id = Set(content.media_id);
        active.file_name = Set(content.file_name);
        active.template_id = Set(content.template_id);
        active.template_parameters = Set(content.template_parameters);
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
    hold_file(unit, &changed).await?;
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
    hold_file(unit, &cancelled).await?;
    let view = views(unit, Some(viewer), std::slice::from_ref(&cancelled)).await?.remove(0);
    raise_changed(unit, &cancelled, view.clone());
    Ok(view)
}

/// Lets go of a message's file once it no longer waits (sent, failed, cancelled).
pub(crate) async fn release_file(db: &impl ConnectionTrait, row: &scheduled_message::Model) -> Result<()> {
    hold_file(db, row).await
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
    let files: Vec<_> = rows.iter().map(|r| (r.media_id, r.file_name.clone())).collect();
    let mut files = holds::views(db, &files).await?.into_iter();
    let templates: Vec<_> = rows.iter().map(|r| (r.template_id, r.template_parameters.clone())).collect();
    let mut templates = message_templates::refs(db, &templates).await?.into_iter();
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
            attachment: files.next().flatten(),
            template: templates.next().flatten(),
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
