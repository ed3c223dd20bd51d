//! Internal notes' mentions and ticket shares (issue 45, docs/notes.md).
//!
//! A note is a message of `kind` `internal` (no table of its own: it sits in the conversation, in
//! order, and the message pages, attachments and search read it like any line). `mentions` is one
//! row per person named with `@` in a note, read or not: the "Menções" list and its unread count
//! read it by `(user_id, id)`. `ticket_shares` lets a person who does not see a ticket see it
//! because a colleague asked them in (`pending` until they accept, `accepted`, or `declined`);
//! the inbox's visibility rule reads it like it reads pending transfers.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, integer_null, pk_auto, string_len};

use crate::support::{create, fk, index, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Mentions {
    Table,
    Id,
    MessageId,
    TicketId,
    UserId,
    AuthorId,
    ReadAt,
}

#[derive(DeriveIden)]
enum TicketShares {
    Table,
    Id,
    TicketId,
    UserId,
    RequestedBy,
    Status,
    DecidedAt,
}

#[derive(DeriveIden)]
enum Messages {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Tickets {
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
                create(Mentions::Table)
                    .col(pk_auto(Mentions::Id))
                    .col(integer(Mentions::MessageId))
                    .col(integer(Mentions::TicketId))
                    .col(integer(Mentions::UserId))
                    .col(integer_null(Mentions::AuthorId))
                    .col(tz_null(Mentions::ReadAt))
                    .foreign_key(&mut fk(
                        Mentions::Table,
                        Mentions::MessageId,
                        Messages::Table,
                        Messages::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        Mentions::Table,
                        Mentions::TicketId,
                        Tickets::Table,
                        Tickets::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        Mentions::Table,
                        Mentions::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        Mentions::Table,
                        Mentions::AuthorId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::SetNull,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_mentions_message_user",
                Mentions::Table,
                [Mentions::MessageId, Mentions::UserId],
                true,
            ))
            .await?;
        manager
            .create_index(index("ix_mentions_user", Mentions::Table, [Mentions::UserId, Mentions::Id], false))
            .await?;
        manager
            .create_table(with_timestamps(
                backend,
                create(TicketShares::Table)
                    .col(pk_auto(TicketShares::Id))
                    .col(integer(TicketShares::TicketId))
                    .col(integer(TicketShares::UserId))
                    .col(integer_null(TicketShares::RequestedBy))
                    .col(string_len(TicketShares::Status, 16))
                    .col(tz_null(TicketShares::DecidedAt))
                    .foreign_key(&mut fk(
                        TicketShares::Table,
                        TicketShares::TicketId,
                        Tickets::Table,
                        Tickets::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        TicketShares::Table,
                        TicketShares::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        TicketShares::Table,
                        TicketShares::RequestedBy,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::SetNull,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_ticket_shares_ticket_user",
                TicketShares::Table,
                [TicketShares::TicketId, TicketShares::UserId],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_ticket_shares_user",
                TicketShares::Table,
                [TicketShares::UserId, TicketShares::Status],
                false,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(TicketShares::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(Mentions::Table).if_exists().to_owned()).await
    }
}
