//! The aggregates every dashboard reads (docs/analytics.md), replacing `daily_analytics`, whose
//! grain (one scope per row: tenant, instance or user) could not answer "this instance's figures
//! for this department" nor hold the duration histograms a median needs.
//!
//! - `analytics_daily`: per São Paulo day × instance × department × user (0 = none), the counts,
//!   the duration sums and one column per histogram bucket of first response (`fr_b{i}`) and
//!   resolution (`rs_b{i}`) times;
//! - `analytics_hours`: tickets opened per day × hour × instance × department (the weekly heatmap);
//! - `analytics_reasons`: tickets closed per day × instance × department × closing reason;
//! - `analytics_sync_state`: when the last sync ran (incremental runs start from it);
//! - `presence_sessions`: a user's socket sessions (time online in the productivity report);
//! - `tenant_settings`: small per-tenant settings (the control panel's waiting threshold).
//!
//! The incremental sync finds changed days through `updated_at`, hence those indexes on the
//! source tables.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, date, date_null, integer, pk_auto, small_integer, string_len, text, timestamp_with_time_zone,
};

use crate::support::{create, drop_tables, index, now_default, tz_null};

/// How many buckets the duration histograms have (`fr_b0` … `fr_b14`): the server's bucket bounds
/// (`domain::analytics::histogram`) are one fewer, the last bucket being open.
pub const DURATION_BUCKETS: usize = 15;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AnalyticsDaily {
    Table,
    Id,
    Day,
    InstanceId,
    DepartmentId,
    UserId,
    TicketsOpened,
    TicketsClosed,
    TransfersIn,
    TransfersOut,
    MessagesIn,
    MessagesOut,
    FirstResponseCount,
    FirstResponseSecsSum,
    ResolutionCount,
    ResolutionSecsSum,
    OrdersCount,
    OrdersValueCents,
    BotTickets,
    BotHandoffs,
}

#[derive(DeriveIden)]
enum AnalyticsHours {
    Table,
    Id,
    Day,
    Hour,
    InstanceId,
    DepartmentId,
    TicketsOpened,
}

#[derive(DeriveIden)]
enum AnalyticsReasons {
    Table,
    Id,
    Day,
    InstanceId,
    DepartmentId,
    ClosingReasonId,
    Tickets,
}

#[derive(DeriveIden)]
enum AnalyticsSyncState {
    Table,
    Id,
    LastStartedAt,
    LastFinishedAt,
    LastFrom,
    LastTo,
    Days,
    Rows,
}

#[derive(DeriveIden)]
enum PresenceSessions {
    Table,
    Id,
    UserId,
    StartedAt,
    EndedAt,
}

#[derive(DeriveIden)]
enum TenantSettings {
    Table,
    Key,
    Value,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        use AnalyticsDaily as D;
        let mut daily = create(D::Table);
        daily
            .col(pk_auto(D::Id))
            .col(date(D::Day))
            .col(integer(D::InstanceId).default(0))
            .col(integer(D::DepartmentId).default(0))
            .col(integer(D::UserId).default(0));
        for col in [
            D::TicketsOpened,
            D::TicketsClosed,
            D::TransfersIn,
            D::TransfersOut,
            D::MessagesIn,
            D::MessagesOut,
            D::FirstResponseCount,
            D::ResolutionCount,
            D::OrdersCount,
            D::BotTickets,
            D::BotHandoffs,
        ] {
            daily.col(integer(col).default(0));
        }
        for col in [D::FirstResponseSecsSum, D::ResolutionSecsSum, D::OrdersValueCents] {
            daily.col(big_integer(col).default(0));
        }
        for prefix in ["fr_b", "rs_b"] {
            for i in 0..DURATION_BUCKETS {
                daily.col(integer(Alias::new(format!("{prefix}{i}"))).default(0));
            }
        }
        manager.create_table(daily.take()).await?;
        manager
            .create_index(index(
                "ux_analytics_daily_grain",
                D::Table,
                [D::Day, D::InstanceId, D::DepartmentId, D::UserId],
                true,
            ))
            .await?;
        manager.create_index(index("ix_analytics_daily_user_day", D::Table, [D::UserId, D::Day], false)).await?;

        use AnalyticsHours as H;
        manager
            .create_table(
                create(H::Table)
                    .col(pk_auto(H::Id))
                    .col(date(H::Day))
                    .col(small_integer(H::Hour))
                    .col(integer(H::InstanceId).default(0))
                    .col(integer(H::DepartmentId).default(0))
                    .col(integer(H::TicketsOpened).default(0))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_analytics_hours_grain",
                H::Table,
                [H::Day, H::Hour, H::InstanceId, H::DepartmentId],
                true,
            ))
            .await?;

        use AnalyticsReasons as R;
        manager
            .create_table(
                create(R::Table)
                    .col(pk_auto(R::Id))
                    .col(date(R::Day))
                    .col(integer(R::InstanceId).default(0))
                    .col(integer(R::DepartmentId).default(0))
                    .col(integer(R::ClosingReasonId).default(0))
                    .col(integer(R::Tickets).default(0))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_analytics_reasons_grain",
                R::Table,
                [R::Day, R::InstanceId, R::DepartmentId, R::ClosingReasonId],
                true,
            ))
            .await?;

        use AnalyticsSyncState as S;
        manager
            .create_table(
                create(S::Table)
                    .col(integer(S::Id).primary_key())
                    .col(tz_null(S::LastStartedAt))
                    .col(tz_null(S::LastFinishedAt))
                    .col(date_null(S::LastFrom))
                    .col(date_null(S::LastTo))
                    .col(integer(S::Days).default(0))
                    .col(big_integer(S::Rows).default(0))
                    .take(),
            )
            .await?;

        use PresenceSessions as P;
        manager
            .create_table(
                create(P::Table)
                    .col(pk_auto(P::Id))
                    .col(integer(P::UserId))
                    .col(timestamp_with_time_zone(P::StartedAt))
                    .col(tz_null(P::EndedAt))
                    .take(),
            )
            .await?;
        manager
            .create_index(index("ix_presence_sessions_user_started", P::Table, [P::UserId, P::StartedAt], false))
            .await?;

        use TenantSettings as T;
        manager
            .create_table(
                create(T::Table)
                    .col(string_len(T::Key, 64).primary_key())
                    .col(text(T::Value))
                    .col(now_default(backend, T::UpdatedAt))
                    .take(),
            )
            .await?;

        for (name, table) in [
            ("ix_tickets_updated_at", "tickets"),
            ("ix_messages_updated_at", "messages"),
            ("ix_orders_updated_at", "orders"),
            ("ix_ticket_transfers_updated_at", "ticket_transfers"),
        ] {
            manager.create_index(index(name, Alias::new(table), [Alias::new("updated_at")], false)).await?;
        }

        // Superseded by `analytics_daily` (its rows are rebuilt by the first sync).
        drop_tables(manager, vec![Alias::new("daily_analytics").into_iden()]).await?;
        Ok(())
    }

    /// Does not bring `daily_analytics` back: its rows were derived data, rebuilt by a sync.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table) in [
            ("ix_tickets_updated_at", "tickets"),
            ("ix_messages_updated_at", "messages"),
            ("ix_orders_updated_at", "orders"),
            ("ix_ticket_transfers_updated_at", "ticket_transfers"),
        ] {
            manager.drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned()).await?;
        }
        drop_tables(
            manager,
            vec![
                TenantSettings::Table.into_iden(),
                PresenceSessions::Table.into_iden(),
                AnalyticsSyncState::Table.into_iden(),
                AnalyticsReasons::Table.into_iden(),
                AnalyticsHours::Table.into_iden(),
                AnalyticsDaily::Table.into_iden(),
            ],
        )
        .await
    }
}
