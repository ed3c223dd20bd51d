//! The data subject's rights under the LGPD (Lei 13.709, art. 18; docs/privacy.md): the subject
//! report ([`report`]), erasure by anonymisation in place ([`erase`]), the legal hold that
//! refuses it ([`set_hold`]), and consent ([`consent`]).
//!
//! **Erasure keeps the rows.** Tickets, messages, orders and campaign sends stay, emptied of
//! what identifies the person or was said by or to them: the daily aggregates (which hold no
//! personal data) and the sheets still add up, and `analytics verify` still passes, because
//! every count they are built from is still there. What goes: the customer's name, phone,
//! e-mail, document and identities; every message's text, file, location and contact cards in
//! their conversations (notes included: they are about the person); the tickets' previews; the
//! bot's record of what they typed; their survey comments; the fields a campaign import brought;
//! their scheduled messages; the merge log's copy of a customer merged into them; orders' notes;
//! and the webhook deliveries that carried any of it. Their files leave the media store when no
//! other message holds them.

pub mod consent;
pub mod report;

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QuerySelect, Set,
    sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{customers::CustomerView, events::CustomerChanged},
        error::{Error, FieldError, Result},
        events::{Audience, DomainEvent},
        sql::Binder,
        unit::Unit,
    },
    entities::tenant::{
        bot_step, campaign_recipient, chat, customer, customer_identity, customer_merge, message, message_reaction,
        order, scheduled_message, ticket, webhook_attempt, webhook_delivery,
    },
};

/// What an erased customer is called from then on.
pub const ERASED_NAME: &str = "Titular anonimizado";

/// A customer's legal hold (`PUT /api/customers/{id}/legal-hold`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct HoldChange {
    /// Por que a exclusão fica suspensa (processo, fiscalização); `null` ou vazio retira a suspensão.
    pub reason: Option<String>,
}

/// Where a customer stands: their hold, and whether they were erased.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyStatus {
    pub customer_id: i32,
    pub legal_hold_reason: Option<String>,
    #[schema(value_type = Option<String>)]
    pub legal_hold_at: Option<chrono::DateTime<Utc>>,
    #[schema(value_type = Option<String>)]
    pub erased_at: Option<chrono::DateTime<Utc>>,
}

impl From<&customer::Model> for PrivacyStatus {
    fn from(c: &customer::Model) -> Self {
        Self {
            customer_id: c.id,
            legal_hold_reason: c.legal_hold_reason.clone(),
            legal_hold_at: c.legal_hold_at,
            erased_at: c.erased_at,
        }
    }
}

/// What an erasure emptied.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Erased {
    pub customer: Option<CustomerView>,
    pub messages: u64,
    pub tickets: u64,
    pub webhook_deliveries: u64,
    /// Files removed from storage (those no other message holds).
    pub media_files: u64,
    /// The files the erasure let go, for [`crate::domain::media::unused::remove_now`] once the
    /// erasure committed.
    #[serde(skip)]
    pub released_media: Vec<i32>,
}

/// A customer's privacy status.
pub async fn status(db: &impl ConnectionTrait, customer_id: i32) -> Result<PrivacyStatus> {
    Ok(PrivacyStatus::from(&report::find(db, customer_id).await?))
}

/// Sets or lifts a customer's legal hold.
pub async fn set_hold(unit: &Unit, customer_id: i32, change: HoldChange) -> Result<PrivacyStatus> {
    let found = report::find(unit, customer_id).await?;
    let reason = change.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()).map(str::to_owned);
    if reason.as_ref().is_some_and(|r| r.chars().count() > 500) {
        return Err(Error::invalid_field("invalid_legal_hold", "reason", "O motivo tem no máximo 500 caracteres."));
    }
    if found.erased_at.is_some() && reason.is_some() {
        return Err(Error::conflict("customer_erased", "Este cliente já foi anonimizado."));
    }
    let mut active = found.into_active_model();
    active.legal_hold_at = Set(reason.as_ref().map(|_| Utc::now()));
    active.legal_hold_reason = Set(reason);
    active.updated_at = Set(Utc::now());
    let status = PrivacyStatus::from(&active.update(unit).await?);
    unit.raise(CustomerChanged { customer_id }.to(Audience::everyone()));
    Ok(status)
}

/// Erases a customer by anonymisation in place, in the unit's transaction (see the module). The
/// media it releases are removed by the caller after the commit (`Erased::released_media`).
/// Refused (409) while a legal hold stands or when already erased.
pub async fn erase(unit: &Unit, customer_id: i32) -> Result<Erased> {
    let found = report::find(unit, customer_id).await?;
    if found.erased_at.is_some() {
        return Err(Error::conflict("customer_erased", "Este cliente já foi anonimizado."));
    }
    if let Some(reason) = &found.legal_hold_reason {
        return Err(Error::conflict("legal_hold", format!("A exclusão está suspensa por retenção legal: {reason}")));
    }
    let now = Utc::now();
    let phone = found.phone.clone();
    let chats: Vec<i32> = chat::Entity::find()
        .select_only()
        .column(chat::Column::Id)
        .filter(chat::Column::CustomerId.eq(customer_id))
        .into_tuple()
        .all(unit)
        .await?;
    let tickets: Vec<i32> = ticket::Entity::find()
        .select_only()
        .column(ticket::Column::Id)
        .filter(ticket::Column::CustomerId.eq(customer_id))
        .into_tuple()
        .all(unit)
        .await?;
    let mut erased = Erased { tickets: tickets.len() as u64, ..Erased::default() };

    for chunk in chats.chunks(500) {
        let in_chats = message::Column::ChatId.is_in(chunk.to_vec());
        let held: Vec<Option<i32>> = message::Entity::find()
            .select_only()
            .column(message::Column::MediaId)
            .filter(in_chats.clone())
            .filter(message::Column::MediaId.is_not_null())
            .into_tuple()
            .all(unit)
            .await?;
        erased.released_media.extend(held.into_iter().flatten());
        let ids: Vec<i32> = message::Entity::find()
            .select_only()
            .column(message::Column::Id)
            .filter(in_chats.clone())
            .into_tuple()
            .all(unit)
            .await?;
        for ids in ids.chunks(500) {
            message_reaction::Entity::delete_many()
                .filter(message_reaction::Column::MessageId.is_in(ids.to_vec()))
                .exec(unit)
                .await?;
        }
        let emptied = message::Entity::update_many()
            .col_expr(message::Column::Body, Expr::value(""))
            .col_expr(message::Column::Payload, Expr::value(Option::<String>::None))
            .col_expr(message::Column::MediaId, Expr::value(Option::<i32>::None))
            .col_expr(message::Column::MediaStatus, Expr::value(Option::<String>::None))
            .col_expr(message::Column::MediaError, Expr::value(Option::<String>::None))
            .col_expr(message::Column::QuotedExternalId, Expr::value(Option::<String>::None))
            .col_expr(message::Column::UpdatedAt, Expr::value(now))
            .filter(in_chats)
            .exec(unit)
            .await?;
        erased.messages += emptied.rows_affected;
    }
    erased.released_media.sort_unstable();
    erased.released_media.dedup();

    for chunk in tickets.chunks(500) {
        ticket::Entity::update_many()
            .col_expr(ticket::Column::LastMessagePreview, Expr::value(Option::<String>::None))
            .filter(ticket::Column::Id.is_in(chunk.to_vec()))
            .exec(unit)
            .await?;
        bot_step::Entity::update_many()
            .col_expr(bot_step::Column::Input, Expr::value(""))
            .filter(bot_step::Column::TicketId.is_in(chunk.to_vec()))
            .exec(unit)
            .await?;
    }
    let mut b = Binder::new(unit.get_database_backend());
    let sql = format!("UPDATE survey_responses SET comment = NULL WHERE customer_id = {}", b.p(customer_id));
    unit.execute_raw(b.statement(sql)).await?;
    campaign_recipient::Entity::update_many()
        .col_expr(campaign_recipient::Column::Fields, Expr::value(Option::<String>::None))
        .filter(campaign_recipient::Column::CustomerId.eq(customer_id))
        .exec(unit)
        .await?;
    order::Entity::update_many()
        .col_expr(order::Column::Note, Expr::value(Option::<String>::None))
        .filter(order::Column::CustomerId.eq(customer_id))
        .exec(unit)
        .await?;
    scheduled_message::Entity::update_many()
        .col_expr(scheduled_message::Column::Body, Expr::value(""))
        .col_expr(scheduled_message::Column::TemplateParameters, Expr::value(Option::<String>::None))
        .col_expr(scheduled_message::Column::FileName, Expr::value(Option::<String>::None))
        .filter(scheduled_message::Column::CustomerId.eq(customer_id))
        .exec(unit)
        .await?;
    // Scheduled sends still waiting are cancelled: there is nobody left to write to.
    scheduled_message::Entity::update_many()
        .col_expr(scheduled_message::Column::Status, Expr::value(crate::domain::scheduled_messages::CANCELLED))
        .col_expr(scheduled_message::Column::CancelReason, Expr::value(Some("Cliente anonimizado (LGPD).")))
        .filter(scheduled_message::Column::CustomerId.eq(customer_id))
        .filter(scheduled_message::Column::Status.eq(crate::domain::scheduled_messages::SCHEDULED))
        .exec(unit)
        .await?;
    customer_merge::Entity::update_many()
        .col_expr(customer_merge::Column::MergedName, Expr::value(ERASED_NAME))
        .col_expr(customer_merge::Column::MergedPhone, Expr::value(""))
        .col_expr(customer_merge::Column::Identities, Expr::value("[]"))
        .filter(customer_merge::Column::CustomerId.eq(customer_id))
        .exec(unit)
        .await?;
    erased.webhook_deliveries = forget_deliveries(unit, customer_id, &phone, &tickets).await?;

    let mut active = found.into_active_model();
    active.name = Set(ERASED_NAME.to_owned());
    // Unique, and no one's number: the customer can never be found by it again.
    active.phone = Set(format!("anonimizado-{customer_id}"));
    active.email = Set(None);
    active.document = Set(None);
    active.erased_at = Set(Some(now));
    active.updated_at = Set(now);
    erased.customer = Some(active.update(unit).await?.into());
    // After the new phone: the customers' trigger records a changed address as an identity, and
    // `anonimizado-{id}` must not become one.
    customer_identity::Entity::delete_many()
        .filter(customer_identity::Column::CustomerId.eq(customer_id))
        .exec(unit)
        .await?;
    unit.raise(CustomerChanged { customer_id }.to(Audience::everyone()));
    Ok(erased)
}

/// Deletes the webhook deliveries — sent or still queued: nothing about the person leaves after
/// their erasure (a queued one's job finds no row and ends) — whose payload names the customer, their phone or one of their tickets. Payloads are
/// JSON text: the match is on the fields the events write (`"customerId":N`, `"id":N` inside a
/// `customer`, `"ticketId":N`, a ticket `"id"` beside its `"protocol"`), by pattern, in batches of
/// patterns — a scan of the deliveries kept, for an act that happens a few times a year.
async fn forget_deliveries(unit: &Unit, customer_id: i32, phone: &str, tickets: &[i32]) -> Result<u64> {
    let mut patterns = vec![
        format!("%\"customerId\":{customer_id},%"),
        format!("%\"customerId\":{customer_id}}}%"),
        format!("%\"customer\":{{\"id\":{customer_id},%"),
    ];
    if !phone.is_empty() {
        patterns.push(format!("%{phone}%"));
    }
    for t in tickets {
        patterns.push(format!("%\"ticketId\":{t},%"));
        patterns.push(format!("%\"ticketId\":{t}}}%"));
        patterns.push(format!("%\"ticket\":{{\"id\":{t},%"));
    }
    let mut removed = 0;
    for chunk in patterns.chunks(60) {
        let mut any = sea_orm::Condition::any();
        for p in chunk {
            any = any.add(webhook_delivery::Column::Payload.like(p.as_str()));
        }
        let ids: Vec<i32> = webhook_delivery::Entity::find()
            .select_only()
            .column(webhook_delivery::Column::Id)
            .filter(any)
            .into_tuple()
            .all(unit)
            .await?;
        for ids in ids.chunks(500) {
            webhook_attempt::Entity::delete_many()
                .filter(webhook_attempt::Column::DeliveryId.is_in(ids.to_vec()))
                .exec(unit)
                .await?;
            removed += webhook_delivery::Entity::delete_many()
                .filter(webhook_delivery::Column::Id.is_in(ids.to_vec()))
                .exec(unit)
                .await?
                .rows_affected;
        }
    }
    Ok(removed)
}

/// The field error of a confirmation that does not match (the web asks for the customer's name).
pub fn confirmation_mismatch() -> Error {
    Error::Invalid {
        code: "confirmation_mismatch",
        message: "Digite o nome do cliente para confirmar.".into(),
        fields: vec![FieldError::new("confirmation", "Digite o nome do cliente para confirmar.")],
    }
}
