//! The PostgreSQL trigger functions that move `tenant_counters` (m20261202_000018's
//! `users_count_live`, m20261204_000020's `users_count_changes`) named the table unqualified, so
//! which table they wrote depended on the `search_path` of whoever wrote to `users`: a session
//! without the tenant's schema on its path (an operator's `psql`, a tool, a pooled connection set
//! up for something else) failed the write — or, with a `tenant_counters` earlier on its path,
//! moved someone else's counter.
//!
//! They are re-created here to find the table by the schema of the row that fired them
//! (`TG_TABLE_SCHEMA`, through `EXECUTE format('%I.tenant_counters')`), with the function's own
//! `search_path` pinned to `pg_catalog, pg_temp` so nothing else it names resolves through the
//! caller's either. Not `SET search_path FROM CURRENT` nor a schema written into the body: both
//! freeze a name at creation, and schemas are renamed after it — a spare schema (`spare_…`,
//! docs/tenancy.md#spare-schemas) is migrated ahead of need and renamed to `tenant_{name}` when
//! claimed, and `ALTER SCHEMA … RENAME` rewrites neither a function's body nor its `SET` value.
//! The trigger's table schema is read at every call, so it is always the current one.
//!
//! SQLite needs nothing: a trigger there only names tables of its own database file.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::{LIVE_USERS, USER_CHANGES, support::execute_all};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Where the functions look up everything but the counter table, which they qualify.
const PINNED: &str = "SET search_path = pg_catalog, pg_temp";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        // `$1` and `$2` are EXECUTE's own parameters (USING), not the statement's.
        let bump = |delta: &str, counter: &str| {
            format!(
                "EXECUTE format('UPDATE %I.tenant_counters SET value = value + $1 WHERE name = $2', TG_TABLE_SCHEMA) \
                 USING {delta}, '{counter}'::text"
            )
        };
        let sql = [
            format!(
                "CREATE OR REPLACE FUNCTION users_count_live() RETURNS trigger LANGUAGE plpgsql {PINNED} AS $$ \
                 DECLARE delta BIGINT := 0; BEGIN \
                 IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN delta := delta - 1; END IF; \
                 IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN delta := delta + 1; END IF; \
                 IF delta <> 0 THEN {}; END IF; RETURN NULL; END $$",
                bump("delta", LIVE_USERS)
            ),
            format!(
                "CREATE OR REPLACE FUNCTION users_count_changes() RETURNS trigger LANGUAGE plpgsql {PINNED} AS $$ \
                 BEGIN {}; RETURN NULL; END $$",
                bump("1::bigint", USER_CHANGES)
            ),
        ];
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        // The functions as m20261202_000018 and m20261204_000020 created them.
        let bump = |delta: &str, counter: &str| {
            format!("UPDATE tenant_counters SET value = value + ({delta}) WHERE name = '{counter}'")
        };
        let sql = [
            format!(
                "CREATE OR REPLACE FUNCTION users_count_live() RETURNS trigger LANGUAGE plpgsql AS $$ \
                 DECLARE delta BIGINT := 0; BEGIN \
                 IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN delta := delta - 1; END IF; \
                 IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN delta := delta + 1; END IF; \
                 IF delta <> 0 THEN {}; END IF; RETURN NULL; END $$",
                bump("delta", LIVE_USERS)
            ),
            format!(
                "CREATE OR REPLACE FUNCTION users_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$ \
                 BEGIN {}; RETURN NULL; END $$",
                bump("1", USER_CHANGES)
            ),
        ];
        execute_all(manager, &sql).await
    }
}
