//! `chats.last_message_at` and `chats.unread_count` go: nothing reads them. A ticket carries its
//! conversation's activity (`tickets.last_activity_at`, `unread_count`, `last_message_preview`)
//! and the inbox reads only those, while every inbound message still paid one more statement to
//! keep the chat's copy — which message sync never kept anyway. A chat's last message is the
//! latest of its messages (`ix_messages_chat_sent_at`), should anything need it.

use sea_orm_migration::prelude::*;

use crate::support::{add_column, drop_column};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_column(manager, "chats", "last_message_at").await?;
        drop_column(manager, "chats", "unread_count").await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        add_column(
            manager,
            "chats",
            ColumnDef::new(Alias::new("last_message_at")).timestamp_with_time_zone().null().to_owned(),
        )
        .await?;
        add_column(
            manager,
            "chats",
            ColumnDef::new(Alias::new("unread_count")).integer().not_null().default(0).to_owned(),
        )
        .await
    }
}
