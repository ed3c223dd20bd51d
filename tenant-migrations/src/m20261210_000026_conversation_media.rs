//! A conversation carries more than text (docs/media.md): a message has a content type, may hold a
//! stored medium (its bytes in object storage, deduplicated per tenant by SHA-256 in `media`), a
//! location or contact cards (`payload`, JSON), may quote an earlier message, and may be edited or
//! deleted by its sender; reactions live beside the message they react to, one per reactor.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, boolean, integer, integer_null, pk_auto, string, string_len, string_len_null, string_null, text_null,
};

use crate::support::{create, index, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Messages {
    Table,
    MessageType,
    MediaId,
    MediaStatus,
    MediaError,
    Payload,
    QuotedMessageId,
    QuotedExternalId,
    EditedAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum Media {
    Table,
    Id,
    Sha256,
    MimeType,
    Size,
    Width,
    Height,
    DurationMs,
    Waveform,
    HasThumbnail,
}

#[derive(DeriveIden)]
enum MessageReactions {
    Table,
    Id,
    MessageId,
    Reactor,
    UserId,
    Emoji,
    ExternalId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(with_timestamps(
                backend,
                create(Media::Table)
                    .col(pk_auto(Media::Id))
                    .col(string_len(Media::Sha256, 64).unique_key())
                    .col(string(Media::MimeType))
                    .col(big_integer(Media::Size))
                    .col(integer_null(Media::Width))
                    .col(integer_null(Media::Height))
                    .col(integer_null(Media::DurationMs))
                    .col(text_null(Media::Waveform))
                    .col(boolean(Media::HasThumbnail).default(false))
                    .take(),
            ))
            .await?;
        manager
            .create_table(with_timestamps(
                backend,
                create(MessageReactions::Table)
                    .col(pk_auto(MessageReactions::Id))
                    .col(integer(MessageReactions::MessageId))
                    // `customer`, or `user:{id}`: one reaction per reactor and message.
                    .col(string_len(MessageReactions::Reactor, 32))
                    .col(integer_null(MessageReactions::UserId))
                    .col(string_len(MessageReactions::Emoji, 32))
                    .col(string_null(MessageReactions::ExternalId))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_message_reactions_reactor",
                MessageReactions::Table,
                [MessageReactions::MessageId, MessageReactions::Reactor],
                true,
            ))
            .await?;
        // One column per statement: SQLite adds one at a time.
        let columns = [
            ("message_type", string_len(Messages::MessageType, 16).default("text").take()),
            ("media_id", integer_null(Messages::MediaId)),
            ("media_status", string_len_null(Messages::MediaStatus, 16)),
            ("media_error", text_null(Messages::MediaError)),
            ("payload", text_null(Messages::Payload)),
            ("quoted_message_id", integer_null(Messages::QuotedMessageId)),
            ("quoted_external_id", string_null(Messages::QuotedExternalId)),
            ("edited_at", tz_null(Messages::EditedAt)),
            ("revoked_at", tz_null(Messages::RevokedAt)),
        ];
        for (name, mut column) in columns {
            if !manager.has_column("messages", name).await? {
                manager.alter_table(Table::alter().table(Messages::Table).add_column(&mut column).to_owned()).await?;
            }
        }
        // The media still referenced (retention deletes the rest) and a medium's messages.
        manager.create_index(index("ix_messages_media", Messages::Table, [Messages::MediaId], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ix_messages_media").table(Messages::Table).to_owned()).await?;
        for column in [
            Messages::RevokedAt,
            Messages::EditedAt,
            Messages::QuotedExternalId,
            Messages::QuotedMessageId,
            Messages::Payload,
            Messages::MediaError,
            Messages::MediaStatus,
            Messages::MediaId,
            Messages::MessageType,
        ] {
            manager.alter_table(Table::alter().table(Messages::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(MessageReactions::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(Media::Table).if_exists().to_owned()).await
    }
}
