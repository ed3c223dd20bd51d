//! Daily analytics of the generated data, tallied while tickets are written and stored at the end.
//!
//! Definitions (the same an analytics sync must use): the day is the São Paulo calendar day;
//! a ticket counts as opened on its `opened_at` day and closed on its `closed_at` day; first
//! response time (`first_response_at - opened_at`) counts on the opening day; messages count on
//! their `sent_at` day; orders that are not cancelled count on their `ordered_at` day. Scope
//! `tenant` (scope_id 0) has a row for every day of the window; `instance` and `user` only for
//! days with activity. A user's row counts the tickets assigned to them, the inbound messages of
//! those tickets, the outbound messages they wrote and the orders they took.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, DbErr, Set, sea_query::OnConflict};

use super::{Ctx, insert_batched, local_day};
use crate::entities::tenant::daily_analytic;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Counts {
    pub tickets_opened: i32,
    pub tickets_closed: i32,
    pub messages_in: i32,
    pub messages_out: i32,
    pub first_response_secs_sum: i64,
    pub first_response_count: i32,
    pub orders_count: i32,
    pub orders_value_cents: i64,
}

/// Scope names, in the order rows are written.
const TENANT: &str = "tenant";
const INSTANCE: &str = "instance";
const USER: &str = "user";

/// Aggregates by (day, scope, scope_id); ordered so rows are written in the same order every run.
#[derive(Debug, Default)]
pub(super) struct Tally {
    rows: BTreeMap<(NaiveDate, &'static str, i32), Counts>,
}

impl Tally {
    fn add(&mut self, at: DateTime<Utc>, instance_id: i32, user_id: Option<i32>, apply: impl Fn(&mut Counts)) {
        let day = local_day(at);
        apply(self.rows.entry((day, TENANT, 0)).or_default());
        apply(self.rows.entry((day, INSTANCE, instance_id)).or_default());
        if let Some(user_id) = user_id {
            apply(self.rows.entry((day, USER, user_id)).or_default());
        }
    }

    pub fn ticket_opened(&mut self, at: DateTime<Utc>, instance_id: i32, user_id: Option<i32>) {
        self.add(at, instance_id, user_id, |c| c.tickets_opened += 1);
    }

    pub fn ticket_closed(&mut self, at: DateTime<Utc>, instance_id: i32, user_id: Option<i32>) {
        self.add(at, instance_id, user_id, |c| c.tickets_closed += 1);
    }

    pub fn first_response(&mut self, opened_at: DateTime<Utc>, instance_id: i32, user_id: Option<i32>, secs: i64) {
        self.add(opened_at, instance_id, user_id, |c| {
            c.first_response_secs_sum += secs;
            c.first_response_count += 1;
        });
    }

    pub fn message_in(&mut self, at: DateTime<Utc>, instance_id: i32, user_id: Option<i32>) {
        self.add(at, instance_id, user_id, |c| c.messages_in += 1);
    }

    pub fn message_out(&mut self, at: DateTime<Utc>, instance_id: i32, user_id: Option<i32>) {
        self.add(at, instance_id, user_id, |c| c.messages_out += 1);
    }

    pub fn order(&mut self, at: DateTime<Utc>, instance_id: i32, user_id: Option<i32>, value_cents: i64) {
        self.add(at, instance_id, user_id, |c| {
            c.orders_count += 1;
            c.orders_value_cents += value_cents;
        });
    }

    /// Writes the rows, replacing the counts of rows that already exist.
    pub async fn write<C: ConnectionTrait>(mut self, db: &C, ctx: &Ctx) -> Result<u64, DbErr> {
        for day in ctx.days() {
            self.rows.entry((day, TENANT, 0)).or_default();
        }
        let now = ctx.now;
        let rows = self
            .rows
            .into_iter()
            .map(|((day, scope, scope_id), c)| daily_analytic::ActiveModel {
                day: Set(day),
                scope: Set(scope.to_owned()),
                scope_id: Set(scope_id),
                tickets_opened: Set(c.tickets_opened),
                tickets_closed: Set(c.tickets_closed),
                messages_in: Set(c.messages_in),
                messages_out: Set(c.messages_out),
                first_response_secs_sum: Set(c.first_response_secs_sum),
                first_response_count: Set(c.first_response_count),
                orders_count: Set(c.orders_count),
                orders_value_cents: Set(c.orders_value_cents),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
            .collect();
        use daily_analytic::Column;
        let upsert = OnConflict::columns([Column::Day, Column::Scope, Column::ScopeId])
            .update_columns([
                Column::TicketsOpened,
                Column::TicketsClosed,
                Column::MessagesIn,
                Column::MessagesOut,
                Column::FirstResponseSecsSum,
                Column::FirstResponseCount,
                Column::OrdersCount,
                Column::OrdersValueCents,
                Column::UpdatedAt,
            ])
            .to_owned();
        insert_batched(db, rows, Some(upsert)).await
    }
}
