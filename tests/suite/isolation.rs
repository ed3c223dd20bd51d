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

#[tokio::test]
async fn a_one_connection_pool_switching_tenants_never_reads_the_wrong_tenant() {
    let app = TestApp::spawn_with(|config| config.db_max_connections = 1).await;
    let names = ["um", "dois", "tres"];
    for name in names {
        app.create_tenant(name).await;
        let db = app.tenant_db(name).await;
        let tx = db.begin().await.unwrap();
        department::ActiveModel {
            name: Set(format!("Exclusivo de {name}")),
            activated: Set(true),
            ..Default::default()
        }
        .insert(&tx)
        .await
        .unwrap();
        tx.commit().await.unwrap();
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
