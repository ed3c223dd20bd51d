//! Two roll-ups of `analytics_daily`, rebuilt by the analytics sync with it (docs/analytics.md):
//! - `analytics_units`: per day × instance × department (the dashboards: a year is ~15 rows a day
//!   instead of one per agent as well), with the tickets opened in each São Paulo hour (`h0`…`h23`,
//!   from `analytics_hours`) for the weekly heatmap;
//! - `analytics_agents`: per day × user (the productivity report without filters).
//!
//! A year of the full grain at 100 000 tickets is ~110 000 rows; summing them per request cost
//! 60–90 ms on SQLite (docs/performance.md#analytics), the roll-ups a few.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{big_integer, date, integer, pk_auto};

use crate::{
    m20261127_000012_create_analytics::DURATION_BUCKETS,
    support::{create, drop_tables, index},
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The summed columns of `analytics_daily`, with whether each is a `bigint`.
fn measures() -> Vec<(String, bool)> {
    let mut columns: Vec<(String, bool)> = [
        "tickets_opened",
        "tickets_closed",
        "transfers_in",
        "transfers_out",
        "messages_in",
        "messages_out",
        "first_response_count",
        "resolution_count",
        "orders_count",
        "bot_tickets",
        "bot_handoffs",
    ]
    .iter()
    .map(|c| ((*c).to_owned(), false))
    .collect();
    columns.extend(
        ["first_response_secs_sum", "resolution_secs_sum", "orders_value_cents"]
            .iter()
            .map(|c| ((*c).to_owned(), true)),
    );
    for prefix in ["fr_b", "rs_b"] {
        columns.extend((0..DURATION_BUCKETS).map(|i| (format!("{prefix}{i}"), false)));
    }
    columns
}

/// Hours of the day, one column each in `analytics_units`.
pub const HOURS: usize = 24;

pub(crate) fn rollup(name: &str, dimensions: &[&str], hours: bool) -> TableCreateStatement {
    let mut table = create(Alias::new(name));
    table.col(pk_auto(Alias::new("id"))).col(date(Alias::new("day")));
    for dimension in dimensions {
        table.col(integer(Alias::new(*dimension)).default(0));
    }
    for (column, big) in measures() {
        if big {
            table.col(big_integer(Alias::new(column)).default(0));
        } else {
            table.col(integer(Alias::new(column)).default(0));
        }
    }
    if hours {
        for hour in 0..HOURS {
            table.col(integer(Alias::new(format!("h{hour}"))).default(0));
        }
    }
    table.take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_table(rollup("analytics_units", &["instance_id", "department_id"], true)).await?;
        manager
            .create_index(index(
                "ux_analytics_units_grain",
                Alias::new("analytics_units"),
                [Alias::new("day"), Alias::new("instance_id"), Alias::new("department_id")],
                true,
            ))
            .await?;
        manager.create_table(rollup("analytics_agents", &["user_id"], false)).await?;
        manager
            .create_index(index(
                "ux_analytics_agents_grain",
                Alias::new("analytics_agents"),
                [Alias::new("day"), Alias::new("user_id")],
                true,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![Alias::new("analytics_agents").into_iden(), Alias::new("analytics_units").into_iden()],
        )
        .await
    }
}
