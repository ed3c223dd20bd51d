//! Tenants never see each other's rows, even through a one-connection pool.

use backoffice::{
    domain::users::{self, NewUser},
    entities::tenant::{department, user},
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use crate::support::TestApp;

fn person(email: &str) -> NewUser {
    NewUser {
        name: "Ana Souza".into(),
        email: email.into(),
        password: "Senha#Forte!9".into(),
        role: "atendente".into(),
        ..Default::default()
    }
}

#[tokio::test]
async fn rows_created_in_one_tenant_are_invisible_in_another() {
    let app = TestApp::spawn().await;
    app.create_tenant("alfa").await;
    app.create_tenant("beta").await;

    let alfa = app.tenant_db("alfa").await;
    let tx = alfa.begin().await.unwrap();
    users::create(&tx, person("ana@alfa.example"), 0).await.unwrap();
    tx.commit().await.unwrap();

    let beta = app.tenant_db("beta").await;
    let tx = beta.begin().await.unwrap();
    assert!(users::find_by_email(&tx, "ana@alfa.example").await.unwrap().is_none());
    assert_eq!(user::Entity::find().count(&tx).await.unwrap(), 0);
    // The same email is free in the other tenant: uniqueness is per tenant.
    users::create(&tx, person("ana@alfa.example"), 0).await.unwrap();
    tx.commit().await.unwrap();

    let tx = alfa.begin().await.unwrap();
    assert_eq!(user::Entity::find().count(&tx).await.unwrap(), 1);
}

/// Creates tenant `name` with one department called `department`.
async fn tenant_with_department(app: &TestApp, name: &str, department: &str) {
    app.create_tenant(name).await;
    let tx = app.tenant_db(name).await.begin().await.unwrap();
    department::ActiveModel { name: Set(department.to_owned()), activated: Set(true), ..Default::default() }
        .insert(&tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_one_connection_pool_switching_tenants_never_reads_the_wrong_tenant() {
    let app = TestApp::spawn_with(|config| config.db_max_connections = 1).await;
    let names = ["um", "dois", "tres"];
    for name in names {
        tenant_with_department(&app, name, &format!("Exclusivo de {name}")).await;
    }

    // Interleave reads, failed transactions and concurrent tasks over the single connection.
    let mut tasks = Vec::new();
    for round in 0..30 {
        for name in names {
            let db = app.tenant_db(name).await;
            tasks.push(tokio::spawn(async move {
                let tx = db.begin().await.unwrap();
                let own = department::Entity::find()
                    .filter(department::Column::Name.starts_with("Exclusivo de "))
                    .all(&tx)
                    .await
                    .unwrap();
                if round % 3 == 0 {
                    tx.rollback().await.unwrap();
                } else {
                    tx.commit().await.unwrap();
                }
                (name, own.into_iter().map(|d| d.name).collect::<Vec<_>>())
            }));
        }
    }
    for task in tasks {
        let (name, seen) = task.await.unwrap();
        assert_eq!(seen, [format!("Exclusivo de {name}")], "{name} saw another tenant's rows");
    }
}

/// Reads begin and bind their tenant in one message on PostgreSQL (`TenantDb::read`): interleaved
/// with writes, failed statements and one another over a single connection, each still sees only
/// its own tenant, and none can write.
#[tokio::test]
async fn reads_on_a_one_connection_pool_see_only_their_tenant_and_cannot_write() {
    let app = TestApp::spawn_with(|config| config.db_max_connections = 1).await;
    let names = ["um", "dois"];
    for name in names {
        tenant_with_department(&app, name, &format!("Só de {name}")).await;
    }

    let mut tasks = Vec::new();
    for round in 0..20 {
        for name in names {
            let db = app.tenant_db(name).await;
            tasks.push(tokio::spawn(async move {
                let read = db.read().await.unwrap();
                let seen = department::Entity::find()
                    .filter(department::Column::Name.starts_with("Só de "))
                    .all(&read)
                    .await
                    .unwrap()
                    .into_iter()
                    .map(|d| d.name)
                    .collect::<Vec<_>>();
                if round % 2 == 0 {
                    // A write inside a read is refused, and the read ends cleanly anyway.
                    let written = department::ActiveModel {
                        name: Set("Intrusa".into()),
                        activated: Set(true),
                        ..Default::default()
                    }
                    .insert(&read)
                    .await;
                    assert!(written.is_err(), "a read wrote a row in {name}");
                }
                read.end();
                if round % 5 == 0 {
                    // A write transaction between reads leaves nothing bound behind it.
                    let tx = db.begin().await.unwrap();
                    department::Entity::find().all(&tx).await.unwrap();
                    tx.rollback().await.unwrap();
                }
                (name, seen)
            }));
        }
    }
    for task in tasks {
        let (name, seen) = task.await.unwrap();
        assert_eq!(seen, [format!("Só de {name}")], "{name} saw another tenant's rows");
    }
    for name in names {
        let read = app.tenant_db(name).await.read().await.unwrap();
        assert_eq!(
            department::Entity::find().filter(department::Column::Name.eq("Intrusa")).count(&read).await.unwrap(),
            0
        );
        read.end();
    }
}

/// An id that exists only in tenant B, used on tenant A's host, answers exactly like a missing id.
#[tokio::test]
async fn ids_of_another_tenant_answer_like_missing_ids() {
    use reqwest::Method;
    use serde_json::{Value, json};

    let app = TestApp::spawn().await;
    let acme = app.tenant_with_admin("acme").await;
    let beta = app.tenant_with_admin("beta").await;
    let acme_token = app.login(&acme).await;
    let beta_token = app.login(&beta).await;
    // Beta gets a department and an instance with ids acme does not have.
    let dept: Value = app
        .call(
            Method::POST,
            "beta.localhost",
            "/api/departments",
            Some(&beta_token),
            Some(json!({ "name": "Só na Beta" })),
        )
        .await
        .json()
        .await
        .unwrap();
    let inst: Value = app
        .call(Method::POST, "beta.localhost", "/api/instance", Some(&beta_token), Some(json!({ "name": "Só na Beta" })))
        .await
        .json()
        .await
        .unwrap();
    let cases = [
        (
            Method::PUT,
            format!("/api/departments/{}", dept["id"]),
            "/api/departments/987654".to_owned(),
            json!({ "name": "x" }),
        ),
        (
            Method::POST,
            "/api/instance/update".to_owned(),
            "/api/instance/update".to_owned(),
            json!({ "id": inst["id"], "name": "x" }),
        ),
        (
            Method::POST,
            "/api/instance/syncMessages".to_owned(),
            "/api/instance/syncMessages".to_owned(),
            json!({ "id": inst["id"], "daysAgo": 1 }),
        ),
    ];
    for (method, foreign_path, missing_path, body) in cases {
        let foreign =
            app.call(method.clone(), "acme.localhost", &foreign_path, Some(&acme_token), Some(body.clone())).await;
        let mut missing_body = body.clone();
        if missing_body.get("id").is_some() {
            missing_body["id"] = json!(987654);
        }
        let missing =
            app.call(method.clone(), "acme.localhost", &missing_path, Some(&acme_token), Some(missing_body)).await;
        assert_eq!(foreign.status(), 404, "{method} {foreign_path}");
        assert_eq!(
            foreign.json::<Value>().await.unwrap(),
            missing.json::<Value>().await.unwrap(),
            "{method} {foreign_path}"
        );
    }
    // And the beta rows are untouched.
    let depts: Value = app
        .call(Method::GET, "beta.localhost", "/api/departments", Some(&beta_token), None)
        .await
        .json()
        .await
        .unwrap();
    assert!(depts.as_array().unwrap().iter().any(|d| d["name"] == "Só na Beta"));
}
