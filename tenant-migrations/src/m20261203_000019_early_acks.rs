//! Providers deliver acks out of order, and one can overtake the answer to our own send: the
//! provider reports `delivered` for an id before the worker has stored that id on the message.
//! Such an ack was ignored and the message stayed `sent`. `early_acks` keeps an ack for an id we
//! do not know yet, for a while; storing a send's provider id takes its early acks and applies them
//! (docs/providers.md#events). Bookkeeping, not data: not in backups.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, pk_auto, string, string_len, timestamp_with_time_zone};

use crate::support::{create, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum EarlyAcks {
    Table,
    Id,
    InstanceId,
    ExternalId,
    Ack,
    ReceivedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                create(EarlyAcks::Table)
                    .col(pk_auto(EarlyAcks::Id))
                    .col(integer(EarlyAcks::InstanceId))
                    .col(string(EarlyAcks::ExternalId))
                    .col(string_len(EarlyAcks::Ack, 16))
                    .col(timestamp_with_time_zone(EarlyAcks::ReceivedAt))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_early_acks_instance_external",
                EarlyAcks::Table,
                [EarlyAcks::InstanceId, EarlyAcks::ExternalId],
                false,
            ))
            .await?;
        manager.create_index(index("ix_early_acks_received_at", EarlyAcks::Table, [EarlyAcks::ReceivedAt], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(EarlyAcks::Table).if_exists().to_owned()).await
    }
}
