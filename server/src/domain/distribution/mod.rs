//! Automatic distribution (issue 46, docs/service-levels.md#distribution): per department — and
//! for the tickets without one — an administrator chooses `manual` (the queue: whoever takes it),
//! `round_robin` (whoever waited longest since their last one) or `balanced` (whoever holds
//! fewest), and how many tickets each person may hold (the department's default, overridable per
//! person). The assignments themselves are [`assign`]'s.
//!
//! What each person holds is `users.open_tickets`, a counter the database keeps in the same
//! statement as every accept, transfer and close (tenant migration 47's triggers): reading it
//! here is one row per person, never a `COUNT` over tickets.

pub mod assign;
pub mod offers;

use std::collections::HashSet;

use sea_orm::{ConnectionTrait, EntityTrait};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        error::{Error, Result},
        sql::Binder,
        unit::Unit,
        users::{
            self,
            status::{AgentStatus, StatusView},
        },
    },
    entities::tenant::{department, user},
};
pub use assign::{TicketAssigned, kick};

/// A person's capacity when neither they nor their department chose one.
pub const DEFAULT_CAPACITY: i32 = tenant_migrations::DEFAULT_AGENT_CAPACITY;
/// The most tickets a capacity may allow.
pub const MAX_CAPACITY: i32 = 50;
/// The shortest and longest time an offer may wait for its person.
pub const OFFER_SECONDS: std::ops::RangeInclusive<i32> = 5..=600;
/// The most people the screen lists.
const MAX_AGENTS: u64 = 500;

/// How a department's waiting tickets find their person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// The queue, as before: whoever takes it.
    Manual,
    /// Whoever waited longest since their last assignment.
    RoundRobin,
    /// Whoever holds fewest tickets (then whoever waited longest).
    Balanced,
}

impl Strategy {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Manual => "manual",
            Self::RoundRobin => "round_robin",
            Self::Balanced => "balanced",
        }
    }

    /// How the conversation's line names it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Manual => "manual",
            Self::RoundRobin => "rodízio",
            Self::Balanced => "menos atendimentos",
        }
    }

    pub fn parse(text: &str) -> Result<Self> {
        match text {
            "manual" => Ok(Self::Manual),
            "round_robin" => Ok(Self::RoundRobin),
            "balanced" => Ok(Self::Balanced),
            _ => Err(Error::invalid_field(
                "invalid_strategy",
                "strategy",
                "Estratégia inválida: use manual, round_robin ou balanced.",
            )),
        }
    }
}

/// The policy of one department, or of the tickets without one (`departmentId` null).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyView {
    pub department_id: Option<i32>,
    /// `null` for the tickets without a department.
    pub department_name: Option<String>,
    /// The department takes new tickets (an inactive one keeps its policy for when it comes back).
    pub activated: bool,
    pub strategy: Strategy,
    /// Tickets each of its people may hold, unless the person has their own.
    pub capacity: i32,
    /// Offer by request: the chosen person has this many seconds to accept the ticket (a transfer
    /// request) before it goes to the next; `null`: given directly.
    pub offer_seconds: Option<i32>,
}

/// A person as the distribution sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentCapacity {
    pub user_id: i32,
    pub name: String,
    pub department_id: Option<i32>,
    /// Their own capacity (`null`: their department's).
    pub capacity: Option<i32>,
    /// What applies: theirs, else their department's, else [`DEFAULT_CAPACITY`].
    pub effective_capacity: i32,
    /// Tickets they hold now (open or being transferred).
    pub open_tickets: i32,
    pub status: AgentStatus,
}

/// The distribution screen: every policy (the tickets without a department first, then each
/// department by name) and the people.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Overview {
    pub policies: Vec<PolicyView>,
    pub agents: Vec<AgentCapacity>,
}

fn check_capacity(capacity: i32) -> Result<i32> {
    if !(1..=MAX_CAPACITY).contains(&capacity) {
        return Err(Error::invalid_field(
            "invalid_capacity",
            "capacity",
            format!("Capacidade inválida: de 1 a {MAX_CAPACITY} atendimentos."),
        ));
    }
    Ok(capacity)
}

fn check_offer(seconds: Option<i32>) -> Result<Option<i32>> {
    if seconds.is_some_and(|s| !OFFER_SECONDS.contains(&s)) {
        return Err(Error::invalid_field(
            "invalid_offer_seconds",
            "offerSeconds",
            format!(
                "Tempo da oferta inválido: de {} a {} segundos, ou vazio para atribuir direto.",
                OFFER_SECONDS.start(),
                OFFER_SECONDS.end()
            ),
        ));
    }
    Ok(seconds)
}

/// A stored policy: department (0 for none), strategy, capacity, offer time.
type Stored = (i32, Strategy, i32, Option<i32>);

async fn stored(db: &impl ConnectionTrait) -> Result<Vec<Stored>> {
    let b = Binder::new(db.get_database_backend());
    let sql = "SELECT COALESCE(department_id, 0) AS department, strategy, capacity, offer_seconds \
               FROM distribution_policies";
    let rows = db.query_all_raw(b.statement(sql)).await?;
    rows.iter()
        .map(|row| {
            let strategy: String = row.try_get("", "strategy")?;
            Ok((
                row.try_get("", "department")?,
                Strategy::parse(&strategy).unwrap_or(Strategy::Manual),
                row.try_get("", "capacity")?,
                row.try_get("", "offer_seconds")?,
            ))
        })
        .collect()
}

/// Every policy and every person who could receive tickets, with what they hold now.
pub async fn overview(db: &impl ConnectionTrait, with_socket: &HashSet<i32>) -> Result<Overview> {
    use sea_orm::QueryOrder;
    let stored = stored(db).await?;
    let policy = |key: i32| {
        stored
            .iter()
            .find(|(d, ..)| *d == key)
            .map_or((Strategy::Manual, DEFAULT_CAPACITY, None), |(_, s, c, o)| (*s, *c, *o))
    };
    let (strategy, capacity, offer_seconds) = policy(0);
    let mut policies = vec![PolicyView {
        department_id: None,
        department_name: None,
        activated: true,
        strategy,
        capacity,
        offer_seconds,
    }];
    for d in department::Entity::find().order_by_asc(department::Column::Name).all(db).await? {
        let (strategy, capacity, offer_seconds) = policy(d.id);
        policies.push(PolicyView {
            department_id: Some(d.id),
            department_name: Some(d.name),
            activated: d.activated,
            strategy,
            capacity,
            offer_seconds,
        });
    }
    Ok(Overview { policies, agents: agents(db, with_socket, None).await? })
}

/// The people who could receive tickets (not deleted, blocked or functional), by name — or only
/// `only`.
async fn agents(
    db: &impl ConnectionTrait,
    with_socket: &HashSet<i32>,
    only: Option<i32>,
) -> Result<Vec<AgentCapacity>> {
    let mut b = Binder::new(db.get_database_backend());
    let only = only.map(|id| format!(" AND u.id = {}", b.p(id))).unwrap_or_default();
    let sql = format!(
        "SELECT u.id, u.name, u.department_id, u.capacity, u.open_tickets, u.is_connected, u.away, \
         COALESCE(u.capacity, p.capacity, {DEFAULT_CAPACITY}) AS effective \
         FROM users u LEFT JOIN distribution_policies p ON COALESCE(p.department_id, 0) = COALESCE(u.department_id, 0) \
         WHERE u.deleted_at IS NULL AND u.blocked_at IS NULL AND u.is_functional = {}{only} \
         ORDER BY u.name, u.id LIMIT {MAX_AGENTS}",
        b.p(false)
    );
    db.query_all_raw(b.statement(sql))
        .await?
        .iter()
        .map(|row| {
            let id: i32 = row.try_get("", "id")?;
            let connected = row.try_get::<bool>("", "is_connected")? && with_socket.contains(&id);
            Ok(AgentCapacity {
                user_id: id,
                name: row.try_get("", "name")?,
                department_id: row.try_get("", "department_id")?,
                capacity: row.try_get("", "capacity")?,
                effective_capacity: row.try_get("", "effective")?,
                open_tickets: row.try_get("", "open_tickets")?,
                status: AgentStatus::from_parts(connected, row.try_get("", "away")?),
            })
        })
        .collect()
}

/// What an administrator sets for a department (or the tickets without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewPolicy {
    pub department_id: Option<i32>,
    pub strategy: Strategy,
    pub capacity: i32,
    pub offer_seconds: Option<i32>,
}

/// Sets the policy of a department (`None`: of the tickets without one). Waiting tickets are
/// offered at once if it now distributes.
pub async fn set_policy(unit: &Unit, new: NewPolicy) -> Result<PolicyView> {
    let capacity = check_capacity(new.capacity)?;
    let offer_seconds = check_offer(new.offer_seconds)?;
    let department = match new.department_id {
        Some(id) => Some(
            department::Entity::find_by_id(id)
                .one(unit)
                .await?
                .ok_or_else(|| Error::not_found("department_not_found", "Departamento não encontrado."))?,
        ),
        None => None,
    };
    let mut b = Binder::new(unit.get_database_backend());
    let (s, c, o, d) =
        (b.p(new.strategy.as_str()), b.p(capacity), b.p(offer_seconds), b.p(new.department_id.unwrap_or(0)));
    let sql = format!(
        "UPDATE distribution_policies SET strategy = {s}, capacity = {c}, offer_seconds = {o} \
         WHERE COALESCE(department_id, 0) = {d}"
    );
    if unit.execute_raw(b.statement(sql)).await?.rows_affected() == 0 {
        let mut b = Binder::new(unit.get_database_backend());
        let sql = format!(
            "INSERT INTO distribution_policies (department_id, strategy, capacity, offer_seconds) \
             VALUES ({}, {}, {}, {})",
            b.p(new.department_id),
            b.p(new.strategy.as_str()),
            b.p(capacity),
            b.p(offer_seconds)
        );
        unit.execute_raw(b.statement(sql)).await?;
    }
    kick(unit).await?;
    Ok(PolicyView {
        department_id: new.department_id,
        activated: department.as_ref().is_none_or(|d| d.activated),
        department_name: department.map(|d| d.name),
        strategy: new.strategy,
        capacity,
        offer_seconds,
    })
}

/// Gives a person their own capacity (`None`: their department's again). Raising it offers
/// waiting tickets at once.
pub async fn set_capacity(
    unit: &Unit,
    user_id: i32,
    capacity: Option<i32>,
    with_socket: &HashSet<i32>,
) -> Result<AgentCapacity> {
    let capacity = capacity.map(check_capacity).transpose()?;
    user::Entity::find_by_id(user_id)
        .one(unit)
        .await?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(|| Error::not_found("user_not_found", "Usuário não encontrado."))?;
    let mut b = Binder::new(unit.get_database_backend());
    let sql = format!("UPDATE users SET capacity = {} WHERE id = {}", b.p(capacity), b.p(user_id));
    unit.execute_raw(b.statement(sql)).await?;
    kick(unit).await?;
    agents(unit, with_socket, Some(user_id))
        .await?
        .pop()
        .ok_or_else(|| Error::not_found("user_not_found", "Usuário não encontrado."))
}

/// A person chose a status (`users::status::set`); coming online offers them waiting tickets.
pub async fn set_status(unit: &Unit, user_id: i32, status: AgentStatus, reason: Option<&str>) -> Result<StatusView> {
    let view = users::status::set(unit, user_id, status, reason).await?;
    if status == AgentStatus::Online {
        kick(unit).await?;
    }
    Ok(view)
}
