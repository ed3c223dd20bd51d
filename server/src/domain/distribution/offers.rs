//! Offers by request (docs/service-levels.md#offers-by-request): with a policy's `offer_seconds`,
//! the distribution does not hand a ticket over but asks — a transfer request from nobody to the
//! chosen person, through the transfer workflow the inbox already has (its card, accept, decline).
//! While the offer waits the ticket is theirs, `transferring`, so it holds one of their slots and
//! nobody else takes it from the queue. Accepted, it is theirs (`inbox::transfers::accept`);
//! declined (`inbox::transfers::withdraw`) or left to expire ([`expire`]), it goes back to the
//! queue and to the next person, never again to one who passed on it.
//!
//! An offer is the transfer with no requester (`requested_by_user_id` is `NULL`): a person's own
//! transfer always has one.

use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, sea_query::Expr};

use crate::{
    domain::{
        conversations::{
            events::{ChatTicketTransfer, ChatTicketTransferring, DeleteChatTicketTransfer},
            messages,
            tickets::TicketStatus,
            views,
        },
        error::Result,
        events::{Audience, DomainEvent},
        outbox::{self, DistributionOfferExpire},
        unit::Unit,
    },
    entities::tenant::{states::TransferStatus, ticket, ticket_transfer},
};

/// Whether a transfer is one of the distribution's offers.
pub fn is_offer(transfer: &ticket_transfer::Model) -> bool {
    transfer.requested_by_user_id.is_none()
}

/// Offers `ticket` (already `transferring` to `user_id`, its slot claimed) for `seconds`.
pub async fn make(unit: &Unit, ticket: &ticket::Model, user_id: i32, seconds: i32, reason: &str) -> Result<()> {
    let now = Utc::now();
    let transfer = ticket_transfer::ActiveModel {
        ticket_id: Set(ticket.id),
        from_user_id: Set(None),
        to_user_id: Set(Some(user_id)),
        to_department_id: Set(None),
        from_department_id: Set(ticket.department_id),
        requested_by_user_id: Set(None),
        status: Set(TransferStatus::Pending),
        note: Set(Some(format!("Distribuição automática: aceite em até {seconds} s"))),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    messages::note(unit, ticket, None, &format!("{reason} — aceite em até {seconds} s")).await?;
    let (ticket_view, transfer_view) = (views::ticket(unit, ticket).await?, views::transfer(unit, &transfer).await?);
    unit.raise(
        ChatTicketTransfer { ticket: ticket_view.clone(), transfer: transfer_view.clone() }
            .to(Audience::of_transfer(ticket, &transfer)),
    );
    unit.raise(
        ChatTicketTransferring { ticket: ticket_view, transfer: transfer_view }.to(Audience::of_ticket(ticket, &[])),
    );
    outbox::enqueue(
        unit,
        &DistributionOfferExpire { transfer_id: transfer.id },
        now + Duration::seconds(seconds.into()),
    )
    .await
}

/// The offer's time is up: unless it was answered (or the ticket closed), the ticket goes back to
/// the queue and the distribution looks for the next person.
pub async fn expire(unit: &Unit, transfer_id: i32) -> Result<()> {
    let now = Utc::now();
    let expired = ticket_transfer::Entity::update_many()
        .col_expr(ticket_transfer::Column::Status, Expr::value(TransferStatus::Cancelled))
        .col_expr(ticket_transfer::Column::ResolvedAt, Expr::value(now))
        .col_expr(ticket_transfer::Column::UpdatedAt, Expr::value(now))
        .filter(ticket_transfer::Column::Id.eq(transfer_id))
        .filter(ticket_transfer::Column::Status.eq(TransferStatus::Pending))
        .exec_with_returning(unit)
        .await?;
    let Some(transfer) = expired.into_iter().next() else { return Ok(()) };
    let Some(back) = back_to_queue(unit, &transfer).await? else { return Ok(()) };
    let transfer_view = views::transfer(unit, &transfer).await?;
    let name = transfer_view.to_user.as_ref().map_or("atendente", |u| u.name.as_str());
    messages::note(unit, &back, None, &format!("A oferta a {name} expirou sem resposta")).await?;
    let view = views::ticket(unit, &back).await?;
    unit.raise(
        DeleteChatTicketTransfer { ticket: view, transfer: transfer_view }.to(Audience::of_transfer(&back, &transfer)),
    );
    super::kick(unit).await
}

/// The offered ticket goes back to the queue (`pending`, nobody's) if it is still the offer's.
pub async fn back_to_queue(
    db: &impl ConnectionTrait,
    transfer: &ticket_transfer::Model,
) -> Result<Option<ticket::Model>> {
    let now = Utc::now();
    let mut update = ticket::Entity::update_many()
        .col_expr(ticket::Column::Status, Expr::value(TicketStatus::Pending))
        .col_expr(ticket::Column::AssignedUserId, Expr::value(Option::<i32>::None))
        .col_expr(ticket::Column::UpdatedAt, Expr::value(now))
        .filter(ticket::Column::Id.eq(transfer.ticket_id))
        .filter(ticket::Column::Status.eq(TicketStatus::Transferring));
    if let Some(user) = transfer.to_user_id {
        update = update.filter(ticket::Column::AssignedUserId.eq(user));
    }
    Ok(update.exec_with_returning(db).await?.into_iter().next())
}
