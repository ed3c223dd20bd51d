//! Host → tenant resolution through the real router: it fails closed.

use backoffice::domain::tenants;

use crate::support::TestApp;

async fn status_on(app: &TestApp, host: &[u8]) -> (u16, serde_json::Value) {
    let response = app.get_on(host, "/api/ip").await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or_default())
}

#[tokio::test]
async fn a_provisioned_tenant_resolves_from_its_host() {
    let app = TestApp::spawn().await;
    app.create_tenant("acme").await;
    let (status, body) = status_on(&app, b"acme.localhost").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ip"], "127.0.0.1");
    let (status, _) = status_on(&app, format!("ACME.localhost:{}", app.address.port()).as_bytes()).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn unknown_deleted_and_malformed_hosts_answer_tenant_not_found() {
    let app = TestApp::spawn().await;
    let acme = app.create_tenant("acme").await;
    app.create_tenant("gone").await;
    let gone = tenants::find_by_id(app.dbs().control(), acme.id + 1).await.unwrap();
    tenants::delete(app.dbs().control(), gone, &app.config.backoffice_tenant, &app.state.bus).await.unwrap();

    let hosts: &[&[u8]] = &[
        b"nobody.localhost",
        b"gone.localhost",
        "acme｡localhost".as_bytes(),
        "acme．localhost".as_bytes(),
        "ácme.localhost".as_bytes(),
        b"acme.evil.localhost",
        b"acme.localhost.evil.com",
        b"acme.example.com",
        b"ac_me.localhost",
        b"www.localhost",
        b"localhost",
        b"127.0.0.1",
        b"acme.localhost:notaport",
    ];
    for host in hosts {
        let (status, body) = status_on(&app, host).await;
        assert_eq!(status, 404, "{}", String::from_utf8_lossy(host));
        assert_eq!(body["code"], "tenant_not_found", "{}", String::from_utf8_lossy(host));
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
}

#[tokio::test]
async fn a_restored_tenant_resolves_again() {
    let app = TestApp::spawn().await;
    let acme = app.create_tenant("acme").await;
    let deleted =
        tenants::delete(app.dbs().control(), acme, &app.config.backoffice_tenant, &app.state.bus).await.unwrap();
    assert_eq!(status_on(&app, b"acme.localhost").await.0, 404);
    tenants::restore(app.dbs().control(), deleted, &app.state.bus).await.unwrap();
    assert_eq!(status_on(&app, b"acme.localhost").await.0, 200);
}

#[tokio::test]
async fn a_bare_host_uses_the_default_tenant_when_configured() {
    let app = TestApp::spawn_with(|config| config.default_tenant = Some("acme".parse().unwrap())).await;
    assert_eq!(status_on(&app, b"localhost").await.0, 404, "acme does not exist yet");
    app.create_tenant("acme").await;
    assert_eq!(status_on(&app, b"localhost").await.0, 200);
    assert_eq!(status_on(&app, b"127.0.0.1").await.0, 200);
}
