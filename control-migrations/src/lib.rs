//! Migrations of the control database: plans, tenants and their feature settings, revoked sessions.
//!
//! On PostgreSQL they run in the `control` schema; on SQLite in `control.db`. The migrator keeps
//! its own table (`control_migrations`) so it can never be confused with a tenant's.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_plans;
mod m20261121_000002_create_tenants;
mod m20261121_000003_index_tenant_search;
mod m20261123_000004_create_revoked_sessions;
mod m20261204_000005_media_limits;

/// Applies the control migrations in order.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_create_plans::Migration),
            Box::new(m20261121_000002_create_tenants::Migration),
            Box::new(m20261121_000003_index_tenant_search::Migration),
            Box::new(m20261123_000004_create_revoked_sessions::Migration),
            Box::new(m20261204_000005_media_limits::Migration),
        ]
    }

    fn migration_table_name() -> DynIden {
        "control_migrations".into_iden()
    }
}

/// `created_at` / `updated_at` with time zone, defaulting to now: every table has them.
pub(crate) fn timestamps(mut table: TableCreateStatement) -> TableCreateStatement {
    use sea_orm_migration::schema::timestamp_with_time_zone;
    table
        .col(timestamp_with_time_zone("created_at").default(Expr::current_timestamp()))
        .col(timestamp_with_time_zone("updated_at").default(Expr::current_timestamp()))
        .take()
}
