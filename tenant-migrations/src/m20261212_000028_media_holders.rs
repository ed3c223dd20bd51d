//! Media held by something other than a message (issue 43): a campaign's attachment
//! (`campaigns.media_id`, `campaigns.media_file_name`) and the files of other documents — the bot's
//! answers today, quick replies later — as `media_holds` rows (`holder` names the document, e.g.
//! `bot:0`). The retention's "media no message holds" also looks here, so an attachment waiting in a
//! bot's menu or a draft campaign is never pruned.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, integer_null, pk_auto, string_len, string_len_null};

use crate::support::{create, index, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MediaHolds {
    Table,
    Id,
    MediaId,
    Holder,
}

#[derive(DeriveIden)]
enum Campaigns {
    Table,
    MediaId,
    MediaFileName,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(with_timestamps(
                backend,
                create(MediaHolds::Table)
                    .col(pk_auto(MediaHolds::Id))
                    .col(integer(MediaHolds::MediaId))
                    .col(string_len(MediaHolds::Holder, 40))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index("ux_media_holds", MediaHolds::Table, [MediaHolds::Holder, MediaHolds::MediaId], true))
            .await?;
        manager.create_index(index("ix_media_holds_media", MediaHolds::Table, [MediaHolds::MediaId], false)).await?;
        let columns = [
            ("media_id", integer_null(Campaigns::MediaId)),
            ("media_file_name", string_len_null(Campaigns::MediaFileName, 120)),
        ];
        for (name, mut column) in columns {
            if !manager.has_column("campaigns", name).await? {
                manager.alter_table(Table::alter().table(Campaigns::Table).add_column(&mut column).to_owned()).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Campaigns::MediaFileName, Campaigns::MediaId] {
            manager.alter_table(Table::alter().table(Campaigns::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(MediaHolds::Table).if_exists().to_owned()).await
    }
}
