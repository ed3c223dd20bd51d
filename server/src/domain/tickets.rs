//! Tickets: opening one within the tenant's monthly `ticketLimit` (DESIGN §3). The month is the
//! calendar month in São Paulo time (UTC−3, no daylight saving since 2019); `0` means unlimited.
//! The count and the insert are serialized per tenant, so concurrent openings cannot overshoot.

use chrono::{DateTime, Datelike, FixedOffset, TimeZone, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, Set,
    sea_query::OnConflict,
};

use crate::{
    config::random_token,
    domain::error::{Error, Result},
    entities::tenant::{chat, customer, instance, ticket},
};

/// A ticket to open for a customer on an instance.
#[derive(Debug, Clone, Copy)]
pub struct NewTicket {
    pub customer_id: i32,
    pub instance_id: i32,
    pub department_id: Option<i32>,
}

fn sao_paulo() -> FixedOffset {
    FixedOffset::west_opt(3 * 3600).expect("a valid fixed offset")
}

/// The start of the São Paulo calendar month containing `now`, in UTC.
pub fn month_start(now: DateTime<Utc>) -> DateTime<Utc> {
    let local = now.with_timezone(&sao_paulo());
    sao_paulo()
        .with_ymd_and_hms(local.year(), local.month(), 1, 0, 0, 0)
        .single()
        .map(|d| d.with_timezone(&Utc))
        .unwrap_or(now)
}

/// Tickets opened this month.
pub async fn opened_this_month(db: &impl ConnectionTrait) -> Result<u64> {
    Ok(ticket::Entity::find().filter(ticket::Column::OpenedAt.gte(month_start(Utc::now()))).count(db).await?)
}

/// Opens a `pending` ticket (creating the customer's chat on the instance if needed).
pub async fn open(db: &impl ConnectionTrait, new: NewTicket, ticket_limit: i32) -> Result<ticket::Model> {
    if customer::Entity::find_by_id(new.customer_id).one(db).await?.is_none() {
        return Err(Error::invalid_field("customer_not_found", "customer_id", "Cliente não encontrado."));
    }
    if instance::Entity::find_by_id(new.instance_id).one(db).await?.is_none() {
        return Err(Error::invalid_field("instance_not_found", "instance_id", "Instância não encontrada."));
    }
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_unprepared("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':ticket_quota'))").await?;
    }
    if ticket_limit > 0 && opened_this_month(db).await? >= ticket_limit as u64 {
        return Err(Error::invalid(
            "ticket_limit_reached",
            format!("Limite de {ticket_limit} tickets por mês do plano atingido."),
        ));
    }
    let now = Utc::now();
    chat::Entity::insert(chat::ActiveModel {
        customer_id: Set(new.customer_id),
        instance_id: Set(new.instance_id),
        unread_count: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(OnConflict::columns([chat::Column::CustomerId, chat::Column::InstanceId]).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?;
    let chat = chat::Entity::find()
        .filter(chat::Column::CustomerId.eq(new.customer_id))
        .filter(chat::Column::InstanceId.eq(new.instance_id))
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("chat_not_found", "Conversa não encontrada."))?;
    let local = now.with_timezone(&sao_paulo());
    let protocol = format!("{}{}", local.format("%Y%m%d"), random_token(6).to_uppercase().replace(['-', '_'], "X"));
    Ok(ticket::ActiveModel {
        protocol: Set(protocol),
        chat_id: Set(chat.id),
        customer_id: Set(new.customer_id),
        instance_id: Set(new.instance_id),
        department_id: Set(new.department_id),
        assigned_user_id: Set(None),
        status: Set("pending".into()),
        opened_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_month_starts_at_midnight_in_sao_paulo() {
        let early_utc = Utc.with_ymd_and_hms(2026, 12, 1, 2, 0, 0).unwrap(); // still 30 Nov in São Paulo
        assert_eq!(month_start(early_utc), Utc.with_ymd_and_hms(2026, 11, 1, 3, 0, 0).unwrap());
        let later = Utc.with_ymd_and_hms(2026, 12, 1, 4, 0, 0).unwrap();
        assert_eq!(month_start(later), Utc.with_ymd_and_hms(2026, 12, 1, 3, 0, 0).unwrap());
    }
}
