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
