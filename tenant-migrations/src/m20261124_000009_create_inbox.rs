//! The staff inbox (docs/inbox.md): what the ticket list is ordered and searched by
//! (`last_activity_at`, a preview of the last message, the agent's unread count), outbound
//! messages' idempotency key and failure reason, lines that are part of the conversation but not
//! sent to the customer (`kind` = `note`: transfers), transfer notes, the outbox the worker
//! delivers from (`jobs`), and the provider events already received (`provider_events`: a replayed
//! `webhook-id` is answered without being processed twice).

use sea_orm_migration::{
    prelude::*,
    schema::{integer, integer_null, pk_auto, string, string_null, text, text_null, timestamp_with_time_zone},
};

use crate::support::{add_column, create, drop_column, index, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tickets {
    Table,
    Status,
    InstanceId,
    LastActivityAt,
    Id,
}

#[derive(DeriveIden)]
enum Messages {
    Table,
    ClientId,
    TicketId,
    Id,
}

#[derive(DeriveIden)]
enum TicketTransfers {
    Table,
    ToUserId,
    ToDepartmentId,
    TicketId,
    Status,
}

#[derive(DeriveIden)]
enum Jobs {
    Table,
    Id,
    Kind,
    Payload,
    Status,
    Attempts,
    RunAt,
    LockedUntil,
    LastError,
}

#[derive(DeriveIden)]
enum ProviderEvents {
    Table,
    Id,
    InstanceId,
    EventId,
    ReceivedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        add_column(manager, "tickets", tz_null(Tickets::LastActivityAt)).await?;
        add_column(manager, "tickets", string_null(Alias::new("last_message_preview"))).await?;
        add_column(manager, "tickets", integer(Alias::new("unread_count")).default(0).to_owned()).await?;
        // Existing tickets' last activity is what the data knows of it.
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE tickets SET last_activity_at = COALESCE(closed_at, first_response_at, opened_at) \
                 WHERE last_activity_at IS NULL",
            )
            .await?;
        for (name, columns) in [
            ("ix_tickets_activity", vec![Tickets::LastActivityAt, Tickets::Id]),
            ("ix_tickets_status_activity", vec![Tickets::Status, Tickets::LastActivityAt, Tickets::Id]),
            ("ix_tickets_instance_activity", vec![Tickets::InstanceId, Tickets::LastActivityAt, Tickets::Id]),
        ] {
            manager.create_index(index(name, Tickets::Table, columns, false)).await?;
        }

        add_column(manager, "messages", string_null(Messages::ClientId)).await?;
        add_column(manager, "messages", string(Alias::new("kind")).default("text").to_owned()).await?;
        add_column(manager, "messages", string_null(Alias::new("error"))).await?;
        manager.create_index(index("ux_messages_client_id", Messages::Table, [Messages::ClientId], true)).await?;
        manager
            .create_index(index("ix_messages_ticket_id_id", Messages::Table, [Messages::TicketId, Messages::Id], false))
            .await?;

        add_column(manager, "ticket_transfers", text_null(Alias::new("note"))).await?;
        add_column(manager, "ticket_transfers", integer_null(Alias::new("from_department_id"))).await?;
        add_column(manager, "ticket_transfers", integer_null(Alias::new("requested_by_user_id"))).await?;
        for (name, columns) in [
            ("ix_ticket_transfers_to_user_status", vec![TicketTransfers::ToUserId, TicketTransfers::Status]),
            (
                "ix_ticket_transfers_to_department_status",
                vec![TicketTransfers::ToDepartmentId, TicketTransfers::Status],
            ),
            ("ix_ticket_transfers_ticket_status", vec![TicketTransfers::TicketId, TicketTransfers::Status]),
        ] {
            manager.create_index(index(name, TicketTransfers::Table, columns, false)).await?;
        }

        manager
            .create_table(with_timestamps(
                backend,
                create(Jobs::Table)
                    .col(pk_auto(Jobs::Id))
                    .col(string(Jobs::Kind))
                    .col(text(Jobs::Payload))
                    .col(string(Jobs::Status).default("pending"))
                    .col(integer(Jobs::Attempts).default(0))
                    .col(timestamp_with_time_zone(Jobs::RunAt))
                    .col(tz_null(Jobs::LockedUntil))
                    .col(text_null(Jobs::LastError))
                    .take(),
            ))
            .await?;
        manager.create_index(index("ix_jobs_status_run_at", Jobs::Table, [Jobs::Status, Jobs::RunAt], false)).await?;

        manager
            .create_table(
                create(ProviderEvents::Table)
                    .col(pk_auto(ProviderEvents::Id))
                    .col(integer(ProviderEvents::InstanceId))
                    .col(string(ProviderEvents::EventId))
                    .col(timestamp_with_time_zone(ProviderEvents::ReceivedAt))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_provider_events_instance_event",
                ProviderEvents::Table,
                [ProviderEvents::InstanceId, ProviderEvents::EventId],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_provider_events_received_at",
                ProviderEvents::Table,
                [ProviderEvents::ReceivedAt],
                false,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ProviderEvents::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(Jobs::Table).if_exists().to_owned()).await?;
        for index in [
            "ix_ticket_transfers_to_user_status",
            "ix_ticket_transfers_to_department_status",
            "ix_ticket_transfers_ticket_status",
        ] {
            manager.drop_index(Index::drop().if_exists().name(index).table(TicketTransfers::Table).to_owned()).await?;
        }
        for column in ["requested_by_user_id", "from_department_id", "note"] {
            drop_column(manager, "ticket_transfers", column).await?;
        }
        for index in ["ux_messages_client_id", "ix_messages_ticket_id_id"] {
            manager.drop_index(Index::drop().if_exists().name(index).table(Messages::Table).to_owned()).await?;
        }
        for column in ["error", "kind", "client_id"] {
            drop_column(manager, "messages", column).await?;
        }
        for index in ["ix_tickets_activity", "ix_tickets_status_activity", "ix_tickets_instance_activity"] {
            manager.drop_index(Index::drop().if_exists().name(index).table(Tickets::Table).to_owned()).await?;
        }
        for column in ["unread_count", "last_message_preview", "last_activity_at"] {
            drop_column(manager, "tickets", column).await?;
        }
        Ok(())
    }
}
