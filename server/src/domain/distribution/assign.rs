//! Assigning waiting tickets (docs/service-levels.md#distribution).
//!
//! Whatever may give a waiting ticket its person — a ticket entering the queue (a customer's first
//! message, the bot's hand-over, a scheduled message), room freeing (a close, a transfer
//! accepted), someone coming online, a policy or a capacity changed — [`kick`]s: it queues one
//! `distribution.run` job in the same transaction, and the worker ([`run`]) assigns, oldest ticket
//! first, until no waiting ticket has anyone with room. Nothing is lost across restarts (the job
//! is in the outbox), and any replica's worker may run it: every step is conditional.
//!
//! One assignment is one transaction: the person's slot is claimed by a conditional `UPDATE`
//! (`open_tickets < capacity`, online, not ausente) — on PostgreSQL the row lock makes a second
//! claim wait and re-check the counter the first one's assignment raised — and then the ticket is
//! taken only if it still waits. Two workers racing, or a worker racing an agent's own accept,
//! never put anyone above capacity nor one ticket in two hands.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, sea_query::Expr};
use serde::Serialize;

use super::{DEFAULT_CAPACITY, Strategy};
use crate::{
    domain::{
        conversations::{
            events::ChatTicketTransferred,
            hooks, messages,
            tickets::TicketStatus,
            views::{self, TicketView},
        },
        error::Result,
        events::{Audience, DomainEvent},
        outbox::{self, DistributionRun},
        sql::Binder,
        unit::Unit,
        webhook_events::TICKET_ACCEPTED,
    },
    entities::tenant::ticket,
};

/// The most assignments one run makes before it queues the next (the worker's turn is shared
/// with the tenant's other jobs and with other tenants).
pub const RUN_LIMIT: usize = 100;

/// A ticket was given to a person by the distribution: to that person only, with why.
#[derive(Debug, Clone, Serialize)]
pub struct TicketAssigned {
    pub ticket: TicketView,
    pub user_id: i32,
    /// "Atribuído a Ana (menos atendimentos): 2/5 atendimentos, online há 40 min".
    pub reason: String,
}

impl DomainEvent for TicketAssigned {
    const NAME: &'static str = "TicketAssigned";
}

/// Queues a distribution run, unless the tenant distributes nowhere (every policy manual: the
/// usual case costs one read of a small table) or one waits that has not started (it will see
/// this change: `outbox::enqueue_unless_waiting`).
pub async fn kick(unit: &Unit) -> Result<()> {
    let b = Binder::new(unit.get_database_backend());
    let sql = "SELECT 1 AS x FROM distribution_policies WHERE strategy <> 'manual' LIMIT 1";
    if unit.query_one_raw(b.statement(sql)).await?.is_some() {
        outbox::enqueue_unless_waiting(unit, &DistributionRun {}, Utc::now()).await?;
    }
    Ok(())
}

/// A waiting ticket whose department distributes.
#[derive(Debug, Clone)]
pub struct Waiting {
    pub ticket_id: i32,
    pub instance_id: i32,
    pub department_id: Option<i32>,
    pub strategy: Strategy,
    /// Offered by request, for this many seconds (`None`: given directly).
    pub offer_seconds: Option<i32>,
    /// Someone already declined it or let its offer expire: not offered to them again.
    pub declined: bool,
}

/// What a run passes over: where nobody had room — (instance, department or 0) — and the tickets
/// nobody who has not declined them can take.
#[derive(Debug, Default)]
pub struct Full {
    pub places: HashSet<(i32, i32)>,
    pub tickets: HashSet<i32>,
}

/// The waiting ticket of a distributing department to place next, past those of `full`: the one
/// nearest to breaching its first-response target (docs/service-levels.md#sla-policies), else —
/// none has a target — the oldest. Two walks of the index `(status, sla_response_due_at,
/// opened_at, id)`, each one index step to its first row however long the queue: one sort by
/// `CASE WHEN due IS NULL …` read the whole queue for every assignment.
pub async fn next_waiting(db: &impl ConnectionTrait, full: &Full) -> Result<Option<Waiting>> {
    for order in [
        "t.sla_response_due_at IS NOT NULL ORDER BY t.sla_response_due_at, t.opened_at, t.id",
        "t.sla_response_due_at IS NULL ORDER BY t.opened_at, t.id",
    ] {
        if let Some(found) = first_waiting(db, full, order).await? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// The first waiting ticket past `full` under `order` (a condition, then its `ORDER BY`).
async fn first_waiting(db: &impl ConnectionTrait, full: &Full, order: &str) -> Result<Option<Waiting>> {
    let mut b = Binder::new(db.get_database_backend());
    let mut sql = format!(
        "SELECT t.id, t.instance_id, t.department_id, p.strategy, p.offer_seconds, \
         EXISTS (SELECT 1 FROM ticket_transfers x WHERE x.ticket_id = t.id AND x.requested_by_user_id IS NULL) \
         AS declined FROM tickets t \
         JOIN distribution_policies p ON COALESCE(p.department_id, 0) = COALESCE(t.department_id, 0) \
         WHERE t.status = '{}' AND p.strategy <> 'manual'",
        TicketStatus::Pending.as_str()
    );
    for (instance, department) in &full.places {
        sql.push_str(&format!(
            " AND NOT (t.instance_id = {} AND COALESCE(t.department_id, 0) = {})",
            b.p(*instance),
            b.p(*department)
        ));
    }
    for ticket in &full.tickets {
        sql.push_str(&format!(" AND t.id <> {}", b.p(*ticket)));
    }
    sql.push_str(&format!(" AND {order} LIMIT 1"));
    let Some(row) = db.query_one_raw(b.statement(sql)).await? else { return Ok(None) };
    let strategy: String = row.try_get("", "strategy")?;
    Ok(Some(Waiting {
        ticket_id: row.try_get("", "id")?,
        instance_id: row.try_get("", "instance_id")?,
        department_id: row.try_get("", "department_id")?,
        strategy: Strategy::parse(&strategy).unwrap_or(Strategy::Manual),
        offer_seconds: row.try_get("", "offer_seconds")?,
        declined: row.try_get("", "declined")?,
    }))
}

/// What became of a waiting ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placed {
    /// Given to `user_id`, for `reason` (the caller commits).
    To { user_id: i32, reason: String },
    /// Nobody has room for its number and department.
    NoRoom,
    /// Nobody with room who has not declined it already.
    NobodyElse,
    /// It stopped waiting meanwhile (someone took it, or it was closed): the caller rolls back.
    Gone,
}

/// The capacity that applies to the person in `users` (theirs, their department's, the default).
fn capacity() -> String {
    format!(
        "COALESCE(users.capacity, (SELECT p.capacity FROM distribution_policies p \
         WHERE COALESCE(p.department_id, 0) = COALESCE(users.department_id, 0)), {DEFAULT_CAPACITY})"
    )
}

/// Gives `waiting` to the person its strategy picks among those online (a socket open, not
/// ausente), linked to its instance, in its department (if it has one) and below capacity.
pub async fn place(unit: &Unit, waiting: &Waiting, with_socket: &HashSet<i32>) -> Result<Placed> {
    if with_socket.is_empty() {
        return Ok(Placed::NoRoom);
    }
    let mut b = Binder::new(unit.get_database_backend());
    let online = with_socket.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let (yes, no) = (b.p(true), b.p(false));
    let capacity = capacity();
    let mut sql = format!(
        "SELECT users.id, users.name, users.open_tickets, users.status_since, {capacity} AS capacity FROM users \
         WHERE users.id IN ({online}) AND users.deleted_at IS NULL AND users.blocked_at IS NULL \
         AND users.is_connected = {yes} AND users.away = {no} \
         AND users.id IN (SELECT user_id FROM user_instances WHERE instance_id = {}) \
         AND users.open_tickets < {capacity}",
        b.p(waiting.instance_id)
    );
    if let Some(department) = waiting.department_id {
        sql.push_str(&format!(" AND users.department_id = {}", b.p(department)));
    }
    if waiting.declined {
        sql.push_str(&format!(
            " AND users.id NOT IN (SELECT x.to_user_id FROM ticket_transfers x WHERE x.ticket_id = {} \
             AND x.requested_by_user_id IS NULL AND x.to_user_id IS NOT NULL)",
            b.p(waiting.ticket_id)
        ));
    }
    let waited_longest = "users.last_assigned_at IS NOT NULL, users.last_assigned_at, users.id";
    match waiting.strategy {
        Strategy::Balanced => sql.push_str(&format!(" ORDER BY users.open_tickets, {waited_longest}")),
        _ => sql.push_str(&format!(" ORDER BY {waited_longest}")),
    }
    sql.push_str(" LIMIT 5");
    let candidates = unit.query_all_raw(b.statement(sql)).await?;
    let now = Utc::now();
    for row in candidates {
        let user_id: i32 = row.try_get("", "id")?;
        let Some(held_before) = claim(unit, user_id, now).await? else {
            continue; // Someone else took their last slot, or they just left: the next one.
        };
        // An offer holds the person's slot while it waits for them (the ticket is theirs,
        // `transferring`, and counted), so offers never pass capacity either.
        let status = if waiting.offer_seconds.is_some() { TicketStatus::Transferring } else { TicketStatus::Open };
        let taken = ticket::Entity::update_many()
            .col_expr(ticket::Column::Status, Expr::value(status))
            .col_expr(ticket::Column::AssignedUserId, Expr::value(user_id))
            .col_expr(ticket::Column::UpdatedAt, Expr::value(now))
            .filter(ticket::Column::Id.eq(waiting.ticket_id))
            .filter(ticket::Column::Status.eq(TicketStatus::Pending))
            .exec_with_returning(unit)
            .await?;
        let Some(assigned) = taken.into_iter().next() else { return Ok(Placed::Gone) };
        let name: String = row.try_get("", "name")?;
        let since: Option<DateTime<Utc>> = row.try_get("", "status_since")?;
        let capacity: i32 = row.try_get("", "capacity")?;
        let holds = held_before + 1;
        let verb = if waiting.offer_seconds.is_some() { "Oferecido a" } else { "Atribuído a" };
        let reason = format!(
            "{verb} {name} ({}): {holds}/{capacity} atendimentos, {}",
            waiting.strategy.label(),
            online_for(since, now)
        );
        if let Some(seconds) = waiting.offer_seconds {
            super::offers::make(unit, &assigned, user_id, seconds, &reason).await?;
            return Ok(Placed::To { user_id, reason });
        }
        messages::note(unit, &assigned, None, &reason).await?;
        let view = views::ticket(unit, &assigned).await?;
        hooks::ticket(unit, TICKET_ACCEPTED, &view).await?;
        unit.raise(
            ChatTicketTransferred { ticket: view.clone(), transfer_id: None }.to(Audience::of_ticket(&assigned, &[])),
        );
        unit.raise(TicketAssigned { ticket: view, user_id, reason: reason.clone() }.to(Audience::person(user_id)));
        return Ok(Placed::To { user_id, reason });
    }
    Ok(if waiting.declined { Placed::NobodyElse } else { Placed::NoRoom })
}

/// Claims one of the person's slots: still online, not ausente and below capacity, re-checked on
/// the row itself (the lock on PostgreSQL, the single writer on SQLite). Answers what they held
/// before (`None`: no slot). The counter itself rises with the ticket's assignment, by the trigger;
/// `last_assigned_at` is round robin's turn.
async fn claim(unit: &Unit, user_id: i32, now: DateTime<Utc>) -> Result<Option<i32>> {
    let mut b = Binder::new(unit.get_database_backend());
    let sql = format!(
        "UPDATE users SET last_assigned_at = {} WHERE id = {} AND open_tickets < {} \
         AND is_connected = {} AND away = {} AND deleted_at IS NULL AND blocked_at IS NULL RETURNING open_tickets",
        b.p(now),
        b.p(user_id),
        capacity(),
        b.p(true),
        b.p(false)
    );
    let row = unit.query_one_raw(b.statement(sql)).await?;
    Ok(row.map(|r| r.try_get::<i32>("", "open_tickets")).transpose()?)
}

/// "online há 40 min" from when the person's status began.
fn online_for(since: Option<DateTime<Utc>>, now: DateTime<Utc>) -> String {
    let Some(since) = since else { return "online".to_owned() };
    let minutes = (now - since).num_minutes().max(0);
    match minutes {
        0 => "online há menos de 1 min".to_owned(),
        1..=59 => format!("online há {minutes} min"),
        _ if minutes % 60 == 0 => format!("online há {} h", minutes / 60),
        _ => format!("online há {} h {} min", minutes / 60, minutes % 60),
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;

    #[test]
    fn the_reason_says_how_long_the_person_has_been_online() {
        let now = Utc::now();
        assert_eq!(online_for(None, now), "online");
        assert_eq!(online_for(Some(now - Duration::seconds(20)), now), "online há menos de 1 min");
        assert_eq!(online_for(Some(now - Duration::minutes(40)), now), "online há 40 min");
        assert_eq!(online_for(Some(now - Duration::minutes(120)), now), "online há 2 h");
        assert_eq!(online_for(Some(now - Duration::minutes(135)), now), "online há 2 h 15 min");
    }
}
