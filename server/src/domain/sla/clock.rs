//! A ticket's SLA clock (docs/service-levels.md#sla-policies). When a ticket enters the people's
//! queue — opened straight into it, or handed over by the bot — the policy of its department (else
//! the default) sets its due instants on the company's calendar, counted from the customer's
//! first message: the first response, and the resolution. Each target is **at risk** once
//! [`AT_RISK_PERCENT`] of its open time has passed and **breached** at its due instant; the
//! ticket's state is the worst of the two, and a breach stays (a late answer is still late).
//!
//! The state changes only at known instants, so nothing polls: the ticket keeps `sla_next_at`, and
//! an `sla.check` job at that instant settles it and queues the next (a job whose instant is no
//! longer the ticket's — the clock moved — does nothing). A person's answer meets the first
//! response; the close meets the resolution. With "pausar enquanto espera o cliente", the
//! resolution clock stops at each answer of the team and starts again at the customer's next
//! message, its instants pushed back by the open time it stood still. Transfers keep the clock:
//! the customer's wait does not start over.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, QueryResult};
use serde::Serialize;

use super::{Targets, targets_for};
use crate::{
    domain::{
        calendar::{Calendar, setting as calendar_setting},
        conversations::views::{self, SlaState, TicketView},
        error::Result,
        events::{Audience, DomainEvent},
        outbox::{self, SlaCheck},
        sql::Binder,
        unit::Unit,
    },
    entities::tenant::ticket,
};

/// The share of a target's open time after which it is at risk.
pub const AT_RISK_PERCENT: i64 = 80;

type At = DateTime<Utc>;

/// A ticket's SLA state changed (at risk, breached, or back on time after a pause): to the
/// ticket's audience — its owner, its queue and the supervisors, whom the web tells of a breach.
#[derive(Debug, Clone, Serialize)]
pub struct TicketSlaChanged {
    pub ticket: TicketView,
    pub state: SlaState,
    /// What moved it: `response` or `resolution`.
    pub target: &'static str,
}

impl DomainEvent for TicketSlaChanged {
    const NAME: &'static str = "TicketSlaChanged";
}

/// The stored instants of a ticket's clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    pub response_due: Option<At>,
    pub response_risk: Option<At>,
    pub resolution_due: Option<At>,
    pub resolution_risk: Option<At>,
    pub paused_at: Option<At>,
}

/// One target's standing at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Standing {
    state: SlaState,
    /// When it may change next (none: settled or standing still).
    next: Option<At>,
}

/// A target due at `due`, at risk from `risk`, measured at `at` (its end, or now); `running`:
/// the clock still counts at `at`.
fn standing(due: At, risk: At, at: At, running: bool) -> Standing {
    let state = if at >= due {
        SlaState::Breached
    } else if running && at >= risk {
        SlaState::AtRisk
    } else {
        SlaState::OnTime
    };
    let next = match state {
        _ if !running => None,
        SlaState::OnTime => Some(risk),
        SlaState::AtRisk => Some(due),
        SlaState::Breached => None,
    };
    Standing { state, next }
}

impl Clock {
    /// The clock `targets` give a ticket opened at `opened_at`, on `calendar` (a target the
    /// calendar has no open time for is left out).
    pub fn start(targets: &Targets, calendar: &Calendar, opened_at: At) -> Self {
        let after = |minutes: Option<i32>, percent: i64| {
            minutes
                .and_then(|m| calendar.add_open_time(opened_at, Duration::seconds(i64::from(m) * 60 * percent / 100)))
        };
        Self {
            response_due: after(targets.first_response_minutes, 100),
            response_risk: after(targets.first_response_minutes, AT_RISK_PERCENT),
            resolution_due: after(targets.resolution_minutes, 100),
            resolution_risk: after(targets.resolution_minutes, AT_RISK_PERCENT),
            paused_at: None,
        }
    }

    /// The state at `now` of a ticket answered at `responded` and closed at `closed`, with the
    /// target that decided it, and the next instant it may change. `None`: no target at all.
    pub fn evaluate(
        &self,
        responded: Option<At>,
        closed: Option<At>,
        now: At,
    ) -> Option<(SlaState, &'static str, Option<At>)> {
        let response = match (self.response_due, self.response_risk) {
            (Some(due), Some(risk)) => {
                let end = responded.or(closed);
                Some(standing(due, risk, end.unwrap_or(now), end.is_none()))
            }
            _ => None,
        };
        let resolution = match (self.resolution_due, self.resolution_risk) {
            (Some(due), Some(risk)) => {
                let end = closed.or(self.paused_at);
                Some(standing(due, risk, end.unwrap_or(now), end.is_none()))
            }
            _ => None,
        };
        let state = |s: Option<Standing>| s.map_or(SlaState::OnTime, |s| s.state);
        if response.is_none() && resolution.is_none() {
            return None;
        }
        let target = if state(resolution) > state(response) { "resolution" } else { "response" };
        let next = [response, resolution].into_iter().flatten().filter_map(|s| s.next).min();
        Some((state(response).max(state(resolution)), target, next))
    }

    /// The resolution clock starts again at `now`: its instants move on by the open time it stood
    /// still (an instant already passed when it paused stays where it was).
    pub fn resume(&mut self, calendar: &Calendar, now: At) {
        let Some(paused_at) = self.paused_at.take() else { return };
        let moved = |instant: Option<At>| {
            instant.map(|at| {
                if at <= paused_at {
                    at
                } else {
                    calendar.add_open_time(now, calendar.open_time_between(paused_at, at)).unwrap_or(at)
                }
            })
        };
        self.resolution_due = moved(self.resolution_due);
        self.resolution_risk = moved(self.resolution_risk);
    }
}

/// The columns of a ticket the clock reads.
struct Row {
    id: i32,
    department_id: Option<i32>,
    opened_at: At,
    first_response_at: Option<At>,
    closed_at: Option<At>,
    state: Option<String>,
    next_at: Option<At>,
    clock: Clock,
}

fn row(q: &QueryResult) -> Result<Row> {
    Ok(Row {
        id: q.try_get("", "id")?,
        department_id: q.try_get("", "department_id")?,
        opened_at: q.try_get("", "opened_at")?,
        first_response_at: q.try_get("", "first_response_at")?,
        closed_at: q.try_get("", "closed_at")?,
        state: q.try_get("", "sla_state")?,
        next_at: q.try_get("", "sla_next_at")?,
        clock: Clock {
            response_due: q.try_get("", "sla_response_due_at")?,
            response_risk: q.try_get("", "sla_response_risk_at")?,
            resolution_due: q.try_get("", "sla_resolution_due_at")?,
            resolution_risk: q.try_get("", "sla_resolution_risk_at")?,
            paused_at: q.try_get("", "sla_paused_at")?,
        },
    })
}

async fn read(db: &impl ConnectionTrait, ticket_id: i32) -> Result<Option<Row>> {
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "SELECT id, department_id, opened_at, first_response_at, closed_at, sla_state, sla_next_at, sla_response_due_at, sla_response_risk_at, \
         sla_resolution_due_at, sla_resolution_risk_at, sla_paused_at FROM tickets WHERE id = {}",
        b.p(ticket_id)
    );
    db.query_one_raw(b.statement(sql)).await?.as_ref().map(row).transpose()
}

/// Writes `clock` and the state it gives at `now`; tells the ticket's audience when the state
/// changed, and queues the check of the next instant when that moved. Answers whether anything
/// was written — the ticket is read again only for the event, not on every agent's reply.
async fn settle(unit: &Unit, before: &Row, clock: Clock, now: At) -> Result<bool> {
    use sea_orm::EntityTrait;
    let evaluated = clock.evaluate(before.first_response_at, before.closed_at, now);
    let state = evaluated.map(|(s, ..)| s.as_str());
    let next = evaluated.and_then(|(.., next)| next);
    if before.clock == clock && before.state.as_deref() == state && before.next_at == next {
        return Ok(false);
    }
    let mut b = Binder::new(unit.get_database_backend());
    let sql = format!(
        "UPDATE tickets SET sla_state = {}, sla_next_at = {}, sla_response_due_at = {}, sla_response_risk_at = {}, \
         sla_resolution_due_at = {}, sla_resolution_risk_at = {}, sla_paused_at = {} WHERE id = {}",
        b.p(state),
        b.p(next),
        b.p(clock.response_due),
        b.p(clock.response_risk),
        b.p(clock.resolution_due),
        b.p(clock.resolution_risk),
        b.p(clock.paused_at),
        b.p(before.id)
    );
    unit.execute_raw(b.statement(sql)).await?;
    if let Some(at) = next
        && before.next_at != next
    {
        outbox::enqueue(unit, &SlaCheck { ticket_id: before.id, at }, at).await?;
    }
    if let Some((state, target, _)) = evaluated
        && before.state.is_some()
        && before.state.as_deref() != Some(state.as_str())
        && let Some(t) = ticket::Entity::find_by_id(before.id).one(unit).await?
    {
        let view = views::ticket(unit, &t).await?;
        unit.raise(TicketSlaChanged { ticket: view, state, target }.to(Audience::of_ticket(&t, &[])));
    }
    Ok(true)
}

/// The ticket as [`settle`] left it, when it wrote anything.
async fn settled(unit: &Unit, ticket_id: i32, written: bool) -> Result<Option<ticket::Model>> {
    use sea_orm::EntityTrait;
    match written {
        true => Ok(ticket::Entity::find_by_id(ticket_id).one(unit).await?),
        false => Ok(None),
    }
}

/// The ticket entered the people's queue: the policy of its department sets its clock, counted
/// from its opening. Answers the ticket with its clock (`None`: no policy asks anything).
pub async fn start(unit: &Unit, ticket_id: i32) -> Result<Option<ticket::Model>> {
    let Some(before) = read(unit, ticket_id).await? else { return Ok(None) };
    let Some(targets) = targets_for(unit, before.department_id).await? else { return Ok(None) };
    let calendar = calendar_setting::load(unit).await?;
    let clock = Clock::start(&targets, &calendar, before.opened_at);
    let written = settle(unit, &before, clock, Utc::now()).await?;
    settled(unit, ticket_id, written).await
}

/// A person answered at `now` (the first response, if it was not yet): the response target is
/// met or missed, and the resolution clock pauses when the policy waits on the customer.
pub async fn answered(unit: &Unit, ticket: &ticket::Model, now: At) -> Result<()> {
    if ticket.sla_state.is_none() {
        return Ok(());
    }
    let Some(mut before) = read(unit, ticket.id).await? else { return Ok(()) };
    before.first_response_at = before.first_response_at.or(Some(now));
    let mut clock = before.clock;
    if clock.resolution_due.is_some() && clock.paused_at.is_none() && before.closed_at.is_none() {
        let pauses = targets_for(unit, ticket.department_id).await?.is_some_and(|t| t.pause_on_customer);
        if pauses {
            clock.paused_at = Some(now);
        }
    }
    settle(unit, &before, clock, now).await.map(drop)
}

/// The customer wrote at `now`: a paused resolution clock counts again.
pub async fn customer_wrote(unit: &Unit, ticket: &ticket::Model, now: At) -> Result<()> {
    // A closed ticket's clock is final (a survey's answer joins a closed conversation).
    if ticket.sla_paused_at.is_none() || ticket.closed_at.is_some() {
        return Ok(());
    }
    let Some(before) = read(unit, ticket.id).await? else { return Ok(()) };
    let mut clock = before.clock;
    clock.resume(&calendar_setting::load(unit).await?, now);
    settle(unit, &before, clock, now).await.map(drop)
}

/// The ticket closed: its state is final. Answers the ticket when that changed it.
pub async fn closed(unit: &Unit, ticket_id: i32) -> Result<Option<ticket::Model>> {
    let Some(before) = read(unit, ticket_id).await? else { return Ok(None) };
    let clock = before.clock;
    let written = settle(unit, &before, clock, Utc::now()).await?;
    settled(unit, ticket_id, written).await
}

/// `sla.check`: the instant `at` of a ticket's clock came. Nothing when the clock moved since
/// (another check holds its new instant).
pub async fn check(unit: &Unit, ticket_id: i32, at: At) -> Result<()> {
    let Some(before) = read(unit, ticket_id).await? else { return Ok(()) };
    // Stored times lose sub-microsecond precision (and SQLite keeps what it was given): the same
    // instant within a second.
    let current = before.next_at.is_some_and(|next| (next - at).num_milliseconds().abs() < 1000);
    if !current {
        return Ok(());
    }
    let clock = before.clock;
    settle(unit, &before, clock, Utc::now().max(at)).await.map(drop)
}

/// The open tickets at risk or breached, the nearest due first — the control panel's "prestes a
/// estourar" (index `(sla_state, status)`).
pub async fn at_risk(db: &impl ConnectionTrait, limit: u64) -> Result<Vec<ticket::Model>> {
    use crate::entities::tenant::states::TicketStatus;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, sea_query::Expr};
    Ok(ticket::Entity::find()
        .filter(ticket::Column::SlaState.is_in([SlaState::AtRisk.as_str(), SlaState::Breached.as_str()]))
        .filter(ticket::Column::Status.is_in([TicketStatus::Pending, TicketStatus::Open, TicketStatus::Transferring]))
        .order_by(
            Expr::cust(
                "COALESCE(CASE WHEN first_response_at IS NULL THEN sla_response_due_at END, sla_resolution_due_at)",
            ),
            sea_orm::Order::Asc,
        )
        .limit(limit)
        .all(db)
        .await?)
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, NaiveTime, TimeZone};

    use super::*;

    /// Monday to Friday 08:00–18:00 (São Paulo).
    fn office() -> Calendar {
        let t = |h| NaiveTime::from_hms_opt(h, 0, 0).unwrap();
        Calendar::new((1..=5).map(|d| (d, t(8), t(18))), [NaiveDate::from_ymd_opt(2026, 12, 7).unwrap()])
    }

    /// São Paulo wall time (UTC−3).
    fn local(d: u32, h: u32, m: u32) -> At {
        Utc.with_ymd_and_hms(2026, 12, d, h + 3, m, 0).unwrap()
    }

    fn targets(response: i32, resolution: i32, pause: bool) -> Targets {
        Targets {
            first_response_minutes: Some(response),
            resolution_minutes: Some(resolution),
            pause_on_customer: pause,
        }
    }

    #[test]
    fn the_clocks_run_on_open_time_across_a_weekend_and_a_holiday() {
        // Friday 4 December 17:30, one hour to answer: Monday 7 is a holiday, so Tuesday 08:30.
        let clock = Clock::start(&targets(60, 600, false), &office(), local(4, 17, 30));
        assert_eq!(clock.response_due, Some(local(8, 8, 30)));
        assert_eq!(clock.response_risk, Some(local(8, 8, 18)), "80 % of the hour: 48 minutes");
        assert_eq!(clock.resolution_due, Some(local(8, 17, 30)), "10 h: half an hour on Friday, 9 h 30 on Tuesday");
    }

    #[test]
    fn on_time_then_at_risk_then_breached_and_a_breach_stays() {
        let clock = Clock::start(&targets(60, 600, false), &office(), local(1, 9, 0));
        let (state, _, next) = clock.evaluate(None, None, local(1, 9, 10)).unwrap();
        assert_eq!((state, next), (SlaState::OnTime, Some(local(1, 9, 48))));
        let (state, target, next) = clock.evaluate(None, None, local(1, 9, 50)).unwrap();
        assert_eq!((state, target, next), (SlaState::AtRisk, "response", Some(local(1, 10, 0))));
        let (state, _, next) = clock.evaluate(None, None, local(1, 10, 0)).unwrap();
        assert_eq!(state, SlaState::Breached);
        assert_eq!(next, clock.resolution_risk, "the resolution still counts");
        let (state, ..) = clock.evaluate(Some(local(1, 10, 5)), None, local(1, 11, 0)).unwrap();
        assert_eq!(state, SlaState::Breached, "answered late is still late");
        let (state, _, next) = clock.evaluate(Some(local(1, 9, 20)), Some(local(1, 9, 30)), local(3, 9, 0)).unwrap();
        assert_eq!((state, next), (SlaState::OnTime, None), "answered and closed in time: settled");
    }

    #[test]
    fn waiting_on_the_customer_stops_the_resolution_clock() {
        let calendar = office();
        let mut clock = Clock::start(&targets(60, 120, true), &calendar, local(1, 9, 0));
        assert_eq!(clock.resolution_due, Some(local(1, 11, 0)));
        clock.paused_at = Some(local(1, 9, 30));
        let (state, _, next) = clock.evaluate(Some(local(1, 9, 30)), None, local(1, 17, 0)).unwrap();
        assert_eq!((state, next), (SlaState::OnTime, None), "nothing runs while the customer is awaited");
        // The customer answers at 17:00 Tuesday: 7 h 30 of open time stood still.
        clock.resume(&calendar, local(1, 17, 0));
        assert_eq!(clock.resolution_due, Some(local(2, 8, 30)), "90 minutes left: 1 h today, 30 min tomorrow");
        assert_eq!(clock.paused_at, None);
    }

    #[test]
    fn a_policy_without_targets_gives_no_clock() {
        let clock = Clock::start(&Targets::default(), &office(), local(1, 9, 0));
        assert_eq!(clock.evaluate(None, None, local(1, 9, 0)), None);
    }
}
