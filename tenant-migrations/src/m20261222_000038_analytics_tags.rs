//! Tags as an analytics dimension (issue 45, docs/analytics.md#by-tag): `analytics_tags` has the
//! columns of `analytics_units` (every sum, the duration buckets, the tickets opened per hour) per
//! day × tag × instance × department, and `analytics_tag_reasons` the tickets closed per closing
//! reason and tag. Both are rebuilt by the analytics sync from the tickets' tags as they are now;
//! a ticket with two tags counts under each.
//!
//! The sync's start mark is cleared, so its next run fills every past day (as `analytics sync
//! --force` would).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{date, integer, pk_auto};

use crate::{
    m20261128_000013_create_analytics_rollups::rollup,
    m20261211_000027_analytics_message_types::MESSAGE_TYPE_COUNTS,
    support::{create, drop_tables, index},
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut table = rollup("analytics_tags", &["tag_id", "instance_id", "department_id"], true);
        for column in MESSAGE_TYPE_COUNTS {
            table.col(integer(Alias::new(column)).default(0));
        }
        manager.create_table(table).await?;
        manager
            .create_index(index(
                "ux_analytics_tags_grain",
                Alias::new("analytics_tags"),
                [Alias::new("day"), Alias::new("tag_id"), Alias::new("instance_id"), Alias::new("department_id")],
                true,
            ))
            .await?;
        manager
            .create_table(
                create(Alias::new("analytics_tag_reasons"))
                    .col(pk_auto(Alias::new("id")))
                    .col(date(Alias::new("day")))
                    .col(integer(Alias::new("tag_id")))
                    .col(integer(Alias::new("instance_id")))
                    .col(integer(Alias::new("department_id")))
                    .col(integer(Alias::new("closing_reason_id")))
                    .col(integer(Alias::new("tickets")).default(0))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_analytics_tag_reasons_day_tag",
                Alias::new("analytics_tag_reasons"),
                [Alias::new("day"), Alias::new("tag_id")],
                false,
            ))
            .await?;
        crate::support::resync_analytics(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![Alias::new("analytics_tag_reasons").into_iden(), Alias::new("analytics_tags").into_iden()],
        )
        .await
    }
}
