//! Sending a scheduled message at its time (the worker's `scheduled.send`), and cancelling the
//! customer's when they write first (the inbound path).
//!
//! At most once: the row leaves `scheduled` by a conditional update (`WHERE status =
//! 'scheduled'`) in the transaction that writes the message and its provider job. A job run again
//! (a worker that died after the commit, a second replica) finds the row moved and does nothing;
//! two at once, the second's update waits for the first's commit and then matches nothing.

use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set,
    sea_query::{Expr, ExprTrait},
};

use crate::{
    domain::{
        conversations::{
            Viewer, attachments, chats, content,
            events::ChatNotification,
            hooks,
            messages::Ack,
            outgoing::{self, Outgoing},
            tickets::{self, NewTicket, TicketStatus},
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        instances::{
            self,
            message_templates::{self, TemplateChoice},
        },
        outbox::{self, ProviderSend},
        quick_replies,
        scheduled_messages::{CANCELLED, CUSTOMER_WROTE, FAILED, SCHEDULED, SENT, raise_changed, release_file, views},
        unit::Unit,
        webhook_events::TICKET_OPENED,
    },
    entities::tenant::{chat, customer, instance, message, scheduled_message, ticket, user},
};

/// Sends scheduled message `id` when due and still scheduled; anything else is left as it is.
/// What the message itself lacks (a blocked customer, a closed window, the plan's ticket limit)
/// ends it `failed` with the reason; a database error rolls back for the job to retry.
pub async fn send_due(unit: &Unit, id: i32, ticket_limit: i32) -> Result<()> {
    let now = Utc::now();
    let Some(found) = scheduled_message::Entity::find_by_id(id).one(unit).await? else { return Ok(()) };
    // Moved to another time: the job of the new time sends it.
    if found.status != SCHEDULED || found.send_at > now + Duration::seconds(1) {
        return Ok(());
    }
    let claimed = scheduled_message::Entity::update_many()
        .col_expr(scheduled_message::Column::Status, Expr::value(SENT))
        .col_expr(scheduled_message::Column::UpdatedAt, Expr::value(now))
        .filter(scheduled_message::Column::Id.eq(id))
        .filter(scheduled_message::Column::Status.eq(SCHEDULED))
        .exec(unit)
        .await?
        .rows_affected;
    if claimed == 0 {
        return Ok(());
    }
    let mut active: scheduled_message::ActiveModel = found.clone().into();
    active.updated_at = Set(now);
    if found.cancel_if_customer_writes && wrote_since(unit, &found).await? {
        active.status = Set(CANCELLED.into());
        active.cancel_reason = Set(Some(CUSTOMER_WROTE.into()));
    } else {
        match deliver(unit, &found, ticket_limit).await {
            Ok((ticket_id, message_id)) => {
                active.status = Set(SENT.into());
                active.ticket_id = Set(Some(ticket_id));
                active.message_id = Set(Some(message_id));
            }
            Err(Error::Invalid { message, .. } | Error::Conflict { message, .. } | Error::NotFound { message, .. }) => {
                active.status = Set(FAILED.into());
                active.error = Set(Some(message));
            }
            Err(other) => return Err(other),
        }
    }
    let done = active.update(unit).await?;
    release_file(unit, &done).await?;
    let view = views(unit, None, std::slice::from_ref(&done)).await?.remove(0);
    raise_changed(unit, &done, view);
    Ok(())
}

/// Whether the customer wrote on the instance since the message was scheduled (the inbound path
/// cancels it as they write; this covers a message that arrived while it was being sent).
async fn wrote_since(unit: &Unit, found: &scheduled_message::Model) -> Result<bool> {
    let chat = chat::Entity::find()
        .filter(chat::Column::CustomerId.eq(found.customer_id))
        .filter(chat::Column::InstanceId.eq(found.instance_id))
        .one(unit)
        .await?;
    let Some(chat) = chat else { return Ok(false) };
    Ok(message::Entity::find()
        .filter(message::Column::ChatId.eq(chat.id))
        .filter(message::Column::Direction.eq("in"))
        .filter(message::Column::SentAt.gt(found.created_at))
        .one(unit)
        .await?
        .is_some())
}

/// Writes the message into the customer's open ticket on the instance (or a new one, the
/// author's), queued for the provider like a reply. Answers the ticket and the message.
async fn deliver(unit: &Unit, found: &scheduled_message::Model, ticket_limit: i32) -> Result<(i32, i32)> {
    let now = Utc::now();
    let person = customer::Entity::find_by_id(found.customer_id)
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("customer_not_found", "O cliente não existe mais."))?;
    if person.blacklisted {
        return Err(Error::invalid("customer_blacklisted", "O cliente foi bloqueado antes do envio."));
    }
    let number = instance::Entity::find_by_id(found.instance_id)
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("instance_not_found", "A instância não existe mais."))?;
    let author = match found.user_id {
        Some(id) => user::Entity::find_by_id(id).one(unit).await?.filter(|u| u.deleted_at.is_none()),
        None => None,
    };
    let chat_id = chats::ensure(unit, person.id, number.id).await?;
    let current = chats::current_ticket(unit, person.id, number.id).await?;
    // Meta takes free text only within 24 hours of the customer's last message; checked before a
    // ticket is opened for it.
    let official = instances::Kind::stored(&number.provider_kind) == instances::Kind::Cloud;
    let window_open = current.as_ref().and_then(|t| t.window_closes_at).is_some_and(|closes| closes > now);
    let out = Outgoing {
        body: found.body.clone(),
        media_id: found.media_id,
        file_name: found.file_name.clone(),
        template: found.template_id.map(|id| TemplateChoice {
            id,
            parameters: message_templates::stored_parameters(found.template_parameters.as_deref()),
        }),
        ..Default::default()
    };
    let composed = outgoing::compose(unit, number.id, !official || window_open, &out).await?;
    let mut opened_here = false;
    let target = match current {
        Some(open) => open,
        None => {
            let new = NewTicket {
                customer_id: person.id,
                instance_id: number.id,
                chat_id,
                department_id: author.as_ref().and_then(|a| a.department_id),
                held_by_bot: false,
                opening_message: &found.body,
                window_closes_at: None,
            };
            let opened = tickets::open(unit, new, ticket_limit).await?;
            opened_here = true;
            // Opened by the staff: the author's, with nothing of the customer's to read.
            let mut active: ticket::ActiveModel = opened.into();
            active.status = Set(if author.is_some() { TicketStatus::Open } else { TicketStatus::Pending });
            active.assigned_user_id = Set(author.as_ref().map(|a| a.id));
            active.unread_count = Set(0);
            active.first_response_at = Set(Some(now));
            active.update(unit).await?
        }
    };
    let stored = message::ActiveModel {
        chat_id: Set(chat_id),
        ticket_id: Set(Some(target.id)),
        instance_id: Set(number.id),
        user_id: Set(author.as_ref().map(|a| a.id)),
        direction: Set("out".into()),
        kind: Set("text".into()),
        body: Set(composed.body.clone()),
        ack: Set(Ack::Queued),
        client_id: Set(Some(format!("sched-{}", found.id))),
        message_type: Set(composed.message_type.as_str().into()),
        media_id: Set(composed.media_id),
        media_status: Set(composed.media_id.map(|_| "ready".into())),
        payload: Set(composed.payload.stored()),
        sent_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    if let Some(author) = &author {
        let ids: Vec<i32> =
            found.quick_reply_ids.as_deref().and_then(|ids| serde_json::from_str(ids).ok()).unwrap_or_default();
        let viewer = Viewer::of(unit, author).await?;
        // A reply deleted since, or no longer the author's to use, just counts nothing.
        match quick_replies::count_uses(unit, &viewer, &target, &ids, now).await {
            Ok(()) | Err(Error::Invalid { .. }) => {}
            Err(other) => return Err(other),
        }
    }
    let preview = content::preview(composed.message_type, &composed.body, &composed.payload, None);
    let touched = tickets::touch(unit, target.id, &preview, now, false, None).await?;
    outbox::enqueue(unit, &ProviderSend { message_id: stored.id, resend: None }, now).await?;
    let names = match &author {
        Some(a) => touched.names.with_user(a.id, &a.name),
        None => touched.names,
    };
    let mut views = [names.message(&stored)];
    attachments::fill(unit, unit.tenant().as_str(), &mut views, std::slice::from_ref(&stored)).await?;
    let [view] = views;
    let ticket_view = names.ticket(&touched.ticket);
    if opened_here {
        hooks::ticket(unit, TICKET_OPENED, &ticket_view).await?;
    }
    hooks::message(unit, &view).await?;
    unit.raise(
        ChatNotification { ticket: Some(ticket_view), message: Some(view), notice: None }
            .to(Audience::of_ticket(&touched.ticket, &[])),
    );
    Ok((target.id, stored.id))
}

/// The customer wrote: their messages scheduled to be cancelled then are, and their authors told.
/// One indexed statement that matches nothing for nearly every message.
pub async fn customer_wrote(unit: &Unit, customer_id: i32) -> Result<()> {
    let now = Utc::now();
    let cancelled = scheduled_message::Entity::update_many()
        .col_expr(scheduled_message::Column::Status, Expr::value(CANCELLED))
        .col_expr(scheduled_message::Column::CancelReason, Expr::value(CUSTOMER_WROTE))
        .col_expr(scheduled_message::Column::UpdatedAt, Expr::value(now))
        .filter(scheduled_message::Column::CustomerId.eq(customer_id))
        .filter(scheduled_message::Column::Status.eq(SCHEDULED))
        .filter(Expr::col(scheduled_message::Column::CancelIfCustomerWrites).eq(true))
        .exec_with_returning(unit)
        .await?;
    if cancelled.is_empty() {
        return Ok(());
    }
    for (row, view) in cancelled.iter().zip(views(unit, None, &cancelled).await?) {
        release_file(unit, row).await?;
        raise_changed(unit, row, view);
    }
    Ok(())
}
