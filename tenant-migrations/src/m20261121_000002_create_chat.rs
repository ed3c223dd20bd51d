//! Customers and their groups, chats, tickets, messages and ticket transfers.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    boolean, integer, integer_null, pk_auto, string, string_null, string_uniq, text, timestamp_with_time_zone,
};

use crate::m20261121_000001_create_directory::{ClosingReasons, Departments, Instances, Users};
use crate::support::{create, drop_tables, fk, index, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
pub(crate) enum Customers {
    Table,
    Id,
    Name,
    Phone,
    Email,
    Document,
    Blacklisted,
    BlacklistedAt,
}

#[derive(DeriveIden)]
pub(crate) enum CustomerGroups {
    Table,
    Id,
    Name,
}

#[derive(DeriveIden)]
pub(crate) enum CustomerGroupMembers {
    Table,
    Id,
    GroupId,
    CustomerId,
}

#[derive(DeriveIden)]
pub(crate) enum Chats {
    Table,
    Id,
    CustomerId,
    InstanceId,
    LastMessageAt,
    UnreadCount,
}

#[derive(DeriveIden)]
pub(crate) enum Tickets {
    Table,
    Id,
    Protocol,
    ChatId,
    CustomerId,
    InstanceId,
    DepartmentId,
    AssignedUserId,
    Status,
    OpenedAt,
    FirstResponseAt,
    ClosedAt,
    ClosingReasonId,
}

#[derive(DeriveIden)]
pub(crate) enum Messages {
    Table,
    Id,
    ChatId,
    TicketId,
    InstanceId,
    UserId,
    Direction,
    Body,
    Ack,
    ExternalId,
    SentAt,
}

#[derive(DeriveIden)]
pub(crate) enum TicketTransfers {
    Table,
    Id,
    TicketId,
    FromUserId,
    ToUserId,
    ToDepartmentId,
    Status,
    ResolvedAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(with_timestamps(
                backend,
                create(Customers::Table)
                    .col(pk_auto(Customers::Id))
                    .col(string(Customers::Name))
                    .col(string_uniq(Customers::Phone))
                    .col(string_null(Customers::Email))
                    .col(string_null(Customers::Document))
                    .col(boolean(Customers::Blacklisted).default(false))
                    .col(tz_null(Customers::BlacklistedAt))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(CustomerGroups::Table)
                    .col(pk_auto(CustomerGroups::Id))
                    .col(string_uniq(CustomerGroups::Name))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(CustomerGroupMembers::Table)
                    .col(pk_auto(CustomerGroupMembers::Id))
                    .col(integer(CustomerGroupMembers::GroupId))
                    .col(integer(CustomerGroupMembers::CustomerId))
                    .foreign_key(&mut fk(
                        CustomerGroupMembers::Table,
                        CustomerGroupMembers::GroupId,
                        CustomerGroups::Table,
                        CustomerGroups::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        CustomerGroupMembers::Table,
                        CustomerGroupMembers::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_customer_group_members_group_customer",
                CustomerGroupMembers::Table,
                [CustomerGroupMembers::GroupId, CustomerGroupMembers::CustomerId],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_customer_group_members_customer_id",
                CustomerGroupMembers::Table,
                [CustomerGroupMembers::CustomerId],
                false,
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(Chats::Table)
                    .col(pk_auto(Chats::Id))
                    .col(integer(Chats::CustomerId))
                    .col(integer(Chats::InstanceId))
                    .col(tz_null(Chats::LastMessageAt))
                    .col(integer(Chats::UnreadCount).default(0))
                    .foreign_key(&mut fk(
                        Chats::Table,
                        Chats::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Chats::Table,
                        Chats::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_chats_customer_instance",
                Chats::Table,
                [Chats::CustomerId, Chats::InstanceId],
                true,
            ))
            .await?;
        manager.create_index(index("ix_chats_instance_id", Chats::Table, [Chats::InstanceId], false)).await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(Tickets::Table)
                    .col(pk_auto(Tickets::Id))
                    .col(string_uniq(Tickets::Protocol))
                    .col(integer(Tickets::ChatId))
                    .col(integer(Tickets::CustomerId))
                    .col(integer(Tickets::InstanceId))
                    .col(integer_null(Tickets::DepartmentId))
                    .col(integer_null(Tickets::AssignedUserId))
                    .col(string(Tickets::Status).default("pending"))
                    .col(timestamp_with_time_zone(Tickets::OpenedAt))
                    .col(tz_null(Tickets::FirstResponseAt))
                    .col(tz_null(Tickets::ClosedAt))
                    .col(integer_null(Tickets::ClosingReasonId))
                    .foreign_key(&mut fk(
                        Tickets::Table,
                        Tickets::ChatId,
                        Chats::Table,
                        Chats::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Tickets::Table,
                        Tickets::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Tickets::Table,
                        Tickets::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Tickets::Table,
                        Tickets::DepartmentId,
                        Departments::Table,
                        Departments::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Tickets::Table,
                        Tickets::AssignedUserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Tickets::Table,
                        Tickets::ClosingReasonId,
                        ClosingReasons::Table,
                        ClosingReasons::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            ))
            .await?;
        for (name, columns) in [
            ("ix_tickets_opened_at", vec![Tickets::OpenedAt]),
            ("ix_tickets_closed_at", vec![Tickets::ClosedAt]),
            ("ix_tickets_assigned_user_opened_at", vec![Tickets::AssignedUserId, Tickets::OpenedAt]),
            ("ix_tickets_instance_opened_at", vec![Tickets::InstanceId, Tickets::OpenedAt]),
            ("ix_tickets_chat_id", vec![Tickets::ChatId]),
            ("ix_tickets_customer_id", vec![Tickets::CustomerId]),
            ("ix_tickets_status", vec![Tickets::Status]),
        ] {
            manager.create_index(index(name, Tickets::Table, columns, false)).await?;
        }

        manager
            .create_table(with_timestamps(
                backend,
                create(Messages::Table)
                    .col(pk_auto(Messages::Id))
                    .col(integer(Messages::ChatId))
                    .col(integer_null(Messages::TicketId))
                    .col(integer(Messages::InstanceId))
                    .col(integer_null(Messages::UserId))
                    .col(string(Messages::Direction))
                    .col(text(Messages::Body))
                    .col(string(Messages::Ack).default("sent"))
                    .col(string_null(Messages::ExternalId))
                    .col(timestamp_with_time_zone(Messages::SentAt))
                    .foreign_key(&mut fk(
                        Messages::Table,
                        Messages::ChatId,
                        Chats::Table,
                        Chats::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Messages::Table,
                        Messages::TicketId,
                        Tickets::Table,
                        Tickets::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Messages::Table,
                        Messages::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Messages::Table,
                        Messages::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            ))
            .await?;
        for (name, columns, unique) in [
            ("ux_messages_instance_external_id", vec![Messages::InstanceId, Messages::ExternalId], true),
            ("ix_messages_sent_at", vec![Messages::SentAt], false),
            ("ix_messages_chat_sent_at", vec![Messages::ChatId, Messages::SentAt], false),
            ("ix_messages_ticket_id", vec![Messages::TicketId], false),
        ] {
            manager.create_index(index(name, Messages::Table, columns, unique)).await?;
        }

        manager
            .create_table(with_timestamps(
                backend,
                create(TicketTransfers::Table)
                    .col(pk_auto(TicketTransfers::Id))
                    .col(integer(TicketTransfers::TicketId))
                    .col(integer_null(TicketTransfers::FromUserId))
                    .col(integer_null(TicketTransfers::ToUserId))
                    .col(integer_null(TicketTransfers::ToDepartmentId))
                    .col(string(TicketTransfers::Status).default("pending"))
                    .col(tz_null(TicketTransfers::ResolvedAt))
                    .foreign_key(&mut fk(
                        TicketTransfers::Table,
                        TicketTransfers::TicketId,
                        Tickets::Table,
                        Tickets::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        TicketTransfers::Table,
                        TicketTransfers::FromUserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        TicketTransfers::Table,
                        TicketTransfers::ToUserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        TicketTransfers::Table,
                        TicketTransfers::ToDepartmentId,
                        Departments::Table,
                        Departments::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            ))
            .await?;
        for (name, columns) in [
            ("ix_ticket_transfers_created_at", vec![TicketTransfers::CreatedAt]),
            ("ix_ticket_transfers_ticket_id", vec![TicketTransfers::TicketId]),
        ] {
            manager.create_index(index(name, TicketTransfers::Table, columns, false)).await?;
        }

        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                TicketTransfers::Table.into_iden(),
                Messages::Table.into_iden(),
                Tickets::Table.into_iden(),
                Chats::Table.into_iden(),
                CustomerGroupMembers::Table.into_iden(),
                CustomerGroups::Table.into_iden(),
                Customers::Table.into_iden(),
            ],
        )
        .await
    }
}
