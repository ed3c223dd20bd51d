//! Spare schemas (PostgreSQL): `spare_<random>` schemas created and migrated ahead of need, each in
//! one transaction so a half-built one is never seen. Provisioning claims one inside its own
//! transaction and renames it to the tenant's schema; a transaction-scoped advisory lock keeps two
//! provisionings from claiming the same spare, and a claim that is rolled back leaves the spare
//! where it was. Templates are never applied to spares: they depend on the tenant.

use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, Statement, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;

/// Schema names of spares start with this (tenant schemas start with `tenant_`).
const PREFIX: &str = "spare_";

pub async fn schema_exists(db: &impl ConnectionTrait, schema: &str) -> Result<bool, DbErr> {
    let found = db
        .query_one_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT 1 AS found FROM pg_namespace WHERE nspname = $1",
            [schema.into()],
        ))
        .await?;
    Ok(found.is_some())
}

pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<String>, DbErr> {
    let rows = db
        .query_all_raw(Statement::from_string(
            DbBackend::Postgres,
            format!("SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE '{PREFIX}%' ORDER BY nspname"),
        ))
        .await?;
    rows.into_iter().map(|row| row.try_get::<String>("", "name")).collect()
}

/// Takes a spare for this transaction (held until it ends), or `None` when there is none free.
pub async fn claim(tx: &DatabaseTransaction) -> Result<Option<String>, DbErr> {
    for spare in list(tx).await? {
        let locked = try_lock(tx, &spare).await?;
        // Locked by another provisioning, or already renamed by one that has just committed.
        if locked && schema_exists(tx, &spare).await? {
            // Made before a migration was added? It catches up here (a no-op when current).
            tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{spare}\"")).await?;
            tenant_migrations::Migrator::up(tx, None).await?;
            return Ok(Some(spare));
        }
    }
    Ok(None)
}

/// Takes the spare's transaction-scoped lock if nobody holds it.
async fn try_lock(tx: &DatabaseTransaction, spare: &str) -> Result<bool, DbErr> {
    let row = tx
        .query_one_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked",
            [spare.into()],
        ))
        .await?;
    Ok(row.and_then(|row| row.try_get::<bool>("", "locked").ok()).unwrap_or(false))
}

pub async fn refill(conn: &DatabaseConnection, target: usize) -> Result<usize, DbErr> {
    let existing = list(conn).await?;
    for spare in &existing {
        let tx = conn.begin().await?;
        let locked = try_lock(&tx, spare).await?;
        if locked && schema_exists(&tx, spare).await? {
            tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{spare}\"")).await?;
            tenant_migrations::Migrator::up(&tx, None).await?;
        }
        tx.commit().await?;
    }
    let missing = target.saturating_sub(existing.len());
    for _ in 0..missing {
        let name = format!("{PREFIX}{}", crate::random::random_token(9).to_lowercase().replace(['-', '_'], "x"));
        let tx = conn.begin().await?;
        tx.execute_unprepared(&format!("CREATE SCHEMA \"{name}\"")).await?;
        tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{name}\"")).await?;
        tenant_migrations::Migrator::up(&tx, None).await?;
        tx.commit().await?;
    }
    Ok(missing)
}
