//! Tenant search (`name LIKE '%termo%'`) served by a trigram index on PostgreSQL. `pg_trgm` needs
//! the privilege to create extensions; where it is missing the migration leaves a notice and the
//! search falls back to a scan (correct, slower). SQLite needs nothing: the control file is small.

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        let db = manager.get_connection();
        db.execute_unprepared(
            "DO $$ BEGIN
               CREATE EXTENSION IF NOT EXISTS pg_trgm;
             EXCEPTION WHEN insufficient_privilege THEN
               RAISE NOTICE 'pg_trgm unavailable: tenant search will scan';
             END $$",
        )
        .await?;
        db.execute_unprepared(
            "DO $$ BEGIN
               IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
                 CREATE INDEX IF NOT EXISTS idx_tenants_name_trgm ON tenants USING gin (name gin_trgm_ops);
               END IF;
             END $$",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DbBackend::Postgres {
            manager.get_connection().execute_unprepared("DROP INDEX IF EXISTS idx_tenants_name_trgm").await?;
        }
        Ok(())
    }
}
