//! A customer's chat on an instance (one per pair, created on the first message either way) and
//! the ticket of it that is not closed yet: what inbound messages, campaigns and replies all
//! write into.

use chrono::Utc;
use sea_orm::{
    ColumnTrait, EntityTrait, QueryFilter, Set,
    sea_query::{Expr, OnConflict},
};

use crate::{
    domain::{
        error::{Error, Result},
        sql::inserted,
        unit::Unit,
    },
    entities::tenant::{chat, states::TicketStatus, ticket},
};

/// The customer's ticket on the instance that is not closed yet.
pub async fn current_ticket(unit: &Unit, customer_id: i32, instance_id: i32) -> Result<Option<ticket::Model>> {
    use sea_orm::sea_query::ExprTrait;
    let chosen = current_ticket_id(Expr::value(customer_id), instance_id);
    Ok(ticket::Entity::find()
        .filter(ExprTrait::eq(Expr::col((ticket::Entity, ticket::Column::Id)), chosen))
        .one(unit)
        .await?)
}

/// The id of `customer`'s latest ticket on the instance that is not closed, as a scalar subquery:
/// one choice for [`current_ticket`] and the inbound sender's lookup (where `customer` is its row's
/// column).
pub fn current_ticket_id(customer: Expr, instance_id: i32) -> Expr {
    use sea_orm::sea_query::{ExprTrait, Order, Query, QueryStatementBuilder};
    let chosen = Query::select()
        .column((ticket::Entity, ticket::Column::Id))
        .from(ticket::Entity)
        .and_where(Expr::col((ticket::Entity, ticket::Column::CustomerId)).eq(customer))
        .and_where(Expr::col((ticket::Entity, ticket::Column::InstanceId)).eq(instance_id))
        .and_where(Expr::col((ticket::Entity, ticket::Column::Status)).ne(TicketStatus::Closed))
        .order_by((ticket::Entity, ticket::Column::Id), Order::Desc)
        .limit(1)
        .to_owned();
    Expr::SubQuery(None, Box::new(chosen.into_sub_query_statement()))
}

/// The customer's chat on the instance, created when missing: one statement when it is new
/// (`RETURNING`), two when it exists.
pub async fn ensure(unit: &Unit, customer_id: i32, instance_id: i32) -> Result<i32> {
    let attempt = chat::Entity::insert(new_chat(customer_id, instance_id))
        .on_conflict(OnConflict::columns([chat::Column::CustomerId, chat::Column::InstanceId]).do_nothing().to_owned())
        .try_insert()
        .exec_with_returning(unit)
        .await;
    if let Some(created) = inserted(attempt)? {
        return Ok(created.id);
    }
    chat::Entity::find()
        .filter(chat::Column::CustomerId.eq(customer_id))
        .filter(chat::Column::InstanceId.eq(instance_id))
        .one(unit)
        .await?
        .map(|c| c.id)
        .ok_or_else(|| Error::not_found("chat_not_found", "Conversa não encontrada."))
}

/// A chat row for the customer on the instance, as created now.
fn new_chat(customer_id: i32, instance_id: i32) -> chat::ActiveModel {
    let now = Utc::now();
    chat::ActiveModel {
        customer_id: Set(customer_id),
        instance_id: Set(instance_id),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}
