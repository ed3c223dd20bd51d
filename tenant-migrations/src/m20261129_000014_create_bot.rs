//! The menu bot (docs/bot.md): its configuration, its conversations and their steps, and the daily
//! aggregate the Maria panel reads.
//!
//! - `bot_configs`: one row per scope — `instance_id` 0 is the tenant's default, any other value an
//!   instance's own bot — holding the configuration as a JSON document (it is edited and read as a
//!   whole, validated by the server, never queried by field);
//! - `bot_sessions`: the bot's part of a ticket (one per ticket that started with the bot): where
//!   the conversation is, how it ended (`active`, `routed`, `handed_over`, `resolved`, `abandoned`,
//!   `taken_over`), the option chosen, and when;
//! - `bot_steps`: every step the bot took (greeting, answer, invalid answer, route, handover, close),
//!   append-only, for the panel's per-option figures and for audits;
//! - `analytics_bot`: per São Paulo day × instance × final option (`''` for none), the sessions by
//!   outcome, fixed answers given, and a histogram of the time to hand over (`ho_b{i}`).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, boolean, date, integer, integer_null, pk_auto, string_len, string_len_null, text,
    timestamp_with_time_zone,
};

use crate::{
    m20261127_000012_create_analytics::DURATION_BUCKETS,
    support::{create, drop_tables, index, now_default, tz_null, with_timestamps},
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BotConfigs {
    Table,
    Id,
    InstanceId,
    Document,
    UpdatedByUserId,
}

#[derive(DeriveIden)]
enum BotSessions {
    Table,
    Id,
    TicketId,
    InstanceId,
    Status,
    InvalidCount,
    Answers,
    OptionKey,
    OptionLabel,
    DepartmentId,
    OutOfHours,
    StartedAt,
    LastCustomerAt,
    EndedAt,
}

#[derive(DeriveIden)]
enum BotSteps {
    Table,
    Id,
    SessionId,
    TicketId,
    InstanceId,
    At,
    Input,
    Step,
    OptionKey,
    OptionLabel,
}

#[derive(DeriveIden)]
enum AnalyticsBot {
    Table,
    Id,
    Day,
    InstanceId,
    OptionKey,
    OptionLabel,
    Received,
    Resolved,
    Routed,
    HandedOver,
    Abandoned,
    TakenOver,
    Answered,
    HandoverCount,
    HandoverSecsSum,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let mut configs = create(BotConfigs::Table);
        configs
            .col(pk_auto(BotConfigs::Id))
            .col(integer(BotConfigs::InstanceId).default(0))
            .col(text(BotConfigs::Document))
            .col(integer_null(BotConfigs::UpdatedByUserId));
        manager.create_table(with_timestamps(backend, configs.take())).await?;
        manager
            .create_index(index("ux_bot_configs_instance", BotConfigs::Table, [BotConfigs::InstanceId], true))
            .await?;

        use BotSessions as S;
        let mut sessions = create(S::Table);
        sessions
            .col(pk_auto(S::Id))
            .col(integer(S::TicketId))
            .col(integer(S::InstanceId))
            .col(string_len(S::Status, 20).default("active"))
            .col(integer(S::InvalidCount).default(0))
            .col(integer(S::Answers).default(0))
            .col(string_len_null(S::OptionKey, 40))
            .col(string_len_null(S::OptionLabel, 120))
            .col(integer_null(S::DepartmentId))
            .col(boolean(S::OutOfHours).default(false))
            .col(timestamp_with_time_zone(S::StartedAt))
            .col(timestamp_with_time_zone(S::LastCustomerAt))
            .col(tz_null(S::EndedAt));
        manager.create_table(with_timestamps(backend, sessions.take())).await?;
        manager.create_index(index("ux_bot_sessions_ticket", S::Table, [S::TicketId], true)).await?;
        manager.create_index(index("ix_bot_sessions_status", S::Table, [S::Status, S::StartedAt], false)).await?;
        manager.create_index(index("ix_bot_sessions_started", S::Table, [S::StartedAt], false)).await?;
        manager.create_index(index("ix_bot_sessions_updated", S::Table, [Alias::new("updated_at")], false)).await?;

        let mut steps = create(BotSteps::Table);
        steps
            .col(pk_auto(BotSteps::Id))
            .col(integer(BotSteps::SessionId))
            .col(integer(BotSteps::TicketId))
            .col(integer(BotSteps::InstanceId))
            .col(now_default(backend, BotSteps::At))
            .col(string_len(BotSteps::Input, 200).default(""))
            .col(string_len(BotSteps::Step, 20))
            .col(string_len_null(BotSteps::OptionKey, 40))
            .col(string_len_null(BotSteps::OptionLabel, 120));
        manager.create_table(steps.take()).await?;
        manager.create_index(index("ix_bot_steps_session", BotSteps::Table, [BotSteps::SessionId], false)).await?;
        manager.create_index(index("ix_bot_steps_at", BotSteps::Table, [BotSteps::At], false)).await?;

        use AnalyticsBot as A;
        let mut daily = create(A::Table);
        daily
            .col(pk_auto(A::Id))
            .col(date(A::Day))
            .col(integer(A::InstanceId).default(0))
            .col(string_len(A::OptionKey, 40).default(""))
            .col(string_len(A::OptionLabel, 120).default(""));
        for col in [
            A::Received,
            A::Resolved,
            A::Routed,
            A::HandedOver,
            A::Abandoned,
            A::TakenOver,
            A::Answered,
            A::HandoverCount,
        ] {
            daily.col(integer(col).default(0));
        }
        daily.col(big_integer(A::HandoverSecsSum).default(0));
        for i in 0..DURATION_BUCKETS {
            daily.col(integer(Alias::new(format!("ho_b{i}"))).default(0));
        }
        manager.create_table(daily.take()).await?;
        manager
            .create_index(index("ux_analytics_bot_grain", A::Table, [A::Day, A::InstanceId, A::OptionKey], true))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                AnalyticsBot::Table.into_iden(),
                BotSteps::Table.into_iden(),
                BotSessions::Table.into_iden(),
                BotConfigs::Table.into_iden(),
            ],
        )
        .await
    }
}
