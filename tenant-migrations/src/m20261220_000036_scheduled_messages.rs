//! Scheduled messages (agendamentos, issue 45, docs/scheduled-messages.md): a message an agent
//! writes now for a customer on an instance, sent by the worker at `send_at` through the outbox
//! (a `scheduled.send` job written with the row). `status` moves once: `scheduled` → `sent`,
//! `cancelled` or `failed`; the move to `sent` and the message it sends share one transaction, so
//! a job run twice sends once. `(customer_id, status)` serves the inbound path, which cancels a
//! customer's `cancel_if_customer_writes` messages when they write first.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    boolean, integer, integer_null, pk_auto, string_len, string_len_null, text, text_null,
};

use crate::support::{create, fk, index, now_default, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ScheduledMessages {
    Table,
    Id,
    CustomerId,
    InstanceId,
    UserId,
    Body,
    QuickReplyIds,
    SendAt,
    Status,
    CancelIfCustomerWrites,
    CancelReason,
    TicketId,
    MessageId,
    Error,
}

#[derive(DeriveIden)]
enum Customers {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Instances {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(with_timestamps(
                backend,
                create(ScheduledMessages::Table)
                    .col(pk_auto(ScheduledMessages::Id))
                    .col(integer(ScheduledMessages::CustomerId))
                    .col(integer(ScheduledMessages::InstanceId))
                    .col(integer_null(ScheduledMessages::UserId))
                    .col(text(ScheduledMessages::Body))
                    .col(text_null(ScheduledMessages::QuickReplyIds))
                    .col(now_default(backend, ScheduledMessages::SendAt))
                    .col(string_len(ScheduledMessages::Status, 16))
                    .col(boolean(ScheduledMessages::CancelIfCustomerWrites).default(true))
                    .col(string_len_null(ScheduledMessages::CancelReason, 32))
                    .col(integer_null(ScheduledMessages::TicketId))
                    .col(integer_null(ScheduledMessages::MessageId))
                    .col(text_null(ScheduledMessages::Error))
                    .foreign_key(&mut fk(
                        ScheduledMessages::Table,
                        ScheduledMessages::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        ScheduledMessages::Table,
                        ScheduledMessages::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        ScheduledMessages::Table,
                        ScheduledMessages::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::SetNull,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ix_scheduled_messages_customer",
                ScheduledMessages::Table,
                [ScheduledMessages::CustomerId, ScheduledMessages::Status],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_scheduled_messages_status_send_at",
                ScheduledMessages::Table,
                [ScheduledMessages::Status, ScheduledMessages::SendAt],
                false,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ScheduledMessages::Table).if_exists().to_owned()).await
    }
}
