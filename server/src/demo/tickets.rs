//! Chats, tickets, messages, transfers and orders: the bulk of the demo data.
//!
//! Every ticket is planned in memory first (times, status, agent, transfer, order), sorted by
//! opening time so ids and protocols follow the clock; the chats they need are written, then the
//! tickets go out in batches, each followed by its messages, transfers and orders.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Duration, Utc, Weekday};
use rand::Rng;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, Set, sea_query::OnConflict};

use super::{
    Ctx, DemoOptions, SeedStage, at_local, customers::People, directory::Directory, insert_batched, local_day,
    local_hour, names,
};
use crate::entities::tenant::{
    chat, message, order,
    states::{Ack, TicketStatus, TransferStatus},
    ticket, ticket_transfer,
};

/// Counts of what this stage wrote.
pub(super) struct Written {
    pub tickets: u64,
    pub messages: u64,
    pub orders: u64,
    pub transfers: u64,
}

/// Messages a batch of tickets carries at most (tickets per batch follow from it).
const MESSAGES_PER_BATCH: usize = 5_000;
/// Longest conversation the plan supports (the external id keeps 16 bits for the index).
const MAX_MESSAGES: u32 = 1_000;
/// Nothing is planned closer to now than this.
const MARGIN_MINUTES: i64 = 15;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Pending,
    Open,
    Transferring,
    Closed,
}

impl Status {
    fn state(self) -> TicketStatus {
        match self {
            Self::Pending => TicketStatus::Pending,
            Self::Open => TicketStatus::Open,
            Self::Transferring => TicketStatus::Transferring,
            Self::Closed => TicketStatus::Closed,
        }
    }
}

struct TransferPlan {
    from: Option<usize>,
    to: Option<usize>,
    to_department_id: Option<i32>,
    status: TransferStatus,
    /// Outbound messages before this index were written by `from`.
    handover_at: usize,
    created_at: DateTime<Utc>,
    resolved_at: Option<DateTime<Utc>>,
}

struct OrderPlan {
    value_cents: i64,
    status: &'static str,
    ordered_at: DateTime<Utc>,
}

struct Plan {
    customer: usize,
    instance: usize,
    status: Status,
    /// The agent (index into `Directory::agents`) holding the ticket.
    agent: Option<usize>,
    department_id: Option<i32>,
    /// Times of the messages, the first one opening the ticket.
    times: Vec<DateTime<Utc>>,
    first_response_at: Option<DateTime<Utc>>,
    closed_at: Option<DateTime<Utc>>,
    closing_reason_id: Option<i32>,
    transfer: Option<TransferPlan>,
    order: Option<OrderPlan>,
}

impl Plan {
    fn opened_at(&self) -> DateTime<Utc> {
        self.times[0]
    }

    fn last_message_at(&self) -> DateTime<Utc> {
        self.times[self.times.len() - 1]
    }

    fn is_answered(&self) -> bool {
        self.status != Status::Pending
    }

    /// `in` for the customer's messages, `out` for the agents'.
    fn is_inbound(&self, index: usize) -> bool {
        !self.is_answered() || index.is_multiple_of(2)
    }

    /// Inbound messages after the last outbound one, unless the ticket is closed.
    fn unread(&self) -> i32 {
        if self.status == Status::Closed {
            return 0;
        }
        (0..self.times.len()).rev().take_while(|index| self.is_inbound(*index)).count() as i32
    }

    /// The agent who wrote outbound message `index`.
    fn author(&self, index: usize) -> Option<usize> {
        match &self.transfer {
            Some(transfer) if transfer.status == TransferStatus::Accepted && index < transfer.handover_at => {
                transfer.from
            }
            _ => self.agent,
        }
    }
}

pub(super) async fn seed<C: ConnectionTrait>(
    db: &C,
    ctx: &mut Ctx,
    opts: &DemoOptions,
    dir: &Directory,
    people: &People,
    progress: &(dyn Fn(SeedStage) + Sync),
) -> Result<Written, DbErr> {
    let mut plans = plan_tickets(ctx, opts, dir, people);
    plans.sort_by_key(|plan| plan.opened_at());
    let total = plans.len() as u64;
    progress(SeedStage::Tickets { done: 0, total });

    let chat_ids = write_chats(db, dir, people, &plans).await?;

    let max_id: Option<Option<i32>> =
        ticket::Entity::find().select_only().column_as(ticket::Column::Id.max(), "max_id").into_tuple().one(db).await?;
    let first_seq = i64::from(max_id.flatten().unwrap_or(0)) + 1;

    let per_batch = (MESSAGES_PER_BATCH / plans.first().map_or(1, |p| p.times.len())).clamp(20, 400);
    let mut written = Written { tickets: 0, messages: 0, orders: 0, transfers: 0 };
    for (batch_index, batch) in plans.chunks(per_batch).enumerate() {
        let base_seq = first_seq + (batch_index * per_batch) as i64;
        let protocols: Vec<String> = batch
            .iter()
            .enumerate()
            .map(|(offset, plan)| {
                format!("{}{:06}", local_day(plan.opened_at()).format("%Y%m%d"), base_seq + offset as i64)
            })
            .collect();

        let chat_of = |plan: &Plan| {
            let key = (people.customers[plan.customer].id, dir.instances[plan.instance].id);
            chat_ids.get(&key).copied()
        };
        let rows: Vec<ticket::ActiveModel> = batch
            .iter()
            .zip(&protocols)
            .filter_map(|(plan, protocol)| {
                let customer = &people.customers[plan.customer];
                let instance_id = dir.instances[plan.instance].id;
                Some(ticket::ActiveModel {
                    protocol: Set(protocol.clone()),
                    chat_id: Set(chat_of(plan)?),
                    customer_id: Set(customer.id),
                    instance_id: Set(instance_id),
                    department_id: Set(plan.department_id),
                    assigned_user_id: Set(plan.agent.map(|a| dir.agents[a].id)),
                    status: Set(plan.status.state()),
                    opened_at: Set(plan.opened_at()),
                    first_response_at: Set(plan.first_response_at),
                    closed_at: Set(plan.closed_at),
                    closing_reason_id: Set(plan.closing_reason_id),
                    last_activity_at: Set(Some(plan.closed_at.unwrap_or(plan.last_message_at()))),
                    unread_count: Set(plan.unread()),
                    created_at: Set(plan.opened_at()),
                    updated_at: Set(plan.closed_at.unwrap_or(plan.last_message_at())),
                    ..Default::default()
                })
            })
            .collect();
        written.tickets += insert_batched(db, rows, None).await?;
        let ids: HashMap<String, i32> = ticket::Entity::find()
            .select_only()
            .columns([ticket::Column::Protocol, ticket::Column::Id])
            .filter(ticket::Column::Protocol.is_in(protocols.clone()))
            .into_tuple::<(String, i32)>()
            .all(db)
            .await?
            .into_iter()
            .collect();

        let mut messages = Vec::with_capacity(batch.len() * batch[0].times.len());
        let mut transfers = Vec::new();
        let mut orders = Vec::new();
        for (offset, (plan, protocol)) in batch.iter().zip(&protocols).enumerate() {
            let (Some(ticket_id), Some(chat_id)) = (ids.get(protocol).copied(), chat_of(plan)) else {
                continue;
            };
            let seq = base_seq + offset as i64;
            let customer = &people.customers[plan.customer];
            let instance_id = dir.instances[plan.instance].id;
            let agent_user = plan.agent.map(|a| dir.agents[a].id);

            let bodies = conversation(ctx, plan, dir, people);
            for ((index, sent_at), body) in plan.times.iter().enumerate().zip(bodies) {
                let inbound = plan.is_inbound(index);
                let author = if inbound { None } else { plan.author(index) };
                let user_id = author.map(|a| dir.agents[a].id);
                let ack = message_ack(ctx, plan, index, *sent_at);
                let external_id = format!("3EB0{:012X}{:08X}", (seq << 16) | index as i64, ctx.rng.random::<u32>());
                messages.push(message::ActiveModel {
                    chat_id: Set(chat_id),
                    ticket_id: Set(Some(ticket_id)),
                    instance_id: Set(instance_id),
                    user_id: Set(user_id),
                    direction: Set(if inbound { "in" } else { "out" }.to_owned()),
                    body: Set(body),
                    ack: Set(ack),
                    external_id: Set(Some(external_id)),
                    sent_at: Set(*sent_at),
                    created_at: Set(*sent_at),
                    updated_at: Set(*sent_at),
                    ..Default::default()
                });
            }

            if let Some(transfer) = &plan.transfer {
                transfers.push(ticket_transfer::ActiveModel {
                    ticket_id: Set(ticket_id),
                    from_user_id: Set(transfer.from.map(|a| dir.agents[a].id)),
                    to_user_id: Set(transfer.to.map(|a| dir.agents[a].id)),
                    to_department_id: Set(transfer.to_department_id),
                    status: Set(transfer.status),
                    resolved_at: Set(transfer.resolved_at),
                    created_at: Set(transfer.created_at),
                    updated_at: Set(transfer.resolved_at.unwrap_or(transfer.created_at)),
                    ..Default::default()
                });
            }

            if let Some(planned) = &plan.order {
                orders.push(order::ActiveModel {
                    customer_id: Set(customer.id),
                    ticket_id: Set(Some(ticket_id)),
                    instance_id: Set(Some(instance_id)),
                    user_id: Set(agent_user),
                    value_cents: Set(planned.value_cents),
                    status: Set(planned.status.to_owned()),
                    ordered_at: Set(planned.ordered_at),
                    created_at: Set(planned.ordered_at),
                    updated_at: Set(planned.ordered_at),
                    ..Default::default()
                });
            }
        }
        written.messages += insert_batched(db, messages, None).await?;
        written.transfers += insert_batched(db, transfers, None).await?;
        written.orders += insert_batched(db, orders, None).await?;
        progress(SeedStage::Tickets { done: written.tickets, total });
    }
    Ok(written)
}

/// Writes one chat per (customer, instance) the plans use and returns the chat ids by
/// (customer id, instance id), existing chats included.
async fn write_chats<C: ConnectionTrait>(
    db: &C,
    dir: &Directory,
    people: &People,
    plans: &[Plan],
) -> Result<HashMap<(i32, i32), i32>, DbErr> {
    struct ChatPlan {
        created_at: DateTime<Utc>,
        last_message_at: DateTime<Utc>,
    }
    // Ordered map: chat ids follow the same order on every run.
    let mut chats: BTreeMap<(i32, i32), ChatPlan> = BTreeMap::new();
    for plan in plans {
        let key = (people.customers[plan.customer].id, dir.instances[plan.instance].id);
        let entry = chats
            .entry(key)
            .or_insert(ChatPlan { created_at: plan.opened_at(), last_message_at: plan.last_message_at() });
        entry.created_at = entry.created_at.min(plan.opened_at());
        entry.last_message_at = entry.last_message_at.max(plan.last_message_at());
    }
    let rows = chats
        .iter()
        .map(|((customer_id, instance_id), chat)| chat::ActiveModel {
            customer_id: Set(*customer_id),
            instance_id: Set(*instance_id),
            created_at: Set(chat.created_at),
            updated_at: Set(chat.last_message_at),
            ..Default::default()
        })
        .collect();
    insert_batched(
        db,
        rows,
        Some(OnConflict::columns([chat::Column::CustomerId, chat::Column::InstanceId]).do_nothing().to_owned()),
    )
    .await?;
    let instance_ids: Vec<i32> = dir.instances.iter().map(|i| i.id).collect();
    let found: Vec<(i32, i32, i32)> = chat::Entity::find()
        .select_only()
        .columns([chat::Column::CustomerId, chat::Column::InstanceId, chat::Column::Id])
        .filter(chat::Column::InstanceId.is_in(instance_ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(found.into_iter().map(|(customer_id, instance_id, id)| ((customer_id, instance_id), id)).collect())
}

/// Plans about one ticket per customer every five days.
fn plan_tickets(ctx: &mut Ctx, opts: &DemoOptions, dir: &Directory, people: &People) -> Vec<Plan> {
    if people.customers.is_empty() {
        return Vec::new();
    }
    let total = (people.customers.len() as u64 * u64::from(opts.days.max(1)) / 5).max(1);
    let messages = opts.messages_per_ticket.clamp(1, MAX_MESSAGES) as usize;
    let day_weights: Vec<u32> = ctx
        .days()
        .map(|day| match day.weekday() {
            Weekday::Sat => 4,
            Weekday::Sun => 2,
            _ => 10,
        })
        .collect();
    let days: Vec<_> = ctx.days().collect();
    let sale_reason = dir.sale_reason();
    let other_reasons: Vec<i32> = dir.reasons.iter().map(|(id, _)| *id).filter(|id| Some(*id) != sale_reason).collect();
    let all_agents: Vec<usize> = (0..dir.agents.len()).collect();

    (0..total)
        .map(|_| {
            let customer = ctx.rng_index(people.customers.len());
            let home = people.customers[customer].home_instance;
            let instance =
                if dir.instances.len() > 1 && ctx.chance(0.1) { ctx.rng_index(dir.instances.len()) } else { home };

            // The conversation's shape first, so the opening time leaves room for it before now.
            let gaps: Vec<Duration> = (1..messages).map(|_| ctx.seconds(20, 360)).collect();
            let span: Duration = gaps.iter().copied().sum::<Duration>() + Duration::minutes(45);
            let opened_at = opening_time(ctx, &days, &day_weights, span);
            let off_hours = !(8..18).contains(&local_hour(opened_at));
            let first_delay = if off_hours { ctx.seconds(180, 2_700) } else { ctx.seconds(30, 480) };
            let mut times = Vec::with_capacity(messages);
            times.push(opened_at);
            for (index, gap) in gaps.iter().enumerate() {
                let previous = times[index];
                times.push(if index == 0 { previous + first_delay } else { previous + *gap });
            }
            let last = times[times.len() - 1];

            let recent = ctx.now - last < Duration::hours(24);
            let status = if dir.agents.is_empty() {
                Status::Pending
            } else if recent {
                [Status::Closed, Status::Open, Status::Pending, Status::Transferring]
                    [ctx.pick_weighted(&[45, 30, 15, 10])]
            } else if ctx.chance(0.97) {
                Status::Closed
            } else {
                Status::Open
            };

            let instance_id = dir.instances[instance].id;
            let candidates =
                dir.agents_by_instance.get(&instance_id).filter(|agents| !agents.is_empty()).unwrap_or(&all_agents);
            let agent = (status != Status::Pending && !candidates.is_empty()).then(|| *ctx.pick(candidates));
            let department_id = match agent {
                Some(a) => dir.agents[a].department_id,
                None if !dir.department_ids.is_empty() && ctx.chance(0.5) => Some(*ctx.pick(&dir.department_ids)),
                None => None,
            };
            let first_response_at = agent.and(times.get(1).copied());
            let closed_at = (status == Status::Closed).then(|| last + ctx.seconds(60, 600));

            let transfer = match (status, agent) {
                (Status::Transferring, Some(holder)) => {
                    let created_at = last + ctx.seconds(30, 300);
                    Some(transfer_to_other(
                        ctx,
                        dir,
                        candidates,
                        holder,
                        TransferStatus::Pending,
                        times.len(),
                        created_at,
                        None,
                    ))
                }
                (Status::Open | Status::Closed, Some(holder)) if times.len() >= 3 && ctx.chance(0.1) => {
                    // The hand-over happens just before an outbound message, the third one at best.
                    let outbound: Vec<usize> = (3..times.len()).step_by(2).collect();
                    let handover_at = if outbound.is_empty() { 1 } else { *ctx.pick(&outbound) };
                    let created_at = times[handover_at] - Duration::seconds(15);
                    let resolved_at = Some(created_at + ctx.seconds(5, 10));
                    let others: Vec<usize> = candidates.iter().copied().filter(|a| *a != holder).collect();
                    let roll = ctx.pick_weighted(&[85, 10, 5]);
                    if roll == 0 && !others.is_empty() {
                        // Someone else started the attendance and handed it to the holder.
                        Some(TransferPlan {
                            from: Some(*ctx.pick(&others)),
                            to: Some(holder),
                            to_department_id: dir.agents[holder].department_id,
                            status: TransferStatus::Accepted,
                            handover_at,
                            created_at,
                            resolved_at,
                        })
                    } else {
                        // The holder tried to hand it over, and kept it.
                        let status = if roll == 2 { TransferStatus::Cancelled } else { TransferStatus::Rejected };
                        Some(transfer_to_other(
                            ctx,
                            dir,
                            candidates,
                            holder,
                            status,
                            times.len(),
                            created_at,
                            resolved_at,
                        ))
                    }
                }
                _ => None,
            };

            let order = (status == Status::Closed && agent.is_some() && ctx.chance(0.25)).then(|| {
                let status = ["paid", "pending", "cancelled"][ctx.pick_weighted(&[75, 15, 10])];
                let ordered_at = last - Duration::seconds(5);
                OrderPlan { value_cents: order_value(ctx), status, ordered_at }
            });
            let closing_reason_id = if status != Status::Closed {
                None
            } else if order.as_ref().is_some_and(|o| o.status != "cancelled") && sale_reason.is_some() {
                sale_reason
            } else if !other_reasons.is_empty() {
                Some(*ctx.pick(&other_reasons))
            } else {
                sale_reason
            };

            Plan {
                customer,
                instance,
                status,
                agent,
                department_id,
                times,
                first_response_at,
                closed_at,
                closing_reason_id,
                transfer,
                order,
            }
        })
        .collect()
}

/// A transfer from the holder to another agent of the instance, or to another department when
/// the holder is alone.
#[allow(clippy::too_many_arguments)]
fn transfer_to_other(
    ctx: &mut Ctx,
    dir: &Directory,
    candidates: &[usize],
    holder: usize,
    status: TransferStatus,
    messages: usize,
    created_at: DateTime<Utc>,
    resolved_at: Option<DateTime<Utc>>,
) -> TransferPlan {
    let others: Vec<usize> = candidates.iter().copied().filter(|a| *a != holder).collect();
    let (to, to_department_id) = if others.is_empty() {
        let holder_department = dir.agents[holder].department_id;
        let departments: Vec<i32> =
            dir.department_ids.iter().copied().filter(|d| Some(*d) != holder_department).collect();
        let department = if departments.is_empty() { holder_department } else { Some(*ctx.pick(&departments)) };
        (None, department)
    } else {
        let to = *ctx.pick(&others);
        (Some(to), dir.agents[to].department_id)
    };
    TransferPlan { from: Some(holder), to, to_department_id, status, handover_at: messages, created_at, resolved_at }
}

/// When a ticket opens: weekdays weigh more than weekends, 08–18 in São Paulo more than the
/// evening, the night least; the conversation (`span`) must end before now.
fn opening_time(ctx: &mut Ctx, days: &[chrono::NaiveDate], day_weights: &[u32], span: Duration) -> DateTime<Utc> {
    let latest = ctx.now - span - Duration::minutes(MARGIN_MINUTES);
    for _ in 0..40 {
        let day = days[ctx.pick_weighted(day_weights)];
        let seconds = match ctx.pick_weighted(&[85, 10, 5]) {
            0 => ctx.rng.random_range(8 * 3600..18 * 3600),
            1 => ctx.rng.random_range(18 * 3600..23 * 3600),
            _ => ctx.rng.random_range(6 * 3600..8 * 3600),
        };
        let at = at_local(day, seconds);
        if at <= latest {
            return at;
        }
    }
    latest - ctx.seconds(0, 3_600)
}

/// An order value between R$ 19,90 and R$ 2.500,00, most of them small, ending in 90 centavos.
fn order_value(ctx: &mut Ctx) -> i64 {
    let (min, max) = (19.9_f64, 2_500.0_f64);
    let reais = (min.ln() + ctx.rng.random::<f64>() * (max.ln() - min.ln())).exp();
    let cents = (reais.floor() as i64) * 100 + 90;
    cents.clamp(1_990, 250_000)
}

fn greeting(at: DateTime<Utc>) -> &'static str {
    match local_hour(at) {
        5..=11 => "Bom dia",
        12..=17 => "Boa tarde",
        _ => "Boa noite",
    }
}

/// The texts of a ticket's messages: an opener, the agent's greeting, then questions each followed
/// by its answer, thanks and a goodbye when the ticket is closed.
fn conversation(ctx: &mut Ctx, plan: &Plan, dir: &Directory, people: &People) -> Vec<String> {
    let customer = &people.customers[plan.customer];
    let last = plan.times.len() - 1;
    // The last inbound message of a closed ticket thanks, unless it is the opener.
    let thanks_at =
        (plan.status == Status::Closed).then(|| (1..=last).rev().find(|index| plan.is_inbound(*index))).flatten();
    let mut topic: Option<usize> = None;
    let mut bodies = Vec::with_capacity(plan.times.len());
    for index in 0..=last {
        let body = if index == 0 {
            format!("{}, {}", greeting(plan.times[0]), ctx.pick(names::OPENERS))
        } else if !plan.is_answered() {
            (*ctx.pick(names::WAITING_LINES)).to_owned()
        } else if plan.is_inbound(index) {
            if Some(index) == thanks_at {
                topic = None;
                (*ctx.pick(names::THANKS)).to_owned()
            } else {
                let chosen = ctx.rng_index(names::TOPICS.len());
                topic = Some(chosen);
                names::TOPICS[chosen].0.replace("{city}", customer.city)
            }
        } else if index == 1 {
            let agent = plan.author(index).map_or("a equipe", |a| dir.agents[a].first_name.as_str());
            format!(
                "{}, {}! Aqui é {agent}, do atendimento. Como posso ajudar?",
                greeting(plan.times[1]),
                customer.first_name
            )
        } else if index == last && plan.status == Status::Closed {
            (*ctx.pick(names::AGENT_CLOSINGS)).to_owned()
        } else if index == last && plan.status == Status::Transferring {
            names::AGENT_TRANSFER.to_owned()
        } else if let Some(chosen) = topic.take() {
            let tracking = format!(
                "{}{}{:09}BR",
                char::from(b'A' + ctx.rng.random_range(0..26u8)),
                char::from(b'A' + ctx.rng.random_range(0..26u8)),
                ctx.rng.random_range(0..1_000_000_000u32)
            );
            names::TOPICS[chosen].1.replace("{city}", customer.city).replace("{tracking}", &tracking)
        } else {
            (*ctx.pick(names::AGENT_FILLERS)).to_owned()
        };
        bodies.push(body);
    }
    bodies
}

fn message_ack(ctx: &mut Ctx, plan: &Plan, index: usize, sent_at: DateTime<Utc>) -> Ack {
    if plan.is_inbound(index) {
        let unanswered = plan.status != Status::Closed && (index..plan.times.len()).all(|later| plan.is_inbound(later));
        return if unanswered { Ack::Delivered } else { Ack::Read };
    }
    if ctx.now - sent_at < Duration::minutes(2) {
        return Ack::Sent;
    }
    [Ack::Read, Ack::Delivered, Ack::Sent, Ack::Failed][ctx.pick_weighted(&[80, 14, 4, 2])]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn order_values_stay_between_the_documented_bounds() {
        let now = Utc::now();
        let mut ctx =
            Ctx { rng: rand::rngs::StdRng::seed_from_u64(9), now, first_day: local_day(now), today: local_day(now) };
        for _ in 0..5_000 {
            let value = order_value(&mut ctx);
            assert!((1_990..=250_000).contains(&value), "{value}");
            assert_eq!(value % 100, 90);
        }
    }
}
