//! Campaigns that send and webhooks that deliver (docs/campaigns.md), on the round-1 tables:
//!
//! - `campaigns` gains the message `body`, why the server paused it (`paused_reason`), who
//!   created it, and the pre-flight figures of its creation (duplicates removed, blacklisted
//!   skipped, invalid phones);
//! - `campaign_recipients` gains the `message_id` of its send (set in the transaction that queues
//!   it: a recipient with one is never queued again, which is what makes a restart safe), the
//!   import's custom `fields` (JSON), and `status_at`, when its status last moved (the operators'
//!   replay selects by it); unique per campaign and customer (duplicates are removed at creation);
//! - `instance_send_rates`: each instance's campaign rate (messages per minute, shared by its
//!   running campaigns) and the next free send slot;
//! - `webhook_endpoints` gains a description, the previous secret and until when it still signs
//!   (rotation), the count of deliveries given up in a row, and why it was disabled;
//! - `webhook_attempts`: one row per delivery attempt (status code, duration, error), the log.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, integer_null, pk_auto, string_len_null, text_null};

use crate::support::{add_column, create, drop_column, drop_tables, index, now_default, tz_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CampaignRecipients {
    Table,
    CampaignId,
    CustomerId,
    MessageId,
    Status,
    StatusAt,
    Id,
}

#[derive(DeriveIden)]
enum InstanceSendRates {
    Table,
    InstanceId,
    RatePerMinute,
    NextSlotAt,
}

#[derive(DeriveIden)]
enum WebhookAttempts {
    Table,
    Id,
    DeliveryId,
    At,
    StatusCode,
    DurationMs,
    Error,
}

#[derive(DeriveIden)]
enum WebhookDeliveries {
    Table,
    EndpointId,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        add_column(manager, "campaigns", text_null(Alias::new("body"))).await?;
        add_column(manager, "campaigns", string_len_null(Alias::new("paused_reason"), 40)).await?;
        add_column(manager, "campaigns", integer_null(Alias::new("created_by_user_id"))).await?;
        for column in ["duplicates_removed", "blacklisted_skipped", "invalid_count"] {
            add_column(manager, "campaigns", integer(Alias::new(column)).default(0).to_owned()).await?;
        }

        add_column(manager, "campaign_recipients", integer_null(CampaignRecipients::MessageId)).await?;
        add_column(manager, "campaign_recipients", text_null(Alias::new("fields"))).await?;
        add_column(manager, "campaign_recipients", now_default(backend, CampaignRecipients::StatusAt)).await?;
        for (name, columns, unique) in [
            (
                "ux_campaign_recipients_campaign_customer",
                vec![CampaignRecipients::CampaignId, CampaignRecipients::CustomerId],
                true,
            ),
            (
                "ix_campaign_recipients_campaign_status_id",
                vec![CampaignRecipients::CampaignId, CampaignRecipients::Status, CampaignRecipients::Id],
                false,
            ),
            ("ix_campaign_recipients_message_id", vec![CampaignRecipients::MessageId], false),
            (
                "ix_campaign_recipients_status_status_at",
                vec![CampaignRecipients::Status, CampaignRecipients::StatusAt],
                false,
            ),
        ] {
            manager.create_index(index(name, CampaignRecipients::Table, columns, unique)).await?;
        }

        manager
            .create_table(
                create(InstanceSendRates::Table)
                    .col(integer(InstanceSendRates::InstanceId).primary_key())
                    .col(integer(InstanceSendRates::RatePerMinute).default(20))
                    .col(tz_null(InstanceSendRates::NextSlotAt))
                    .take(),
            )
            .await?;

        add_column(manager, "webhook_endpoints", text_null(Alias::new("description"))).await?;
        add_column(manager, "webhook_endpoints", string_len_null(Alias::new("previous_secret"), 512)).await?;
        add_column(manager, "webhook_endpoints", tz_null(Alias::new("previous_secret_until"))).await?;
        add_column(manager, "webhook_endpoints", tz_null(Alias::new("secret_rotated_at"))).await?;
        add_column(manager, "webhook_endpoints", integer(Alias::new("failure_count")).default(0).to_owned()).await?;
        add_column(manager, "webhook_endpoints", string_len_null(Alias::new("disabled_reason"), 200)).await?;

        manager
            .create_table(
                create(WebhookAttempts::Table)
                    .col(pk_auto(WebhookAttempts::Id))
                    .col(integer(WebhookAttempts::DeliveryId))
                    .col(now_default(backend, WebhookAttempts::At))
                    .col(integer_null(WebhookAttempts::StatusCode))
                    .col(integer(WebhookAttempts::DurationMs).default(0))
                    .col(text_null(WebhookAttempts::Error))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_webhook_attempts_delivery_id",
                WebhookAttempts::Table,
                [WebhookAttempts::DeliveryId],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_webhook_deliveries_endpoint_id_id",
                WebhookDeliveries::Table,
                [WebhookDeliveries::EndpointId, WebhookDeliveries::Id],
                false,
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(manager, vec![WebhookAttempts::Table.into_iden(), InstanceSendRates::Table.into_iden()]).await?;
        for index_name in [
            "ux_campaign_recipients_campaign_customer",
            "ix_campaign_recipients_campaign_status_id",
            "ix_campaign_recipients_message_id",
            "ix_campaign_recipients_status_status_at",
            "ix_webhook_deliveries_endpoint_id_id",
        ] {
            manager.get_connection().execute_unprepared(&format!("DROP INDEX IF EXISTS {index_name}")).await?;
        }
        for column in [
            "description",
            "previous_secret",
            "previous_secret_until",
            "secret_rotated_at",
            "failure_count",
            "disabled_reason",
        ] {
            drop_column(manager, "webhook_endpoints", column).await?;
        }
        for column in ["message_id", "fields", "status_at"] {
            drop_column(manager, "campaign_recipients", column).await?;
        }
        for column in [
            "body",
            "paused_reason",
            "created_by_user_id",
            "duplicates_removed",
            "blacklisted_skipped",
            "invalid_count",
        ] {
            drop_column(manager, "campaigns", column).await?;
        }
        Ok(())
    }
}
