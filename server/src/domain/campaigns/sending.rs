//! How a campaign goes out and how its recipients move (docs/campaigns.md#sending).
//!
//! **The tick.** A running campaign has one `campaign.tick` job. Each run queues the next
//! recipients into the provider outbox — a `messages` row (`kind` `campaign`, in the customer's
//! chat on the instance; no ticket until it goes out to a customer in a conversation there,
//! [`show_in_open_ticket`], or they reply, [`attach`]) and its `provider.send` job, due at the next free slot of the
//! instance's rate — for the next [`WINDOW`], records each recipient's `message_id` in the same
//! transaction, and schedules itself again. A recipient with a `message_id` is never queued again,
//! and a send's retries reuse its message's `clientId`, so a restart at any point sends nobody
//! twice. Slots are the instance's (`instance_send_rates.next_slot_at`): campaigns running
//! on one instance share its rate.
//!
//! **Pausing** only changes the campaign's status; a send of a paused or cancelled campaign that
//! comes due is taken back ([`take_back`]): its message deleted, the recipient pending again.
//!
//! **Statuses** follow the message's ack ([`message_acked`], from `messages::set_ack`): forward
//! only, `failed` with a normalized reason; a customer who writes back within
//! [`REPLY_WINDOW`] of the send becomes `replied` ([`customer_replied`]). Every move queues a
//! `campaign.status` webhook for the tenant's endpoints in the same transaction.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
    sea_query::{Expr, Query},
};

use super::{
    CANCELLED, DEFAULT_RATE, FINISHED, INSTANCE_DISCONNECTED, PAUSED, RUNNING, RecipientStatus, SCHEDULED, changed,
    recipients,
};
use crate::{
    domain::{
        conversations::{
            chats::{self, current_ticket},
            events::ChatNotification,
            hooks,
            messages::Ack,
            tickets,
        },
        error::Result,
        events::{Audience, DomainEvent},
        media::{
            holds::{self, Attachment},
            payload::{Payload, TemplateUse},
        },
        outbox::{self, CampaignTick, ProviderSend},
        unit::Unit,
        webhooks,
    },
    entities::tenant::{campaign, campaign_recipient, chat, customer, instance_send_rate, message},
    random::random_token,
};

/// How far ahead one tick queues sends.
pub const WINDOW: Duration = Duration::seconds(10);
/// How often a campaign whose sends are all queued looks whether they went out.
const FINISH_CHECK: Duration = Duration::seconds(2);
/// Sends queued by one tick at most (600 a minute for 10 s is 100).
const MAX_PER_TICK: usize = 200;
/// A customer's message this long after a campaign reached them counts as a reply to it.
pub const REPLY_WINDOW: Duration = Duration::days(3);
/// `messages.kind` of a campaign's message.
pub const CAMPAIGN_KIND: &str = "campaign";

/// A recipient's status rank (`failed` apart).
fn rank(status: RecipientStatus) -> Option<usize> {
    use RecipientStatus::*;
    [Pending, Sent, Delivered, Read, Replied].iter().position(|s| *s == status)
}

/// Whether a recipient may move from `current` to `next`: forward only; `failed` only before
/// delivery; a failed one moves on when the provider reports it delivered after all.
pub fn moves(current: RecipientStatus, next: RecipientStatus) -> bool {
    match (rank(current), next) {
        (_, RecipientStatus::Failed) => matches!(current, RecipientStatus::Pending | RecipientStatus::Sent),
        (Some(now), next) => rank(next).is_some_and(|next| next > now),
        (None, next) => rank(next).is_some_and(|next| next >= 1),
    }
}

/// Runs a campaign's tick; when it should run again (`None`: nothing more to queue).
pub async fn tick(unit: &Unit, campaign_id: i32) -> Result<Option<DateTime<Utc>>> {
    let Some(found) = campaign::Entity::find_by_id(campaign_id).one(unit).await? else { return Ok(None) };
    let now = Utc::now();
    let found = match found.status.as_str() {
        SCHEDULED if found.scheduled_at.is_none_or(|at| at <= now) => {
            let mut active = found.into_active_model();
            active.status = Set(RUNNING.into());
            active.started_at = Set(Some(now));
            active.updated_at = Set(now);
            active.update(unit).await?
        }
        SCHEDULED => return Ok(found.scheduled_at),
        RUNNING => found,
        _ => return Ok(None),
    };
    let body = found.body.clone().unwrap_or_default();
    let slots = instance_send_rate::Entity::find_by_id(found.instance_id).one(unit).await?;
    let rate = slots.as_ref().map_or(DEFAULT_RATE, |s| s.rate_per_minute).max(1);
    let interval = Duration::milliseconds(60_000 / i64::from(rate));
    let mut slot = slots.as_ref().and_then(|s| s.next_slot_at).filter(|at| *at > now).unwrap_or(now);
    let horizon = now + WINDOW;
    if slot >= horizon {
        // Other campaigns of the instance hold the window: look again when it frees up.
        return Ok(Some(slot - WINDOW / 2));
    }
    let room = usize::try_from(((horizon - slot).num_milliseconds() / interval.num_milliseconds().max(1)) + 1)
        .unwrap_or(1)
        .min(MAX_PER_TICK);
    type Row = (i32, i32, Option<String>, String, String, bool);
    let next: Vec<Row> = campaign_recipient::Entity::find()
        .select_only()
        .columns([
            campaign_recipient::Column::Id,
            campaign_recipient::Column::CustomerId,
            campaign_recipient::Column::Fields,
        ])
        .column(customer::Column::Phone)
        .column(customer::Column::Name)
        .column(customer::Column::Blacklisted)
        .inner_join(customer::Entity)
        .filter(campaign_recipient::Column::CampaignId.eq(campaign_id))
        .filter(campaign_recipient::Column::Status.eq(RecipientStatus::Pending))
        .filter(campaign_recipient::Column::MessageId.is_null())
        .order_by_asc(campaign_recipient::Column::Id)
        .limit(u64::try_from(room + 1).unwrap_or(u64::MAX))
        .into_tuple()
        .all(unit)
        .await?;
    let more_after = next.len() > room;
    // The campaign's file, checked once for the batch (the campaign holds it: it is there).
    let attachment = match found.media_id {
        Some(media_id) => {
            let mut named = Attachment { media_id, file_name: found.media_file_name.clone().unwrap_or_default() };
            holds::check(unit, &mut named, "attachment").await.ok()
        }
        None => None,
    };
    let (message_type, media_id, media_status, payload) =
        attachment.as_ref().map(holds::Checked::columns).unwrap_or(("text".into(), None, None, None));
    let template: Option<Vec<String>> = found.template_parameters.as_deref().and_then(|p| serde_json::from_str(p).ok());
    let mut queued = 0usize;
    for (recipient_id, customer_id, fields, phone, name, blacklisted) in next.into_iter().take(room) {
        if blacklisted {
            // Blacklisted after the campaign was created.
            set_status(unit, &found, recipient_id, &phone, RecipientStatus::Failed, Some("blacklisted"), now).await?;
            continue;
        }
        let fields = fields.and_then(|f| serde_json::from_str(&f).ok());
        // A template campaign fills the template per recipient and sends it as Meta's template.
        let (text, payload) = match (&template, &found.template_name) {
            (Some(parameters), Some(template_name)) => {
                let (text, values) = super::render_template(&body, parameters, &name, &phone, fields.as_ref());
                let used = TemplateUse {
                    name: template_name.clone(),
                    language: found.template_language.clone().unwrap_or_default(),
                    parameters: values,
                };
                (text, Payload { template: Some(used), ..Default::default() }.stored())
            }
            _ => (recipients::render(&body, &name, &phone, fields.as_ref()), payload.clone()),
        };
        let chat_id = chats::ensure(unit, customer_id, found.instance_id).await?;
        let stored = message::ActiveModel {
            chat_id: Set(chat_id),
            ticket_id: Set(None),
            instance_id: Set(found.instance_id),
            user_id: Set(None),
            direction: Set("out".into()),
            kind: Set(CAMPAIGN_KIND.into()),
            body: Set(text),
            message_type: Set(message_type.clone()),
            media_id: Set(media_id),
            media_status: Set(media_status.clone()),
            payload: Set(payload),
            ack: Set(Ack::Queued),
            // The provider's idempotency key for this send (its retries reuse it); a send again
            // after a failure ("retry the failed") is a new message with a new key.
            client_id: Set(Some(format!("cmp-{campaign_id}-{recipient_id}-{}", random_token(6)))),
            sent_at: Set(slot),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(unit)
        .await?;
        campaign_recipient::Entity::update_many()
            .col_expr(campaign_recipient::Column::MessageId, Expr::value(stored.id))
            .col_expr(campaign_recipient::Column::UpdatedAt, Expr::value(now))
            .filter(campaign_recipient::Column::Id.eq(recipient_id))
            .exec(unit)
            .await?;
        outbox::enqueue(unit, &ProviderSend { message_id: stored.id, resend: None }, slot).await?;
        slot += interval;
        queued += 1;
    }
    if queued > 0 {
        instance_send_rate::Entity::insert(instance_send_rate::ActiveModel {
            instance_id: Set(found.instance_id),
            rate_per_minute: Set(rate),
            next_slot_at: Set(Some(slot)),
        })
        .on_conflict(
            sea_orm::sea_query::OnConflict::column(instance_send_rate::Column::InstanceId)
                .update_column(instance_send_rate::Column::NextSlotAt)
                .to_owned(),
        )
        .exec_without_returning(unit)
        .await?;
    }
    if !more_after {
        // Every recipient is queued: the campaign is done once the last queued message went out
        // (or failed for good); until then it stays running — and can still be paused.
        let waiting = campaign_recipient::Entity::find()
            .filter(campaign_recipient::Column::CampaignId.eq(campaign_id))
            .filter(campaign_recipient::Column::Status.eq(RecipientStatus::Pending))
            .count(unit)
            .await?;
        if waiting > 0 {
            changed(unit, campaign_id);
            return Ok(Some(std::cmp::max(slot, now) + FINISH_CHECK));
        }
        // Acks and replies still move its figures.
        let mut active = found.into_active_model();
        active.status = Set(FINISHED.into());
        active.finished_at = Set(Some(now));
        active.updated_at = Set(now);
        active.update(unit).await?;
        changed(unit, campaign_id);
        return Ok(None);
    }
    changed(unit, campaign_id);
    // Again when half the queued window has gone out.
    Ok(Some(std::cmp::max(slot - WINDOW / 2, now + Duration::milliseconds(500))))
}

/// Moves one recipient and queues its webhook.
async fn set_status(
    unit: &Unit,
    found: &campaign::Model,
    recipient_id: i32,
    phone: &str,
    status: RecipientStatus,
    reason: Option<&str>,
    at: DateTime<Utc>,
) -> Result<()> {
    let mut update = campaign_recipient::Entity::update_many()
        .col_expr(campaign_recipient::Column::Status, Expr::value(status))
        .col_expr(campaign_recipient::Column::Error, Expr::value(reason.map(str::to_owned)))
        .col_expr(campaign_recipient::Column::StatusAt, Expr::value(at))
        .col_expr(campaign_recipient::Column::UpdatedAt, Expr::value(at));
    if status == RecipientStatus::Sent {
        update = update.col_expr(campaign_recipient::Column::SentAt, Expr::value(at));
    }
    update.filter(campaign_recipient::Column::Id.eq(recipient_id)).exec(unit).await?;
    webhooks::campaign_status(
        unit,
        webhooks::CampaignStatus { campaign_id: found.id, campaign_name: &found.name, recipient_id, phone, status, at },
    )
    .await?;
    changed(unit, found.id);
    Ok(())
}

/// A campaign message's ack moved: its recipient follows (forward only). `reason` is the
/// normalized failure reason for `failed`.
pub async fn message_acked(unit: &Unit, message_id: i32, ack: Ack, reason: Option<&str>) -> Result<()> {
    let status = match ack {
        Ack::Sent => RecipientStatus::Sent,
        Ack::Delivered => RecipientStatus::Delivered,
        Ack::Read => RecipientStatus::Read,
        Ack::Failed => RecipientStatus::Failed,
        Ack::Queued => return Ok(()),
    };
    let Some(recipient) = campaign_recipient::Entity::find()
        .filter(campaign_recipient::Column::MessageId.eq(message_id))
        .one(unit)
        .await?
    else {
        return Ok(());
    };
    if !moves(recipient.status, status) {
        return Ok(());
    }
    let Some(found) = campaign::Entity::find_by_id(recipient.campaign_id).one(unit).await? else { return Ok(()) };
    let phone: Option<String> = customer::Entity::find_by_id(recipient.customer_id)
        .select_only()
        .column(customer::Column::Phone)
        .into_tuple()
        .one(unit)
        .await?;
    let reason = (status == RecipientStatus::Failed).then(|| reason.unwrap_or("not_delivered"));
    set_status(unit, &found, recipient.id, &phone.unwrap_or_default(), status, reason, Utc::now()).await
}

/// The statuses of a campaign send that a reply can still move to `replied`.
const AWAITING_REPLY: [RecipientStatus; 3] = [RecipientStatus::Sent, RecipientStatus::Delivered, RecipientStatus::Read];

/// Whether the customer of the row `customers.id` has a campaign send a reply would answer now
/// ([`customer_replied`] has something to do): an `EXISTS` the inbound lookup of the customer
/// asks in its own statement, so most messages, which answer no campaign, pay no statement for it.
pub fn awaiting_reply(now: DateTime<Utc>) -> Expr {
    // Here only: its `max` would shadow the integers' elsewhere in the module.
    use sea_orm::sea_query::ExprTrait;
    Expr::exists(
        Query::select()
            .expr(Expr::val(1))
            .from(campaign_recipient::Entity)
            .and_where(
                Expr::col((campaign_recipient::Entity, campaign_recipient::Column::CustomerId))
                    .equals((customer::Entity, customer::Column::Id)),
            )
            .and_where(
                Expr::col((campaign_recipient::Entity, campaign_recipient::Column::Status)).is_in(AWAITING_REPLY),
            )
            .and_where(
                Expr::col((campaign_recipient::Entity, campaign_recipient::Column::SentAt)).gte(now - REPLY_WINDOW),
            )
            .to_owned(),
    )
}

/// A customer wrote on an instance: their recent campaign sends there become `replied`. Answers
/// the messages they replied to, for the ticket the reply lands in ([`attach`]).
pub async fn customer_replied(unit: &Unit, customer_id: i32, instance_id: i32) -> Result<Vec<i32>> {
    let now = Utc::now();
    let mut answered = Vec::new();
    let candidates: Vec<(i32, i32, Option<i32>)> = campaign_recipient::Entity::find()
        .select_only()
        .column(campaign_recipient::Column::Id)
        .column(campaign_recipient::Column::CampaignId)
        .column(campaign_recipient::Column::MessageId)
        .filter(campaign_recipient::Column::CustomerId.eq(customer_id))
        .filter(campaign_recipient::Column::Status.is_in(AWAITING_REPLY))
        .filter(campaign_recipient::Column::SentAt.gte(now - REPLY_WINDOW))
        .into_tuple()
        .all(unit)
        .await?;
    if candidates.is_empty() {
        return Ok(answered);
    }
    let phone: Option<String> = customer::Entity::find_by_id(customer_id)
        .select_only()
        .column(customer::Column::Phone)
        .into_tuple()
        .one(unit)
        .await?;
    let phone = phone.unwrap_or_default();
    for (recipient_id, campaign_id, message_id) in candidates {
        let Some(found) = campaign::Entity::find_by_id(campaign_id).one(unit).await? else { continue };
        if found.instance_id != instance_id {
            continue;
        }
        set_status(unit, &found, recipient_id, &phone, RecipientStatus::Replied, None, now).await?;
        answered.extend(message_id);
    }
    Ok(answered)
}

/// Puts the campaign messages a customer replied to in the ticket their reply is in, so the agent
/// reads what the customer is answering.
pub async fn attach(unit: &Unit, message_ids: Vec<i32>, ticket_id: i32) -> Result<()> {
    if message_ids.is_empty() {
        return Ok(());
    }
    message::Entity::update_many()
        .col_expr(message::Column::TicketId, Expr::value(ticket_id))
        .filter(message::Column::Id.is_in(message_ids))
        .filter(message::Column::TicketId.is_null())
        .exec(unit)
        .await?;
    Ok(())
}

/// The instance's connection changed: its running campaigns pause when it disconnects, and
/// those it paused resume when it connects again.
pub async fn instance_status_changed(unit: &Unit, instance_id: i32, status: &str) -> Result<()> {
    let now = Utc::now();
    let (from, to, reason) = match status {
        "disconnected" => (RUNNING, PAUSED, Some(INSTANCE_DISCONNECTED)),
        "connected" => (PAUSED, RUNNING, None),
        _ => return Ok(()),
    };
    let mut select = campaign::Entity::find()
        .filter(campaign::Column::InstanceId.eq(instance_id))
        .filter(campaign::Column::Status.eq(from));
    if to == RUNNING {
        select = select.filter(campaign::Column::PausedReason.eq(INSTANCE_DISCONNECTED));
    }
    for found in select.all(unit).await? {
        let id = found.id;
        let mut active = found.into_active_model();
        active.status = Set(to.into());
        active.paused_reason = Set(reason.map(str::to_owned));
        active.updated_at = Set(now);
        active.update(unit).await?;
        if to == RUNNING {
            outbox::enqueue(unit, &CampaignTick { campaign_id: id }, now).await?;
        }
        changed(unit, id);
    }
    Ok(())
}

/// Whether a campaign message's campaign was paused or cancelled (its send is to be taken back).
pub async fn withdrawn(db: &impl ConnectionTrait, message_id: i32) -> Result<bool> {
    let status: Option<String> = campaign::Entity::find()
        .select_only()
        .column(campaign::Column::Status)
        .inner_join(campaign_recipient::Entity)
        .filter(campaign_recipient::Column::MessageId.eq(message_id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(status.is_some_and(|s| s == PAUSED || s == CANCELLED))
}

/// Before a campaign message goes out: if its campaign is paused or cancelled, the send is taken
/// back (message deleted, recipient pending with no message) and `true` is answered.
pub async fn take_back(unit: &Unit, message_id: i32) -> Result<bool> {
    let Some(recipient) = campaign_recipient::Entity::find()
        .filter(campaign_recipient::Column::MessageId.eq(message_id))
        .one(unit)
        .await?
    else {
        return Ok(false);
    };
    let Some(found) = campaign::Entity::find_by_id(recipient.campaign_id).one(unit).await? else { return Ok(false) };
    if !matches!(found.status.as_str(), PAUSED | CANCELLED) || recipient.status != RecipientStatus::Pending {
        return Ok(false);
    }
    campaign_recipient::Entity::update_many()
        .col_expr(campaign_recipient::Column::MessageId, Expr::value(Option::<i32>::None))
        .col_expr(campaign_recipient::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(campaign_recipient::Column::Id.eq(recipient.id))
        .exec(unit)
        .await?;
    message::Entity::delete_by_id(message_id)
        .filter(message::Column::Ack.eq("queued"))
        .filter(message::Column::ExternalId.is_null())
        .exec(unit)
        .await?;
    Ok(true)
}

/// A campaign message the provider just took, for a customer who is in a conversation on that
/// instance (a ticket not closed, the bot's included): it joins that ticket at the moment it went
/// out, so the agent reads what the customer received and what they may be answering, and sees it
/// arrive live (`direction: "out"`: clients do not ring). Answers the message as it now is.
/// Messages of customers with no open ticket stay out of tickets until a reply ([`attach`]).
pub async fn show_in_open_ticket(unit: &Unit, sent: message::Model) -> Result<message::Model> {
    if !is_campaign(&sent) || sent.ticket_id.is_some() {
        return Ok(sent);
    }
    let customer_id: Option<i32> = chat::Entity::find_by_id(sent.chat_id)
        .select_only()
        .column(chat::Column::CustomerId)
        .into_tuple()
        .one(unit)
        .await?;
    let Some(customer_id) = customer_id else { return Ok(sent) };
    let Some(open) = current_ticket(unit, customer_id, sent.instance_id).await? else { return Ok(sent) };
    let now = Utc::now();
    let mut active = sent.into_active_model();
    active.ticket_id = Set(Some(open.id));
    // Queued ahead for its slot; in the conversation it belongs where it actually went out.
    active.sent_at = Set(now);
    active.updated_at = Set(now);
    let joined = active.update(unit).await?;
    let tickets::Touched { ticket: touched, names } =
        tickets::touch(unit, open.id, &joined.body, now, false, None).await?;
    let message = names.message(&joined);
    hooks::message(unit, &message).await?;
    unit.raise(
        ChatNotification { ticket: Some(names.ticket(&touched)), message: Some(message), notice: None }
            .to(Audience::of_ticket(&touched, &[])),
    );
    Ok(joined)
}

/// Whether a message is a campaign's (its sends and acks involve the recipient).
pub fn is_campaign(found: &message::Model) -> bool {
    found.kind == CAMPAIGN_KIND
}

/// The failure reason of a send the provider refused or never answered.
pub fn send_failure_reason(permanent: bool) -> &'static str {
    if permanent { "provider_rejected" } else { "provider_unreachable" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipients_move_forward_only_and_fail_only_before_delivery() {
        use RecipientStatus::*;
        assert!(moves(Pending, Sent) && moves(Sent, Read) && moves(Read, Replied));
        assert!(!moves(Read, Delivered) && !moves(Replied, Read));
        assert!(moves(Pending, Failed) && moves(Sent, Failed) && !moves(Delivered, Failed));
        assert!(moves(Failed, Delivered) && !moves(Failed, Pending));
    }
}
