//! Guessing limits (docs/auth.md#guessing-limits): an account lock that expires (`locked_until`)
//! and doubles with each lock in a row (`lockouts`), and a per-user budget of wrong two-factor
//! codes (`two_factor_failures` since `two_factor_failures_since`).

use sea_orm_migration::{prelude::*, schema::integer};

use crate::support::{add_column, drop_column, tz_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        add_column(manager, "users", tz_null(Alias::new("locked_until"))).await?;
        add_column(manager, "users", integer(Alias::new("lockouts")).default(0).to_owned()).await?;
        add_column(manager, "user_settings", integer(Alias::new("two_factor_failures")).default(0).to_owned()).await?;
        add_column(manager, "user_settings", tz_null(Alias::new("two_factor_failures_since"))).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_column(manager, "user_settings", "two_factor_failures_since").await?;
        drop_column(manager, "user_settings", "two_factor_failures").await?;
        drop_column(manager, "users", "lockouts").await?;
        drop_column(manager, "users", "locked_until").await
    }
}
