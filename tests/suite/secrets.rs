//! Secrets at rest: what a copy of the database shows of two-factor seeds and provider secrets
//! (nothing in clear), legacy values sealed by `migrate`, and the modes of the SQLite files.

use backoffice::{
    domain::{auth::two_factor::code_at, setup},
    entities::tenant::{instance, user_setting},
};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};
use serde_json::{Value, json};

use crate::support::{Backend, TestApp};

#[tokio::test]
async fn the_database_never_holds_a_two_factor_seed_or_a_provider_secret_in_clear() {
    let app = TestApp::spawn_with(|config| config.allow_private_providers = true).await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let settings = format!("/api/user-settings/{}", admin.id);
    let enrolled: Value = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(json!({"action":"enroll"})))
        .await
        .json()
        .await
        .unwrap();
    let seed = enrolled["secret"].as_str().unwrap().to_owned();
    let body = json!({ "name": "WhatsApp", "providerBaseUrl": "http://127.0.0.1:9/api", "providerSecret": "prov-Secreto-123456" });
    let created = app.call(Method::POST, "acme.localhost", "/api/instance", Some(&token), Some(body)).await;
    assert_eq!(created.status(), 201);

    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let stored_seed = user_setting::Entity::find()
        .filter(user_setting::Column::UserId.eq(admin.id))
        .one(&tx)
        .await
        .unwrap()
        .unwrap()
        .two_factor_secret
        .unwrap();
    let stored_provider = instance::Entity::find().one(&tx).await.unwrap().unwrap().provider_secret.unwrap();
    for (stored, clear) in [(&stored_seed, seed.as_str()), (&stored_provider, "prov-Secreto-123456")] {
        assert!(stored.starts_with("enc:v1:"), "{stored}");
        assert!(!stored.contains(clear), "the clear value is in the database");
    }
    drop(tx);
    // Sealed, the seed still does its job.
    let code = code_at(&seed, chrono::Utc::now().timestamp() as u64).unwrap();
    let confirmed = app
        .call(Method::PATCH, "acme.localhost", &settings, Some(&token), Some(json!({"action":"confirm","code":code})))
        .await;
    assert_eq!(confirmed.status(), 200);
}

#[tokio::test]
async fn migrate_seals_secrets_written_in_clear_before_sealing_existed() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let id = app.create_instance("acme", "Antiga").await;
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let found = instance::Entity::find_by_id(id).one(&tx).await.unwrap().unwrap();
    let mut legacy = found.into_active_model();
    legacy.provider_base_url = Set(Some("https://provedor.example/api".into()));
    legacy.provider_secret = Set(Some("segredo-antigo-em-claro".into()));
    legacy.update(&tx).await.unwrap();
    tx.commit().await.unwrap();

    let failed = setup::migrate_all(app.dbs(), &app.state.secrets, 2, &|_| {}).await.unwrap();
    assert!(failed.is_empty());
    let tx = db.begin().await.unwrap();
    let sealed = instance::Entity::find_by_id(id).one(&tx).await.unwrap().unwrap();
    let stored = sealed.provider_secret.clone().unwrap();
    assert!(stored.starts_with("enc:v1:") && !stored.contains("segredo-antigo"), "{stored}");
    let acme = "acme".parse().unwrap();
    let provider = backoffice::domain::instances::provider_of(&sealed, &app.state.secrets, &acme).unwrap().unwrap();
    assert_eq!(provider.secret, "segredo-antigo-em-claro", "it opens to what it was");
}

#[cfg(unix)]
#[tokio::test]
async fn sqlite_files_and_directories_are_private_to_the_server() {
    use std::os::unix::fs::PermissionsExt;
    let app = TestApp::spawn().await;
    if app.backend != Backend::Sqlite {
        return;
    }
    app.tenant_with_admin("acme").await;
    let dir = app.data_dir();
    let mode = |path: std::path::PathBuf| std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(dir.clone()), 0o700, "data directory");
    assert_eq!(mode(dir.join("tenants")), 0o700, "tenants directory");
    assert_eq!(mode(dir.join("control.db")), 0o600, "control database");
    assert_eq!(mode(dir.join("tenants").join("acme.db")), 0o600, "a tenant's database");
    assert_eq!(mode(dir.join("secrets_key")), 0o600, "the generated key");
}
