//! Tags (etiquetas, issue 45, docs/tags.md): one model for tickets and customers. A tag has a name
//! (unique by `name_key`, its accent- and case-folded form, so "Orçamento" and "orcamento" are one
//! tag), a colour and, when the administrator put it on the kanban board, its column's place
//! (`board_position`). `ticket_tags` and `customer_tags` apply a tag once per ticket or customer;
//! `(tag_id, …)` serves the queue's and the board's filter, the unique pair the ticket's or the
//! customer's own tags (read beside every page of tickets).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, integer_null, pk_auto, string_len};

use crate::support::{create, fk, index, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tags {
    Table,
    Id,
    Name,
    NameKey,
    Color,
    BoardPosition,
    CreatedBy,
}

#[derive(DeriveIden)]
enum TicketTags {
    Table,
    Id,
    TicketId,
    TagId,
    CreatedBy,
}

#[derive(DeriveIden)]
enum CustomerTags {
    Table,
    Id,
    CustomerId,
    TagId,
    CreatedBy,
}

#[derive(DeriveIden)]
enum Tickets {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Customers {
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
                create(Tags::Table)
                    .col(pk_auto(Tags::Id))
                    .col(string_len(Tags::Name, 40))
                    .col(string_len(Tags::NameKey, 40))
                    .col(string_len(Tags::Color, 7))
                    .col(integer_null(Tags::BoardPosition))
                    .col(integer_null(Tags::CreatedBy))
                    .take(),
            ))
            .await?;
        manager.create_index(index("ux_tags_name_key", Tags::Table, [Tags::NameKey], true)).await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(TicketTags::Table)
                    .col(pk_auto(TicketTags::Id))
                    .col(integer(TicketTags::TicketId))
                    .col(integer(TicketTags::TagId))
                    .col(integer_null(TicketTags::CreatedBy))
                    .foreign_key(&mut fk(
                        TicketTags::Table,
                        TicketTags::TicketId,
                        Tickets::Table,
                        Tickets::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        TicketTags::Table,
                        TicketTags::TagId,
                        Tags::Table,
                        Tags::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_ticket_tags_ticket_tag",
                TicketTags::Table,
                [TicketTags::TicketId, TicketTags::TagId],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_ticket_tags_tag_ticket",
                TicketTags::Table,
                [TicketTags::TagId, TicketTags::TicketId],
                false,
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(CustomerTags::Table)
                    .col(pk_auto(CustomerTags::Id))
                    .col(integer(CustomerTags::CustomerId))
                    .col(integer(CustomerTags::TagId))
                    .col(integer_null(CustomerTags::CreatedBy))
                    .foreign_key(&mut fk(
                        CustomerTags::Table,
                        CustomerTags::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        CustomerTags::Table,
                        CustomerTags::TagId,
                        Tags::Table,
                        Tags::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_customer_tags_customer_tag",
                CustomerTags::Table,
                [CustomerTags::CustomerId, CustomerTags::TagId],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_customer_tags_tag_customer",
                CustomerTags::Table,
                [CustomerTags::TagId, CustomerTags::CustomerId],
                false,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(CustomerTags::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(TicketTags::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(Tags::Table).if_exists().to_owned()).await
    }
}
