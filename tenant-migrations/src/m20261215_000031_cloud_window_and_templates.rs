//! The 24-hour customer-service window and message templates of official numbers (issue 44,
//! docs/providers.md#the-24-hour-window): `tickets.window_closes_at` is when free text stops being
//! accepted for the ticket's customer (24 h after their last message; `NULL` for numbers without
//! such a rule), and `message_templates` keeps each official number's templates as Meta last
//! reported them (synced on demand and when Meta reports a status change).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, pk_auto, string_len, string_len_null, text, text_null};

use crate::support::{create, fk, index, now_default, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tickets {
    Table,
    WindowClosesAt,
}

#[derive(DeriveIden)]
enum MessageTemplates {
    Table,
    Id,
    InstanceId,
    MetaId,
    Name,
    Language,
    Category,
    Status,
    Header,
    Body,
    Footer,
    Parameters,
    Examples,
    SyncedAt,
}

#[derive(DeriveIden)]
enum Instances {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        if !manager.has_column("tickets", "window_closes_at").await? {
            manager
                .alter_table(
                    Table::alter().table(Tickets::Table).add_column(tz_null(Tickets::WindowClosesAt)).to_owned(),
                )
                .await?;
        }
        manager
            .create_table(with_timestamps(
                backend,
                create(MessageTemplates::Table)
                    .col(pk_auto(MessageTemplates::Id))
                    .col(integer(MessageTemplates::InstanceId))
                    .col(string_len_null(MessageTemplates::MetaId, 64))
                    .col(string_len(MessageTemplates::Name, 512))
                    .col(string_len(MessageTemplates::Language, 16))
                    .col(string_len(MessageTemplates::Category, 32))
                    .col(string_len(MessageTemplates::Status, 32))
                    .col(text_null(MessageTemplates::Header))
                    .col(text(MessageTemplates::Body))
                    .col(text_null(MessageTemplates::Footer))
                    .col(integer(MessageTemplates::Parameters))
                    .col(text_null(MessageTemplates::Examples))
                    .col(now_default(backend, MessageTemplates::SyncedAt))
                    .foreign_key(&mut fk(
                        MessageTemplates::Table,
                        MessageTemplates::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_message_templates_instance_name_language",
                MessageTemplates::Table,
                [MessageTemplates::InstanceId, MessageTemplates::Name, MessageTemplates::Language],
                true,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MessageTemplates::Table).if_exists().to_owned()).await?;
        manager.alter_table(Table::alter().table(Tickets::Table).drop_column(Tickets::WindowClosesAt).to_owned()).await
    }
}
