//! `migrate` over many tenants: one broken tenant does not stop the others.

use std::sync::Mutex;

use backoffice::{
    domain::setup::{self, TenantMigration},
    tenancy::TenantName,
};
use sea_orm::ConnectionTrait;

use crate::support::{Backend, TestApp};

#[tokio::test]
async fn migrate_runs_every_tenant_and_reports_the_broken_one() {
    let app = TestApp::spawn().await;
    let names: Vec<String> = (0..8).map(|i| format!("loja-{i}")).collect();
    for name in &names {
        app.create_tenant(name).await;
    }
    // Break one tenant's storage.
    match app.backend {
        Backend::Sqlite => {
            let path = app.data_dir().join("tenants").join("loja-3.db");
            std::fs::write(path, b"this is not a sqlite database, it is garbage ................").unwrap();
        }
        Backend::Postgres => {
            app.dbs().control().execute_unprepared("DROP SCHEMA tenant_loja_3 CASCADE").await.unwrap();
        }
    }

    let seen = Mutex::new(Vec::new());
    let failed = setup::migrate_all(app.dbs(), &app.state.secrets, 3, &|outcome: &TenantMigration| {
        seen.lock().unwrap().push((outcome.name.to_string(), outcome.result.is_ok(), outcome.total));
    })
    .await
    .unwrap();

    assert_eq!(failed, [TenantName::parse("loja-3").unwrap()]);
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.len(), names.len() + 1, "every tenant, plus the back-office one, was attempted");
    assert!(seen.iter().all(|(_, _, total)| *total == names.len() + 1));
    for (name, ok, _) in &seen {
        assert_eq!(*ok, name != "loja-3", "{name}");
    }
}

#[tokio::test]
async fn the_user_counters_move_in_the_tenants_own_schema_whatever_the_writers_search_path() {
    // SQLite needs nothing: a trigger there names only tables of its own file.
    // Through a spare schema: migrated under `spare_…`, renamed `tenant_acme` when claimed — the
    // functions must follow the rename.
    let app = TestApp::spawn_with(|config| config.spare_schemas = 1).await;
    if app.backend != Backend::Postgres {
        return;
    }
    app.dbs().refill_spares().await.unwrap();
    assert!(app.dbs().spare_count().await.unwrap() >= 1);
    let admin = app.tenant_with_admin("acme").await;
    app.create_tenant("beta").await;

    let counter = |schema: &'static str, name: &'static str| {
        let app = &app;
        async move {
            let sql = format!("SELECT value FROM {schema}.tenant_counters WHERE name = '{name}'");
            let row =
                app.dbs().control().query_one_raw(sea_orm::Statement::from_string(sea_orm::DbBackend::Postgres, sql));
            row.await.unwrap().unwrap().try_get_by_index::<i64>(0).unwrap()
        }
    };
    let (live, changes) = (counter("tenant_acme", "users_live").await, counter("tenant_acme", "users_changes").await);
    let beta = (counter("tenant_beta", "users_live").await, counter("tenant_beta", "users_changes").await);

    // A writer whose search_path holds no tenant schema (set for its own transaction only).
    let tx = sea_orm::TransactionTrait::begin(app.dbs().control()).await.unwrap();
    tx.execute_unprepared("SET LOCAL search_path TO public").await.unwrap();
    tx.execute_unprepared(&format!("UPDATE tenant_acme.users SET deleted_at = now() WHERE id = {}", admin.id))
        .await
        .expect("the write does not depend on the writer's search_path");
    tx.commit().await.unwrap();

    assert_eq!(counter("tenant_acme", "users_live").await, live - 1, "the deleted user left the live count");
    assert!(counter("tenant_acme", "users_changes").await > changes, "and the change was counted");
    let untouched = (counter("tenant_beta", "users_live").await, counter("tenant_beta", "users_changes").await);
    assert_eq!(untouched, beta, "no other tenant's counter moved");
}
