//! Quick replies (respostas rápidas, issue 45, docs/quick-replies.md): texts an agent inserts with
//! `/` in the composer. A reply belongs to the whole tenant, to one department or to one user
//! (`scope`); `owner` spells that in one column (`tenant`, `department:{id}`, `user:{id}`) so a
//! shortcut is unique per owner with a plain unique index on both backends (a unique index over
//! nullable `department_id`/`user_id` would let two tenant-wide `/boleto` in, NULLs being
//! distinct). `uses` counts the messages sent with it.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, integer_null, pk_auto, string_len, text};

use crate::support::{create, fk, index, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum QuickReplies {
    Table,
    Id,
    Shortcut,
    Body,
    Scope,
    Owner,
    DepartmentId,
    UserId,
    Uses,
    CreatedBy,
}

#[derive(DeriveIden)]
enum Departments {
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
                create(QuickReplies::Table)
                    .col(pk_auto(QuickReplies::Id))
                    .col(string_len(QuickReplies::Shortcut, 40))
                    .col(text(QuickReplies::Body))
                    .col(string_len(QuickReplies::Scope, 16))
                    .col(string_len(QuickReplies::Owner, 32))
                    .col(integer_null(QuickReplies::DepartmentId))
                    .col(integer_null(QuickReplies::UserId))
                    .col(integer(QuickReplies::Uses).default(0))
                    .col(integer_null(QuickReplies::CreatedBy))
                    // A department or user that goes takes its replies along.
                    .foreign_key(&mut fk(
                        QuickReplies::Table,
                        QuickReplies::DepartmentId,
                        Departments::Table,
                        Departments::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        QuickReplies::Table,
                        QuickReplies::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_quick_replies_owner_shortcut",
                QuickReplies::Table,
                [QuickReplies::Owner, QuickReplies::Shortcut],
                true,
            ))
            .await?;
        manager
            .create_index(index("ix_quick_replies_shortcut", QuickReplies::Table, [QuickReplies::Shortcut], false))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(QuickReplies::Table).if_exists().to_owned()).await
    }
}
