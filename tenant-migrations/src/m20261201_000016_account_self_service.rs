//! Account self-service (docs/account.md):
//!
//! - `users.must_change_password`: an administrator set a temporary password; until the person
//!   chooses their own, every call but the account's own is refused;
//! - `user_settings.recovery_codes`: the two-factor recovery codes still unused, as a JSON array of
//!   their SHA-256 digests (ten at most; a used code leaves the array, so each works once).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, text_null};

use crate::support::{add_column, drop_column};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        add_column(manager, "users", boolean(Alias::new("must_change_password")).default(false).to_owned()).await?;
        add_column(manager, "user_settings", text_null(Alias::new("recovery_codes"))).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_column(manager, "user_settings", "recovery_codes").await?;
        drop_column(manager, "users", "must_change_password").await?;
        Ok(())
    }
}
