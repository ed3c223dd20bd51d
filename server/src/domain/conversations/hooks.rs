//! What the conversations tell integrators (docs/webhooks.md#events): the `data` of the ticket,
//! message and customer webhook events — the same views the REST API answers — and the calls
//! that emit them where each fact happens (`domain::webhook_events::emit`, in the change's own
//! transaction).

use sea_orm::EntityTrait;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::views::{CustomerView, MessageView, NamedRef, TicketView},
        error::Result,
        unit::Unit,
        webhook_events::{self, MESSAGE_ACK, MESSAGE_RECEIVED, MESSAGE_SENT, TICKET_CLOSED, TICKET_TRANSFERRED},
    },
    entities::tenant::{closing_reason, states::Ack},
};

/// The `data` of `ticket.opened`, `ticket.accepted`, `ticket.transferred` and `ticket.closed`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketEventData {
    /// O ticket como `GET /api/tickets` o mostra, depois do que aconteceu.
    pub ticket: TicketView,
    /// `ticket.transferred`: a transferência aceita que o moveu.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transfer_id: Option<i32>,
    /// `ticket.closed`: o motivo do encerramento.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closing_reason: Option<NamedRef>,
    /// `ticket.closed`: onde ler a conversa inteira (`GET` neste caminho do back-office, com um
    /// token que possa ler o ticket).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript_path: Option<String>,
}

impl TicketEventData {
    pub fn of(ticket: TicketView) -> Self {
        Self { ticket, transfer_id: None, closing_reason: None, transcript_path: None }
    }

    /// A closed ticket, with its reason and where its conversation is read.
    pub fn closed(ticket: TicketView, closing_reason: Option<NamedRef>) -> Self {
        let transcript_path = Some(format!("/api/tickets/{}/messages", ticket.id));
        Self { ticket, transfer_id: None, closing_reason, transcript_path }
    }
}

/// The `data` of `message.received` and `message.sent`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessageEventData {
    /// A mensagem como `GET /api/tickets/{id}/messages` a mostra.
    pub message: MessageView,
}

/// The `data` of `message.ack`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AckEventData {
    pub ticket_id: Option<i32>,
    pub message_id: i32,
    /// A nova situação: `sent`, `delivered`, `read` ou `failed`.
    pub ack: Ack,
    /// Por que falhou (`failed`).
    pub error: Option<String>,
}

/// The `data` of `customer.created`, `customer.updated` and `customer.blacklisted`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerEventData {
    /// O cliente como `GET /api/customers` o mostra.
    pub customer: CustomerView,
}

/// A message of the conversation was written: `message.received` when the customer wrote it,
/// `message.sent` when the staff, the bot, a campaign or a schedule did. A note (a line the
/// customer never sees) is nobody's business outside.
pub async fn message(unit: &Unit, message: &MessageView) -> Result<()> {
    if message.kind == "note" {
        return Ok(());
    }
    let event_type = if message.direction == "in" { MESSAGE_RECEIVED } else { MESSAGE_SENT };
    webhook_events::emit(unit, event_type, || MessageEventData { message: message.clone() }).await
}

/// A message's delivery state moved.
pub async fn ack(unit: &Unit, data: AckEventData) -> Result<()> {
    webhook_events::emit(unit, MESSAGE_ACK, || data).await
}

/// A customer event about `customer` as it is now.
pub async fn customer(unit: &Unit, event_type: &'static str, customer: &CustomerView) -> Result<()> {
    webhook_events::emit(unit, event_type, || CustomerEventData { customer: customer.clone() }).await
}

/// A ticket event about `ticket` as it is now (`ticket.opened`, `.accepted`).
pub async fn ticket(unit: &Unit, event_type: &'static str, ticket: &TicketView) -> Result<()> {
    webhook_events::emit(unit, event_type, || TicketEventData::of(ticket.clone())).await
}

/// `ticket.transferred`: an accepted transfer moved it.
pub async fn transferred(unit: &Unit, ticket: &TicketView, transfer_id: i32) -> Result<()> {
    webhook_events::emit(unit, TICKET_TRANSFERRED, || TicketEventData {
        transfer_id: Some(transfer_id),
        ..TicketEventData::of(ticket.clone())
    })
    .await
}

/// `ticket.closed`, with the closing reason's name (read only when someone listens).
pub async fn closed(unit: &Unit, ticket: &TicketView) -> Result<()> {
    if !webhook_events::listens(unit, TICKET_CLOSED).await? {
        return Ok(());
    }
    let reason = match ticket.closing_reason_id {
        Some(id) => {
            closing_reason::Entity::find_by_id(id).one(unit).await?.map(|r| NamedRef { id: r.id, name: r.name })
        }
        None => None,
    };
    webhook_events::emit(unit, TICKET_CLOSED, || TicketEventData::closed(ticket.clone(), reason)).await
}
