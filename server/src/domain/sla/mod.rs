//! SLA policies (issue 46, docs/service-levels.md#sla-policies): per department, or the tenant's
//! default for the departments without their own (and the tickets without a department), a
//! first-response and a resolution target in open minutes of the company's calendar, and whether
//! the resolution clock pauses while the conversation waits on the customer. Each ticket's clock is
//! [`clock`]'s.

pub mod clock;

use sea_orm::{ConnectionTrait, EntityTrait, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

pub use crate::domain::conversations::views::{SlaState, SlaView};
use crate::{
    domain::{
        error::{Error, Result},
        sql::Binder,
        unit::Unit,
    },
    entities::tenant::department,
};
pub use clock::TicketSlaChanged;

/// The longest target: 30 days of open time.
pub const MAX_MINUTES: i32 = 30 * 24 * 60;

/// What a policy asks of a ticket.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Targets {
    /// Open minutes from the opening to the first answer of a person.
    pub first_response_minutes: Option<i32>,
    /// Open minutes from the opening to the close (less the pauses).
    pub resolution_minutes: Option<i32>,
    /// The resolution clock stops while the last word is the team's.
    pub pause_on_customer: bool,
}

impl Targets {
    /// Asks nothing: tickets under it have no SLA.
    pub fn is_empty(&self) -> bool {
        self.first_response_minutes.is_none() && self.resolution_minutes.is_none()
    }
}

/// A policy as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlaPolicyView {
    /// `null`: the tenant's default.
    pub department_id: Option<i32>,
    pub department_name: Option<String>,
    pub activated: bool,
    /// The department has a policy of its own (`false`: the default's targets apply).
    pub own: bool,
    /// Minutos úteis até a primeira resposta (`null`: sem meta).
    pub first_response_minutes: Option<i32>,
    /// Minutos úteis até a resolução (`null`: sem meta).
    pub resolution_minutes: Option<i32>,
    /// O relógio da resolução pausa enquanto se espera o cliente.
    pub pause_on_customer: bool,
}

/// The default first, then every department by name.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlaOverview {
    pub policies: Vec<SlaPolicyView>,
}

/// Stored policies: department (0 for the default) and its targets.
async fn stored(db: &impl ConnectionTrait, department: Option<Option<i32>>) -> Result<Vec<(i32, Targets)>> {
    let mut b = Binder::new(db.get_database_backend());
    let only = match department {
        // The department's own, then the default: the first found applies.
        Some(d) => format!(" WHERE COALESCE(department_id, 0) IN ({}, 0)", b.p(d.unwrap_or(0))),
        None => String::new(),
    };
    let sql = format!(
        "SELECT COALESCE(department_id, 0) AS department, first_response_minutes, resolution_minutes, \
         pause_on_customer FROM sla_policies{only} ORDER BY COALESCE(department_id, 0) DESC"
    );
    db.query_all_raw(b.statement(sql))
        .await?
        .iter()
        .map(|row| {
            Ok((
                row.try_get("", "department")?,
                Targets {
                    first_response_minutes: row.try_get("", "first_response_minutes")?,
                    resolution_minutes: row.try_get("", "resolution_minutes")?,
                    pause_on_customer: row.try_get("", "pause_on_customer")?,
                },
            ))
        })
        .collect()
}

/// The targets a ticket of `department_id` is held to: its department's own policy, else the
/// default; `None` when neither asks anything (one indexed read of a small table).
pub async fn targets_for(db: &impl ConnectionTrait, department_id: Option<i32>) -> Result<Option<Targets>> {
    Ok(stored(db, Some(department_id)).await?.into_iter().next().map(|(_, t)| t).filter(|t| !t.is_empty()))
}

/// Every policy: the default first, then each department with its own or the default's targets.
pub async fn overview(db: &impl ConnectionTrait) -> Result<SlaOverview> {
    let stored = stored(db, None).await?;
    let own = |key: i32| stored.iter().find(|(d, _)| *d == key).map(|(_, t)| *t);
    let default = own(0).unwrap_or_default();
    let view = |department: Option<department::Model>| {
        let key = department.as_ref().map_or(0, |d| d.id);
        let targets = own(key);
        SlaPolicyView {
            department_id: department.as_ref().map(|d| d.id),
            activated: department.as_ref().is_none_or(|d| d.activated),
            department_name: department.map(|d| d.name),
            own: key == 0 || targets.is_some(),
            first_response_minutes: targets.unwrap_or(default).first_response_minutes,
            resolution_minutes: targets.unwrap_or(default).resolution_minutes,
            pause_on_customer: targets.unwrap_or(default).pause_on_customer,
        }
    };
    let mut policies = vec![view(None)];
    for d in department::Entity::find().order_by_asc(department::Column::Name).all(db).await? {
        policies.push(view(Some(d)));
    }
    Ok(SlaOverview { policies })
}

fn check_minutes(minutes: Option<i32>, field: &str) -> Result<Option<i32>> {
    match minutes {
        Some(m) if !(1..=MAX_MINUTES).contains(&m) => Err(Error::invalid_field(
            "invalid_sla_minutes",
            field,
            format!("Meta inválida: de 1 a {MAX_MINUTES} minutos úteis (30 dias), ou vazia para não ter meta."),
        )),
        other => Ok(other),
    }
}

async fn find_department(db: &impl ConnectionTrait, id: Option<i32>) -> Result<Option<department::Model>> {
    match id {
        Some(id) => department::Entity::find_by_id(id)
            .one(db)
            .await?
            .map(Some)
            .ok_or_else(|| Error::not_found("department_not_found", "Departamento não encontrado.")),
        None => Ok(None),
    }
}

/// Sets the targets of a department (`None`: the default). They apply to the tickets that enter
/// the people's queue from now on; a ticket already counting keeps the targets it started with.
pub async fn set_policy(unit: &Unit, department_id: Option<i32>, targets: Targets) -> Result<SlaPolicyView> {
    let targets = Targets {
        first_response_minutes: check_minutes(targets.first_response_minutes, "firstResponseMinutes")?,
        resolution_minutes: check_minutes(targets.resolution_minutes, "resolutionMinutes")?,
        pause_on_customer: targets.pause_on_customer,
    };
    let department = find_department(unit, department_id).await?;
    let mut b = Binder::new(unit.get_database_backend());
    let (f, r, p, d) = (
        b.p(targets.first_response_minutes),
        b.p(targets.resolution_minutes),
        b.p(targets.pause_on_customer),
        b.p(department_id.unwrap_or(0)),
    );
    let sql = format!(
        "UPDATE sla_policies SET first_response_minutes = {f}, resolution_minutes = {r}, pause_on_customer = {p} \
         WHERE COALESCE(department_id, 0) = {d}"
    );
    if unit.execute_raw(b.statement(sql)).await?.rows_affected() == 0 {
        let mut b = Binder::new(unit.get_database_backend());
        let sql = format!(
            "INSERT INTO sla_policies (department_id, first_response_minutes, resolution_minutes, pause_on_customer) \
             VALUES ({}, {}, {}, {})",
            b.p(department_id),
            b.p(targets.first_response_minutes),
            b.p(targets.resolution_minutes),
            b.p(targets.pause_on_customer)
        );
        unit.execute_raw(b.statement(sql)).await?;
    }
    Ok(SlaPolicyView {
        department_id,
        activated: department.as_ref().is_none_or(|d| d.activated),
        department_name: department.map(|d| d.name),
        own: true,
        first_response_minutes: targets.first_response_minutes,
        resolution_minutes: targets.resolution_minutes,
        pause_on_customer: targets.pause_on_customer,
    })
}

/// A department goes back to the default's targets.
pub async fn use_default(unit: &Unit, department_id: i32) -> Result<()> {
    find_department(unit, Some(department_id)).await?;
    let mut b = Binder::new(unit.get_database_backend());
    let sql = format!("DELETE FROM sla_policies WHERE department_id = {}", b.p(department_id));
    unit.execute_raw(b.statement(sql)).await?;
    Ok(())
}
