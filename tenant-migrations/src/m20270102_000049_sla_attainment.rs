//! SLA attainment in the daily aggregates (issue 46, docs/analytics.md#definitions): per ticket
//! closed, whether it had a first-response and a resolution target and whether it met each, in
//! `analytics_daily`, both roll-ups and `analytics_tags` — so attainment reads by department,
//! agent, instance and tag from the same sums as every other figure, and `analytics verify`
//! checks them.
//!
//! The past days' new columns start at 0: the sync's start mark is cleared, so its next run
//! recomputes every day (as `analytics sync --force` would).

use sea_orm_migration::{prelude::*, schema::integer};

use crate::support::{add_column, drop_column};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The new counts, in the order the sync writes them.
pub const SLA_COUNTS: [&str; 4] =
    ["sla_response_tickets", "sla_response_met", "sla_resolution_tickets", "sla_resolution_met"];

const TABLES: [&str; 4] = ["analytics_daily", "analytics_units", "analytics_agents", "analytics_tags"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            for column in SLA_COUNTS {
                add_column(manager, table, integer(Alias::new(column)).default(0).to_owned()).await?;
            }
        }
        crate::support::resync_analytics(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            for column in SLA_COUNTS {
                drop_column(manager, table, column).await?;
            }
        }
        Ok(())
    }
}
