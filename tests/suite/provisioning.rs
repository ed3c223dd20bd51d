//! Provisioning on both backends: storage, migrations, template; atomic and idempotent.

use backoffice::{
    domain::{
        Error, catalogue,
        tenants::{self, NewTenant, ProvisionStep, Provisioned},
    },
    entities::tenant::{closing_reason, department, permission, role, role_permission},
    tenancy::TenantName,
};
use sea_orm::{ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, Statement};

use crate::support::{Backend, TestApp};

/// Rows in the tenant's migration table.
async fn applied_migrations(db: &impl ConnectionTrait) -> i64 {
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), "SELECT COUNT(*) AS n FROM seaql_migrations"))
        .await
        .unwrap()
        .expect("a count row");
    row.try_get::<i64>("", "n").unwrap()
}

fn new_tenant(name: &str) -> NewTenant {
    NewTenant { name: Some(TenantName::parse(name).unwrap()), ..Default::default() }
}

async fn storage_exists(app: &TestApp, name: &str) -> bool {
    match app.backend {
        Backend::Sqlite => app.data_dir().join("tenants").join(format!("{name}.db")).exists(),
        Backend::Postgres => {
            let row = app
                .dbs()
                .control()
                .query_one_raw(Statement::from_sql_and_values(
                    DbBackend::Postgres,
                    "SELECT 1 AS found FROM pg_namespace WHERE nspname = $1",
                    [format!("tenant_{}", name.replace('-', "_")).into()],
                ))
                .await
                .unwrap();
            row.is_some()
        }
    }
}

async fn resolves(app: &TestApp, name: &str) -> bool {
    app.get_on(format!("{name}.localhost").as_bytes(), "/api/ip").await.status() == 200
}

#[tokio::test]
async fn provisioning_creates_storage_runs_migrations_and_applies_the_template() {
    let app = TestApp::spawn().await;
    let created = tenants::provision(app.dbs(), new_tenant("loja-01"), None).await.unwrap();
    assert!(matches!(created, Provisioned::Created(_)));
    assert!(storage_exists(&app, "loja-01").await);
    assert!(resolves(&app, "loja-01").await);

    let db = app.tenant_db("loja-01").await;
    let tx = db.begin().await.unwrap();
    use sea_orm_migration::MigratorTrait;
    assert_eq!(applied_migrations(&tx).await, tenant_migrations::Migrator::migrations().len() as i64);
    let roles: Vec<String> = role::Entity::find().all(&tx).await.unwrap().into_iter().map(|r| r.name).collect();
    assert_eq!(roles, ["administrador", "supervisor", "atendente"]);
    assert_eq!(permission::Entity::find().count(&tx).await.unwrap() as usize, catalogue::route_names().count());
    let admin_routes = role_permission::Entity::find().count(&tx).await.unwrap();
    assert!(admin_routes as usize > catalogue::route_names().count(), "every role got its routes");
    assert_eq!(department::Entity::find().count(&tx).await.unwrap(), 4);
    assert_eq!(closing_reason::Entity::find().count(&tx).await.unwrap(), 6);
    tx.commit().await.unwrap();

    let view = tenants::view(app.dbs().control(), created.tenant().clone()).await.unwrap();
    assert_eq!(view.plan, "basic");
    assert_eq!(view.user_limit, 5);
    assert!(view.features.iter().any(|f| f.option == "chatbot" && f.enabled));
    assert!(view.features.iter().any(|f| f.option == "campaigns" && !f.enabled));
}

#[tokio::test]
async fn a_second_create_of_the_same_name_is_a_conflict() {
    let app = TestApp::spawn().await;
    app.create_tenant("acme").await;
    let err = tenants::provision(app.dbs(), new_tenant("acme"), None).await.unwrap_err();
    assert!(matches!(err, Error::Conflict { code: "tenant_exists", .. }), "{err:?}");
}

#[tokio::test]
async fn invalid_names_plans_templates_pools_and_cnpjs_are_refused_clearly() {
    let app = TestApp::spawn().await;
    for (new, code) in [
        (NewTenant { plan: Some("gold".into()), ..new_tenant("acme") }, "unknown_plan"),
        (NewTenant { template: Some("nope".into()), ..new_tenant("acme") }, "unknown_template"),
        (NewTenant { pool: Some("mars".into()), ..new_tenant("acme") }, "unknown_pool"),
        (NewTenant { cnpj: Some("11.222.333/0001-82".into()), ..new_tenant("acme") }, "invalid_cnpj"),
        (NewTenant { user_limit: Some(-1), ..new_tenant("acme") }, "invalid_limit"),
        (NewTenant { name: None, ..Default::default() }, "required"),
    ] {
        let err = tenants::provision(app.dbs(), new, None).await.unwrap_err();
        match err {
            Error::Invalid { code: got, fields, .. } => {
                assert_eq!(got, code);
                assert!(!fields.is_empty() && !fields[0].message.is_empty());
            }
            other => panic!("{code}: {other:?}"),
        }
    }
    assert!(!storage_exists(&app, "acme").await, "nothing was created");
    let backoffice = TenantName::parse("backoffice").unwrap();
    assert!(TenantName::parse_new("backoffice", &backoffice).is_err());
}

#[tokio::test]
async fn a_crash_at_any_step_leaves_no_usable_half_tenant_and_a_rerun_finishes() {
    let app = TestApp::spawn().await;
    for (index, step) in [ProvisionStep::Registered, ProvisionStep::TemplateApplied, ProvisionStep::StorageCommitted]
        .into_iter()
        .enumerate()
    {
        let name = format!("crash-{index}");
        let err = tenants::provision(app.dbs(), new_tenant(&name), Some(step)).await.unwrap_err();
        assert!(matches!(err, Error::Db(_)), "{step:?}: {err:?}");
        assert!(!resolves(&app, &name).await, "{step:?}: a half tenant must not resolve");
        let listed = tenants::list(app.dbs().control(), &Default::default()).await.unwrap();
        assert!(listed.data.iter().all(|t| t.name != name), "{step:?}: a half tenant is not listed");
        if step != ProvisionStep::StorageCommitted {
            assert!(!storage_exists(&app, &name).await, "{step:?}: uncommitted storage leaves no trace");
        }

        let finished = tenants::provision(app.dbs(), new_tenant(&name), None).await.unwrap();
        assert!(matches!(finished, Provisioned::Resumed(_)), "{step:?}");
        assert!(resolves(&app, &name).await, "{step:?}");
        let db = app.tenant_db(&name).await;
        let tx = db.begin().await.unwrap();
        assert_eq!(role::Entity::find().count(&tx).await.unwrap(), 3, "{step:?}: template applied once");
        assert_eq!(department::Entity::find().count(&tx).await.unwrap(), 4, "{step:?}");
    }
}

#[tokio::test]
async fn a_failed_run_undoes_its_registration() {
    let app = TestApp::spawn().await;
    // Occupy the storage location with something that is not a database: provisioning fails.
    if app.backend == Backend::Sqlite {
        std::fs::write(app.data_dir().join("tenants").join("broken.db"), b"not a database at all").unwrap();
        let err = tenants::provision(app.dbs(), new_tenant("broken"), None).await.unwrap_err();
        assert!(matches!(err, Error::Db(_) | Error::Storage(_)), "{err:?}");
        let name = TenantName::parse("broken").unwrap();
        assert!(tenants::find_by_name(app.dbs().control(), &name).await.is_err());
        std::fs::remove_file(app.data_dir().join("tenants").join("broken.db")).unwrap();
        tenants::provision(app.dbs(), new_tenant("broken"), None).await.unwrap();
        assert!(resolves(&app, "broken").await);
    }
}

#[tokio::test]
async fn a_tenant_lives_on_the_cluster_its_pool_names() {
    if crate::support::app::backend() != Backend::Postgres {
        return; // Pools are PostgreSQL clusters; SQLite has one directory.
    }
    let base = std::env::var("TEST_DATABASE_URL").unwrap();
    let (admin_url, second_url, second_name) = crate::support::app::fresh_pg_database(&base).await;
    let pools: backoffice::config::TenantPools = format!("segundo={second_url}").parse().unwrap();
    let app = TestApp::spawn_with(|config| config.tenant_pools = pools).await;
    let new = NewTenant { pool: Some("segundo".into()), ..new_tenant("longe") };
    tenants::provision(app.dbs(), new, None).await.unwrap();
    assert!(resolves(&app, "longe").await);
    assert!(!storage_exists(&app, "longe").await, "not on the default cluster");

    let second = sea_orm::Database::connect(second_url.as_str()).await.unwrap();
    let found = second
        .query_one_raw(Statement::from_string(
            DbBackend::Postgres,
            "SELECT 1 AS found FROM pg_namespace WHERE nspname = 'tenant_longe'",
        ))
        .await
        .unwrap();
    assert!(found.is_some(), "the schema is on the named cluster");
    second.close().await.unwrap();
    let db = app.tenant_db("longe").await;
    let tx = db.begin().await.unwrap();
    assert_eq!(role::Entity::find().count(&tx).await.unwrap(), 3);
    tx.commit().await.unwrap();
    drop(app);
    let admin = sea_orm::Database::connect(admin_url.as_str()).await.unwrap();
    admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{second_name}\" WITH (FORCE)")).await.unwrap();
}

/// Waits (15 s at most: a spare runs every tenant migration, slower on a loaded machine) for the
/// server's background task to have `count` spares ready.
async fn spares_ready(app: &TestApp, count: usize) {
    for _ in 0..300 {
        if app.dbs().spare_count().await.unwrap() == count {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{count} spare schemas were never ready ({} now)", app.dbs().spare_count().await.unwrap());
}

#[tokio::test]
async fn on_postgres_a_spare_schema_is_renamed_into_the_tenant_atomically_and_replaced() {
    if crate::support::app::backend() != Backend::Postgres {
        return; // Spare schemas are PostgreSQL's; SQLite files are created as before.
    }
    let app = TestApp::spawn_with(|config| config.spare_schemas = 2).await;
    spares_ready(&app, 2).await;

    // A crash before commit gives the spare back: the rename is rolled back with the rest.
    let err = tenants::provision(app.dbs(), new_tenant("rapida"), Some(ProvisionStep::TemplateApplied)).await;
    assert!(err.is_err());
    assert_eq!(app.dbs().spare_count().await.unwrap(), 2, "a rolled-back claim leaves the spare");
    assert!(!storage_exists(&app, "rapida").await);

    // The rerun takes a spare: the tenant has every migration and its own template.
    let finished = tenants::provision(app.dbs(), new_tenant("rapida"), None).await.unwrap();
    assert!(matches!(finished, Provisioned::Resumed(_)));
    assert_eq!(app.dbs().spare_count().await.unwrap(), 1, "one spare used");
    assert!(resolves(&app, "rapida").await);
    let db = app.tenant_db("rapida").await;
    let tx = db.begin().await.unwrap();
    use sea_orm_migration::MigratorTrait;
    assert_eq!(applied_migrations(&tx).await, tenant_migrations::Migrator::migrations().len() as i64);
    assert_eq!(role::Entity::find().count(&tx).await.unwrap(), 3, "template applied on claim, once");
    tx.commit().await.unwrap();

    // More provisionings at once than spares: each gets a spare or a new schema, never a shared one.
    let names: Vec<String> = (0..4).map(|i| format!("junto-{i}")).collect();
    let runs = names.iter().map(|name| tenants::provision(app.dbs(), new_tenant(name), None));
    for result in futures::future::join_all(runs).await {
        result.unwrap();
    }
    for name in &names {
        let db = app.tenant_db(name).await;
        let tx = db.begin().await.unwrap();
        assert_eq!(role::Entity::find().count(&tx).await.unwrap(), 3, "{name}: its own template, once");
        tx.commit().await.unwrap();
    }
    // The operator's `tenant create` and `migrate` refill at once; the server in the background.
    assert_eq!(app.dbs().spare_count().await.unwrap(), 0);
    app.dbs().refill_spares().await.unwrap();
    assert_eq!(app.dbs().spare_count().await.unwrap(), 2);
}
