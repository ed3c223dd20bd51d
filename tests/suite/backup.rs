//! A tenant exported and imported (docs/operations.md#backup-and-restore): every row comes back,
//! people log in with the same passwords, ids continue after the restored ones, and a damaged file
//! leaves nothing behind. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.

use std::io::{BufRead, BufReader, Write};

use std::sync::Arc;

use backoffice::{
    demo::{self as seed, DemoOptions},
    domain::{
        events::Discard,
        instances::{self, InstanceChanges, provider::ProviderConfig},
        tenants::{self, backup},
        unit::Unit,
    },
    entities::tenant::instance,
    tenancy::TenantName,
};
use reqwest::{Method, StatusCode};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use crate::support::{TestApp, TestUser, refresh_cookie};

async fn seeded_tenant(app: &TestApp) -> TestUser {
    let admin = app.tenant_with_admin("acme").await;
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let options = DemoOptions {
        customers: 30,
        days: 5,
        agents: 3,
        messages_per_ticket: 3,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA".into(),
        rng_seed: 11,
    };
    seed::seed_demo(&tx, &options, &|_| {}).await.unwrap();
    tx.commit().await.unwrap();
    // A provider secret, sealed for this tenant's name.
    let unit = Unit::begin(&db, Arc::new(Discard)).await.unwrap();
    let first = instances::list(&unit, &[]).await.unwrap().remove(0);
    let provider = ProviderConfig::parse("http://127.0.0.1:9", "whsec_c2VncmVkby1kby1wcm92ZWRvcg==", true).unwrap();
    let changes =
        InstanceChanges { provider: Some(instances::ConnectionInput::Generic(provider)), ..Default::default() };
    instances::update(&unit, &app.config.secrets(), first.id, changes).await.unwrap();
    unit.commit().await.unwrap();
    admin
}

/// Instance ids and their provider secrets, opened as tenant `name`.
async fn provider_secrets(app: &TestApp, name: &str) -> Vec<(i32, String)> {
    let db = app.tenant_db(name).await;
    let tx = db.read().await.unwrap();
    let rows = instance::Entity::find().all(&tx).await.unwrap();
    tx.end();
    let tenant = TenantName::parse(name).unwrap();
    rows.into_iter()
        .filter_map(|row| {
            let stored = row.provider_secret?;
            let plain = app.config.secrets().open(&instances::secret_scope(&tenant, row.id), &stored);
            Some((row.id, plain.expect("the secret opens under the tenant's own name")))
        })
        .collect()
}

async fn export_to(app: &TestApp, name: &str, path: &std::path::Path) -> backup::Counts {
    let tenant = app.tenant_db(name).await;
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse(name).unwrap()).await.unwrap();
    let mut features: Vec<String> =
        tenants::enabled_features(app.dbs().control(), record.id).await.unwrap().into_iter().collect();
    features.sort();
    // The file as `backoffice-cli tenant export` writes it.
    backup::export_file(&tenant, &app.state.media, backup::TenantRecord::new(&record, features), path, |_, _| {})
        .await
        .unwrap()
}

async fn import_from(app: &TestApp, name: &str, path: &std::path::Path) -> Result<(), backoffice::domain::Error> {
    let secrets = app.config.secrets();
    backup::import(app.dbs(), &secrets, &app.state.media, TenantName::parse(name).unwrap(), path, None).await.map(drop)
}

/// Every page of a list, as a user of the tenant reads it.
async fn read(app: &TestApp, user: &TestUser, host: &str, path: &str) -> Value {
    let token = {
        let moved = TestUser { tenant: host.trim_end_matches(".localhost").into(), ..user.clone() };
        app.login(&moved).await
    };
    let response = app.call(Method::GET, host, path, Some(&token), None).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn an_exported_tenant_comes_back_whole_under_another_name() {
    let app = TestApp::spawn().await;
    let admin = seeded_tenant(&app).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("acme.jsonl");
    let counts = export_to(&app, "acme", &file).await;
    let messages = counts.iter().find(|(t, _)| t == "messages").map(|(_, n)| *n).unwrap();
    assert!(messages > 50, "{counts:?}");

    import_from(&app, "acme-copy", &file).await.unwrap();
    let secrets = provider_secrets(&app, "acme").await;
    assert!(!secrets.is_empty());
    assert_eq!(provider_secrets(&app, "acme-copy").await, secrets, "secrets re-sealed for the new name");
    // The copy exports to the same rows, table by table.
    let again = export_to(&app, "acme-copy", &dir.path().join("copy.jsonl")).await;
    assert_eq!(again, counts);
    // Row for row the same, but for the secrets sealed again for the new name.
    let rows = |path: &std::path::Path| -> Vec<String> {
        BufReader::new(std::fs::File::open(path).unwrap())
            .lines()
            .skip(1)
            .map(Result::unwrap)
            .filter(|line| {
                let sealed = ["instances", "webhook_endpoints", "user_settings"];
                !sealed.iter().any(|table| line.starts_with(&format!("{{\"t\":\"{table}\"")))
            })
            .map(|line| {
                // An import ends every session: the users' `valid_after` is the import's time.
                let mut row: Value = serde_json::from_str(&line).unwrap();
                if row["t"] == "users" {
                    row["r"].as_object_mut().unwrap().remove("valid_after");
                }
                row.to_string()
            })
            .collect()
    };
    let (copied, exported) = (rows(&dir.path().join("copy.jsonl")), rows(&file));
    let differing = copied.iter().zip(&exported).find(|(a, b)| a != b);
    assert!(differing.is_none() && copied.len() == exported.len(), "every row identical: {differing:?}");

    // The administrator logs in to the copy with the same password and sees the same people.
    let original = read(&app, &admin, "acme.localhost", "/api/users?limit=100").await;
    let copy = read(&app, &admin, "acme-copy.localhost", "/api/users?limit=100").await;
    assert_eq!(copy["data"], original["data"]);
    let control = app.dbs().control();
    let source = tenants::find_by_name(control, &TenantName::parse("acme").unwrap()).await.unwrap();
    let copied = tenants::find_by_name(control, &TenantName::parse("acme-copy").unwrap()).await.unwrap();
    assert_eq!((copied.plan.as_str(), copied.user_limit), (source.plan.as_str(), source.user_limit));
    assert_eq!(
        tenants::enabled_features(control, copied.id).await.unwrap(),
        tenants::enabled_features(control, source.id).await.unwrap()
    );

    // New rows continue after the restored ids.
    let moved = TestUser { tenant: "acme-copy".into(), ..admin.clone() };
    let token = app.login(&moved).await;
    let body = json!({
        "name": "Nova Pessoa", "email": "nova@acme.example", "password": "Uma-senha-forte-9",
        "role_id": original["data"][0]["role"]["id"],
    });
    let created = app.call(Method::POST, &moved.host(), "/api/users", Some(&token), Some(body)).await;
    assert_eq!(created.status(), StatusCode::CREATED, "{}", created.text().await.unwrap());
    let created: Value = created.json().await.unwrap();
    let highest = original["data"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).max().unwrap();
    assert!(created["id"].as_i64().unwrap() > highest);
}

#[tokio::test]
async fn a_file_exported_before_a_column_was_dropped_still_imports() {
    // Files made before m20261205_000021 carry `chats.last_message_at` and `unread_count`.
    let app = TestApp::spawn().await;
    seeded_tenant(&app).await;
    let dir = tempfile::tempdir().unwrap();
    let (current, older) = (dir.path().join("acme.jsonl"), dir.path().join("older.jsonl"));
    let counts = export_to(&app, "acme", &current).await;
    let mut out = std::fs::File::create(&older).unwrap();
    let mut widened = 0;
    for line in BufReader::new(std::fs::File::open(&current).unwrap()).lines() {
        let mut line: Value = serde_json::from_str(&line.unwrap()).unwrap();
        if line["t"] == "chats" {
            line["r"]["last_message_at"] = json!("2026-11-20T10:00:00Z");
            line["r"]["unread_count"] = json!(2);
            widened += 1;
        }
        writeln!(out, "{line}").unwrap();
    }
    out.flush().unwrap();
    assert!(widened > 0);
    import_from(&app, "acme-older", &older).await.expect("an older file imports");
    let again = export_to(&app, "acme-older", &dir.path().join("again.jsonl")).await;
    assert_eq!(again, counts, "every row came back");
    // A column no version ever had is still refused.
    let mut strange = std::fs::read_to_string(&current).unwrap();
    strange = strange.replacen("{\"t\":\"chats\",\"r\":{", "{\"t\":\"chats\",\"r\":{\"color\":1,", 1);
    std::fs::write(&older, strange).unwrap();
    assert!(import_from(&app, "acme-strange", &older).await.is_err());
}

#[tokio::test]
async fn a_damaged_file_creates_nothing() {
    let app = TestApp::spawn().await;
    seeded_tenant(&app).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("acme.jsonl");
    export_to(&app, "acme", &file).await;
    let lines: Vec<String> = BufReader::new(std::fs::File::open(&file).unwrap()).lines().map(Result::unwrap).collect();

    // Cut short (the closing line missing), a row altered to break a constraint, not an export.
    let truncated = dir.path().join("truncated.jsonl");
    std::fs::write(&truncated, lines[..lines.len() / 2].join("\n") + "\n").unwrap();
    let broken = dir.path().join("broken.jsonl");
    let mut altered = lines.clone();
    let users = altered.iter().position(|l| l.starts_with("{\"t\":\"users\"")).unwrap();
    altered.insert(users, altered[users].clone()); // the same id twice
    let last = altered.len() - 1;
    altered[last] = format!("{{\"end\":{{\"rows\":{}}}}}", altered.len() - 2);
    std::fs::write(&broken, altered.join("\n") + "\n").unwrap();
    let foreign = dir.path().join("foreign.jsonl");
    std::fs::write(&foreign, "name,email\nAna,ana@example.com\n").unwrap();

    for (name, path) in [("cut", &truncated), ("dup", &broken), ("csv", &foreign)] {
        let err = import_from(&app, name, path).await.expect_err("refused");
        assert!(err.to_string().len() > 5, "{err}");
        let missing = tenants::find_by_name(app.dbs().control(), &TenantName::parse(name).unwrap()).await;
        assert!(missing.is_err(), "{name}: no tenant registered");
        let storage = app.dbs().tenant_storage_exists(&TenantName::parse(name).unwrap(), "default").await.unwrap();
        assert!(!storage, "{name}: no storage left behind");
    }
}

#[cfg(unix)]
#[tokio::test]
async fn an_export_file_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("acme.jsonl");
    export_to(&app, "acme", &file).await;
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&file), 0o600, "personal data and password hashes: the owner's only");

    // Over a world-readable file (an older export) and beside a stale partial one: both made anew.
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let partial = file.with_extension("partial");
    std::fs::write(&partial, "left by an interrupted run").unwrap();
    std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o644)).unwrap();
    export_to(&app, "acme", &file).await;
    assert_eq!(mode(&file), 0o600);
    assert!(!partial.exists(), "renamed into place");
}

async fn refresh_on(app: &TestApp, host: &str, cookie: &str) -> StatusCode {
    app.client
        .post(app.url("/api/auth/refresh"))
        .header("host", host)
        .header(reqwest::header::COOKIE, format!("bo_refresh={cookie}"))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn an_import_revives_no_session_not_even_one_revoked_since_the_export() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let kept = refresh_cookie(&app.login_response(&admin, &admin.password).await).unwrap();
    let ended = refresh_cookie(&app.login_response(&admin, &admin.password).await).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("acme.jsonl");
    export_to(&app, "acme", &file).await;
    let exported = std::fs::read_to_string(&file).unwrap();
    assert!(!exported.contains("{\"t\":\"refresh_tokens\""), "sessions are not written");

    // Logged out after the export: that session is over on the exported system.
    let logout = app
        .client
        .post(app.url("/api/auth/logout"))
        .header("host", "acme.localhost")
        .header(reqwest::header::COOKIE, format!("bo_refresh={ended}"))
        .json(&json!({ "data": { "email": admin.email }, "ip": null }))
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::OK);
    assert_eq!(refresh_on(&app, "acme.localhost", &ended).await, StatusCode::UNAUTHORIZED);

    import_from(&app, "acme-copy", &file).await.unwrap();
    for cookie in [&ended, &kept] {
        assert_eq!(refresh_on(&app, "acme-copy.localhost", cookie).await, StatusCode::UNAUTHORIZED);
    }
    let copy = app.tenant_db("acme-copy").await;
    let tx = copy.read().await.unwrap();
    let left = backoffice::entities::tenant::refresh_token::Entity::find().all(&tx).await.unwrap();
    tx.end();
    assert!(left.is_empty(), "the restored tenant starts with nobody logged in: {left:?}");
    // People log in again, with the same password.
    let moved = TestUser { tenant: "acme-copy".into(), ..admin.clone() };
    let again = refresh_cookie(&app.login_response(&moved, &moved.password).await).unwrap();
    assert_eq!(refresh_on(&app, "acme-copy.localhost", &again).await, StatusCode::OK);
    // The exported system is untouched: its own live session still refreshes.
    assert_eq!(refresh_on(&app, "acme.localhost", &kept).await, StatusCode::OK);
}
