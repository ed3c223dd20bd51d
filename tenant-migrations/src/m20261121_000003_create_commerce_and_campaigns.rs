//! Orders, campaigns with their recipients, and the outbound webhook endpoints with their delivery
//! outbox (docs/contracts.md#api-conventions, Standard Webhooks).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, boolean, integer, integer_null, json, pk_auto, string, string_uniq, text, text_null,
    timestamp_with_time_zone,
};

use crate::m20261121_000001_create_directory::{Instances, Users};
use crate::m20261121_000002_create_chat::{Customers, Tickets};
use crate::support::{create, drop_tables, fk, index, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
pub(crate) enum Orders {
    Table,
    Id,
    CustomerId,
    TicketId,
    InstanceId,
    UserId,
    ValueCents,
    Status,
    OrderedAt,
}

#[derive(DeriveIden)]
pub(crate) enum Campaigns {
    Table,
    Id,
    Name,
    InstanceId,
    Status,
    ScheduledAt,
    StartedAt,
    FinishedAt,
}

#[derive(DeriveIden)]
pub(crate) enum CampaignRecipients {
    Table,
    Id,
    CampaignId,
    CustomerId,
    Status,
    SentAt,
    Error,
}

#[derive(DeriveIden)]
pub(crate) enum WebhookEndpoints {
    Table,
    Id,
    Url,
    Secret,
    EventTypes,
    Enabled,
    DisabledAt,
}

#[derive(DeriveIden)]
pub(crate) enum WebhookDeliveries {
    Table,
    Id,
    WebhookId,
    EndpointId,
    EventType,
    Payload,
    Status,
    Attempts,
    NextAttemptAt,
    LastStatusCode,
    LastError,
    DeliveredAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(with_timestamps(
                backend,
                create(Orders::Table)
                    .col(pk_auto(Orders::Id))
                    .col(integer(Orders::CustomerId))
                    .col(integer_null(Orders::TicketId))
                    .col(integer_null(Orders::InstanceId))
                    .col(integer_null(Orders::UserId))
                    .col(big_integer(Orders::ValueCents))
                    .col(string(Orders::Status).default("pending"))
                    .col(timestamp_with_time_zone(Orders::OrderedAt))
                    .foreign_key(&mut fk(
                        Orders::Table,
                        Orders::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Orders::Table,
                        Orders::TicketId,
                        Tickets::Table,
                        Tickets::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Orders::Table,
                        Orders::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Orders::Table,
                        Orders::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            ))
            .await?;
        for (name, columns) in [
            ("ix_orders_ordered_at", vec![Orders::OrderedAt]),
            ("ix_orders_user_ordered_at", vec![Orders::UserId, Orders::OrderedAt]),
            ("ix_orders_customer_id", vec![Orders::CustomerId]),
            ("ix_orders_ticket_id", vec![Orders::TicketId]),
        ] {
            manager.create_index(index(name, Orders::Table, columns, false)).await?;
        }

        manager
            .create_table(with_timestamps(
                backend,
                create(Campaigns::Table)
                    .col(pk_auto(Campaigns::Id))
                    .col(string(Campaigns::Name))
                    .col(integer(Campaigns::InstanceId))
                    .col(string(Campaigns::Status).default("draft"))
                    .col(tz_null(Campaigns::ScheduledAt))
                    .col(tz_null(Campaigns::StartedAt))
                    .col(tz_null(Campaigns::FinishedAt))
                    .foreign_key(&mut fk(
                        Campaigns::Table,
                        Campaigns::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index("ix_campaigns_instance_id", Campaigns::Table, [Campaigns::InstanceId], false))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(CampaignRecipients::Table)
                    .col(pk_auto(CampaignRecipients::Id))
                    .col(integer(CampaignRecipients::CampaignId))
                    .col(integer(CampaignRecipients::CustomerId))
                    .col(string(CampaignRecipients::Status).default("pending"))
                    .col(tz_null(CampaignRecipients::SentAt))
                    .col(text_null(CampaignRecipients::Error))
                    .foreign_key(&mut fk(
                        CampaignRecipients::Table,
                        CampaignRecipients::CampaignId,
                        Campaigns::Table,
                        Campaigns::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        CampaignRecipients::Table,
                        CampaignRecipients::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .take(),
            ))
            .await?;
        for (name, columns) in [
            (
                "ix_campaign_recipients_campaign_status",
                vec![CampaignRecipients::CampaignId, CampaignRecipients::Status],
            ),
            ("ix_campaign_recipients_customer_id", vec![CampaignRecipients::CustomerId]),
        ] {
            manager.create_index(index(name, CampaignRecipients::Table, columns, false)).await?;
        }

        manager
            .create_table(with_timestamps(
                backend,
                create(WebhookEndpoints::Table)
                    .col(pk_auto(WebhookEndpoints::Id))
                    .col(string(WebhookEndpoints::Url))
                    .col(string(WebhookEndpoints::Secret))
                    .col(json(WebhookEndpoints::EventTypes))
                    .col(boolean(WebhookEndpoints::Enabled).default(true))
                    .col(tz_null(WebhookEndpoints::DisabledAt))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(WebhookDeliveries::Table)
                    .col(pk_auto(WebhookDeliveries::Id))
                    .col(string_uniq(WebhookDeliveries::WebhookId))
                    .col(integer(WebhookDeliveries::EndpointId))
                    .col(string(WebhookDeliveries::EventType))
                    .col(text(WebhookDeliveries::Payload))
                    .col(string(WebhookDeliveries::Status).default("pending"))
                    .col(integer(WebhookDeliveries::Attempts).default(0))
                    .col(tz_null(WebhookDeliveries::NextAttemptAt))
                    .col(integer_null(WebhookDeliveries::LastStatusCode))
                    .col(text_null(WebhookDeliveries::LastError))
                    .col(tz_null(WebhookDeliveries::DeliveredAt))
                    .foreign_key(&mut fk(
                        WebhookDeliveries::Table,
                        WebhookDeliveries::EndpointId,
                        WebhookEndpoints::Table,
                        WebhookEndpoints::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        for (name, columns) in [
            (
                "ix_webhook_deliveries_status_next_attempt_at",
                vec![WebhookDeliveries::Status, WebhookDeliveries::NextAttemptAt],
            ),
            ("ix_webhook_deliveries_endpoint_id", vec![WebhookDeliveries::EndpointId]),
        ] {
            manager.create_index(index(name, WebhookDeliveries::Table, columns, false)).await?;
        }

        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                WebhookDeliveries::Table.into_iden(),
                WebhookEndpoints::Table.into_iden(),
                CampaignRecipients::Table.into_iden(),
                Campaigns::Table.into_iden(),
                Orders::Table.into_iden(),
            ],
        )
        .await
    }
}
