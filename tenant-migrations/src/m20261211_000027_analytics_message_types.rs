//! Messages counted by what they carry (issue 43, docs/analytics.md#definitions): photos, audio
//! (voice notes included), video, documents and the rest (stickers, locations, contact cards,
//! unsupported types) beside the text, in the daily aggregates and both roll-ups. Text is what is
//! left of `messages_in + messages_out`.
//!
//! The past days' new columns start at 0: the sync's start mark is cleared, so its next run
//! recomputes every day (as `analytics sync --force` would) and `analytics verify` agrees again.

use sea_orm_migration::{prelude::*, schema::integer};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The new counts, in the order the sync writes them.
pub const MESSAGE_TYPE_COUNTS: [&str; 5] =
    ["messages_image", "messages_audio", "messages_video", "messages_document", "messages_other"];

const TABLES: [&str; 3] = ["analytics_daily", "analytics_units", "analytics_agents"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            for column in MESSAGE_TYPE_COUNTS {
                // One column per statement: SQLite alters one thing at a time.
                manager
                    .alter_table(
                        Table::alter()
                            .table(Alias::new(table))
                            .add_column(integer(Alias::new(column)).default(0))
                            .to_owned(),
                    )
                    .await?;
            }
        }
        crate::support::resync_analytics(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            for column in MESSAGE_TYPE_COUNTS {
                manager
                    .alter_table(Table::alter().table(Alias::new(table)).drop_column(Alias::new(column)).to_owned())
                    .await?;
            }
        }
        Ok(())
    }
}
