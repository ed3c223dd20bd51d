//! Quick replies and scheduled messages carry what a message carries (issue 45, decision 195): a
//! file (`media_id`, `file_name`; the medium is stored once and held by `media_holds` under
//! `quick_reply:{id}` / `scheduled:{id}`) or an official number's approved template (`template_id`
//! and the values of its `{{n}}`, which may hold the reply variables, as a JSON array). Templates a
//! sync removes leave the column pointing nowhere: readers join and find nothing.
//!
//! `quick_reply_uses`: one row per reply per message sent with it, by whom, on which instance and
//! department — the productivity report counts an agent's uses over a period from it
//! (`(used_at, user_id)`). No foreign key to the reply: an agent's uses stay counted after the
//! reply is deleted.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, integer_null, pk_auto, string_len_null, text_null};

use crate::support::{add_column, create, drop_column, drop_tables, index, now_default};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum QuickReplies {
    MediaId,
    FileName,
    TemplateId,
    TemplateParameters,
}

#[derive(DeriveIden)]
enum ScheduledMessages {
    MediaId,
    FileName,
    TemplateId,
    TemplateParameters,
}

#[derive(DeriveIden)]
enum QuickReplyUses {
    Table,
    Id,
    QuickReplyId,
    UserId,
    TicketId,
    InstanceId,
    DepartmentId,
    UsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        add_column(manager, "quick_replies", integer_null(QuickReplies::MediaId)).await?;
        add_column(manager, "quick_replies", string_len_null(QuickReplies::FileName, 120)).await?;
        add_column(manager, "quick_replies", integer_null(QuickReplies::TemplateId)).await?;
        add_column(manager, "quick_replies", text_null(QuickReplies::TemplateParameters)).await?;
        add_column(manager, "scheduled_messages", integer_null(ScheduledMessages::MediaId)).await?;
        add_column(manager, "scheduled_messages", string_len_null(ScheduledMessages::FileName, 120)).await?;
        add_column(manager, "scheduled_messages", integer_null(ScheduledMessages::TemplateId)).await?;
        add_column(manager, "scheduled_messages", text_null(ScheduledMessages::TemplateParameters)).await?;

        manager
            .create_table(
                create(QuickReplyUses::Table)
                    .col(pk_auto(QuickReplyUses::Id))
                    .col(integer(QuickReplyUses::QuickReplyId))
                    .col(integer(QuickReplyUses::UserId))
                    .col(integer_null(QuickReplyUses::TicketId))
                    .col(integer(QuickReplyUses::InstanceId))
                    .col(integer_null(QuickReplyUses::DepartmentId))
                    .col(now_default(backend, QuickReplyUses::UsedAt))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_quick_reply_uses_used_user",
                QuickReplyUses::Table,
                [QuickReplyUses::UsedAt, QuickReplyUses::UserId],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_quick_reply_uses_reply",
                QuickReplyUses::Table,
                [QuickReplyUses::QuickReplyId],
                false,
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(manager, vec![QuickReplyUses::Table.into_iden()]).await?;
        for column in ["media_id", "file_name", "template_id", "template_parameters"] {
            drop_column(manager, "quick_replies", column).await?;
            drop_column(manager, "scheduled_messages", column).await?;
        }
        Ok(())
    }
}
