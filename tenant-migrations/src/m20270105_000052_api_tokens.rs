//! API tokens (issue 47, docs/api-tokens.md, decision 210): an integration's credential, not a
//! person's. Each token acts through its own principal — a row of `users` of `kind`
//! `integration`, never listed among the people, never able to log in — whose role is the token's
//! scope (the role-route matrix) and whose instance links restrict it, so every check and every
//! attribution the product makes for a person holds for a token unchanged. The secret is kept as
//! its SHA-256 (a 240-bit random value needs no slow hash; the lookup is by it).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let (id, tz) = match manager.get_database_backend() {
            DbBackend::Postgres => ("SERIAL PRIMARY KEY", "TIMESTAMP WITH TIME ZONE"),
            _ => ("INTEGER PRIMARY KEY AUTOINCREMENT", "timestamp_with_timezone_text"),
        };
        execute_all(
            manager,
            &[
                "ALTER TABLE users ADD COLUMN kind VARCHAR(16) NOT NULL DEFAULT 'person'".to_owned(),
                format!(
                    "CREATE TABLE IF NOT EXISTS api_tokens (id {id}, name VARCHAR(80) NOT NULL, \
                     user_id INTEGER NOT NULL REFERENCES users (id), prefix VARCHAR(16) NOT NULL, \
                     secret_hash VARCHAR(64) NOT NULL, restricted BOOLEAN NOT NULL DEFAULT FALSE, \
                     expires_at {tz} NULL, last_used_at {tz} NULL, last_used_ip VARCHAR(64) NULL, \
                     created_by INTEGER NULL, created_at {tz} NOT NULL, revoked_at {tz} NULL, revoked_by INTEGER NULL)"
                ),
                "CREATE UNIQUE INDEX IF NOT EXISTS ux_api_tokens_secret ON api_tokens (secret_hash)".to_owned(),
                "CREATE UNIQUE INDEX IF NOT EXISTS ux_api_tokens_user ON api_tokens (user_id)".to_owned(),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(manager, &["DROP TABLE IF EXISTS api_tokens", "ALTER TABLE users DROP COLUMN kind"]).await
    }
}
