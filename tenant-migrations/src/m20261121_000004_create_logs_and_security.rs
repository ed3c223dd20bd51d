//! Instance connection logs, login failures, refresh tokens and the daily analytics aggregates.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, date, integer, integer_null, pk_auto, string, string_null, string_uniq, text_null,
    timestamp_with_time_zone,
};

use crate::m20261121_000001_create_directory::{Instances, Users};
use crate::support::{create, drop_tables, fk, index, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
pub(crate) enum InstanceLogs {
    Table,
    Id,
    InstanceId,
    Status,
    Detail,
    OccurredAt,
}

#[derive(DeriveIden)]
pub(crate) enum LoginFailures {
    Table,
    Id,
    Email,
    UserId,
    Reason,
    ClientAddr,
    BodyIp,
    OccurredAt,
}

#[derive(DeriveIden)]
pub(crate) enum RefreshTokens {
    Table,
    Id,
    UserId,
    FamilyId,
    TokenHash,
    ExpiresAt,
    UsedAt,
    RevokedAt,
    ClientAddr,
}

#[derive(DeriveIden)]
pub(crate) enum DailyAnalytics {
    Table,
    Id,
    Day,
    Scope,
    ScopeId,
    TicketsOpened,
    TicketsClosed,
    MessagesIn,
    MessagesOut,
    FirstResponseSecsSum,
    FirstResponseCount,
    OrdersCount,
    OrdersValueCents,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        // Append-only: the row is the fact, `occurred_at` its time; no created_at/updated_at.
        manager
            .create_table(
                create(InstanceLogs::Table)
                    .col(pk_auto(InstanceLogs::Id))
                    .col(integer(InstanceLogs::InstanceId))
                    .col(string(InstanceLogs::Status))
                    .col(text_null(InstanceLogs::Detail))
                    .col(timestamp_with_time_zone(InstanceLogs::OccurredAt))
                    .foreign_key(&mut fk(
                        InstanceLogs::Table,
                        InstanceLogs::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            )
            .await?;
        for (name, columns) in [
            ("ix_instance_logs_occurred_at", vec![InstanceLogs::OccurredAt]),
            ("ix_instance_logs_instance_occurred_at", vec![InstanceLogs::InstanceId, InstanceLogs::OccurredAt]),
        ] {
            manager.create_index(index(name, InstanceLogs::Table, columns, false)).await?;
        }

        manager
            .create_table(
                create(LoginFailures::Table)
                    .col(pk_auto(LoginFailures::Id))
                    .col(string(LoginFailures::Email))
                    .col(integer_null(LoginFailures::UserId))
                    .col(string(LoginFailures::Reason))
                    .col(string(LoginFailures::ClientAddr))
                    .col(string_null(LoginFailures::BodyIp))
                    .col(timestamp_with_time_zone(LoginFailures::OccurredAt))
                    .foreign_key(&mut fk(
                        LoginFailures::Table,
                        LoginFailures::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::SetNull,
                    ))
                    .take(),
            )
            .await?;
        for (name, columns) in [
            ("ix_login_failures_occurred_at", vec![LoginFailures::OccurredAt]),
            ("ix_login_failures_user_occurred_at", vec![LoginFailures::UserId, LoginFailures::OccurredAt]),
        ] {
            manager.create_index(index(name, LoginFailures::Table, columns, false)).await?;
        }

        manager
            .create_table(with_timestamps(
                backend,
                create(RefreshTokens::Table)
                    .col(pk_auto(RefreshTokens::Id))
                    .col(integer(RefreshTokens::UserId))
                    .col(string(RefreshTokens::FamilyId))
                    .col(string_uniq(RefreshTokens::TokenHash))
                    .col(timestamp_with_time_zone(RefreshTokens::ExpiresAt))
                    .col(tz_null(RefreshTokens::UsedAt))
                    .col(tz_null(RefreshTokens::RevokedAt))
                    .col(string_null(RefreshTokens::ClientAddr))
                    .foreign_key(&mut fk(
                        RefreshTokens::Table,
                        RefreshTokens::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        for (name, columns) in [
            ("ix_refresh_tokens_user_id", vec![RefreshTokens::UserId]),
            ("ix_refresh_tokens_family_id", vec![RefreshTokens::FamilyId]),
        ] {
            manager.create_index(index(name, RefreshTokens::Table, columns, false)).await?;
        }

        manager
            .create_table(with_timestamps(
                backend,
                create(DailyAnalytics::Table)
                    .col(pk_auto(DailyAnalytics::Id))
                    .col(date(DailyAnalytics::Day))
                    .col(string(DailyAnalytics::Scope))
                    .col(integer(DailyAnalytics::ScopeId).default(0))
                    .col(integer(DailyAnalytics::TicketsOpened).default(0))
                    .col(integer(DailyAnalytics::TicketsClosed).default(0))
                    .col(integer(DailyAnalytics::MessagesIn).default(0))
                    .col(integer(DailyAnalytics::MessagesOut).default(0))
                    .col(big_integer(DailyAnalytics::FirstResponseSecsSum).default(0))
                    .col(integer(DailyAnalytics::FirstResponseCount).default(0))
                    .col(integer(DailyAnalytics::OrdersCount).default(0))
                    .col(big_integer(DailyAnalytics::OrdersValueCents).default(0))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_daily_analytics_day_scope_scope_id",
                DailyAnalytics::Table,
                [DailyAnalytics::Day, DailyAnalytics::Scope, DailyAnalytics::ScopeId],
                true,
            ))
            .await?;

        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                DailyAnalytics::Table.into_iden(),
                RefreshTokens::Table.into_iden(),
                LoginFailures::Table.into_iden(),
                InstanceLogs::Table.into_iden(),
            ],
        )
        .await
    }
}
