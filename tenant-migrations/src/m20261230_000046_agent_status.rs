//! An agent's status (issue 46, docs/service-levels.md#agent-status): online, ausente (with an
//! optional reason: almoço, reunião…) or offline. Offline is the specification's
//! `isConnected = false` (the `disconnected` mutation); ausente is new: the person stays connected
//! — transfers addressed to them still reach them, the supervisors see where they are — but is
//! offered no new work. `status_since` is when the status they chose began ("ausente há 12 min").

use sea_orm_migration::{
    prelude::*,
    schema::{boolean, string_len_null},
};

use crate::support::{add_column, drop_column, tz_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        add_column(manager, "users", boolean(Alias::new("away")).default(false).to_owned()).await?;
        add_column(manager, "users", string_len_null(Alias::new("away_reason"), 60)).await?;
        add_column(manager, "users", tz_null(Alias::new("status_since"))).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_column(manager, "users", "status_since").await?;
        drop_column(manager, "users", "away_reason").await?;
        drop_column(manager, "users", "away").await
    }
}
