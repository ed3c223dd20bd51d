//! `/healthz` and `/readyz`.

use crate::support::TestApp;

#[tokio::test]
async fn healthz_answers_while_the_process_runs() {
    let app = TestApp::spawn().await;
    let response = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["status"], "ok");
}

#[tokio::test]
async fn readyz_reflects_the_control_database() {
    let app = TestApp::spawn().await;
    let response = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(response.status(), 200);

    app.dbs().control().close_by_ref().await.unwrap();
    let response = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(response.status(), 503);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["status"], "unavailable");
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404_not_the_web_app() {
    let app = TestApp::spawn().await;
    let response = app.get_on(b"backoffice.localhost", "/api/nao-existe").await;
    assert_eq!(response.status(), 404);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["code"], "not_found");
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_in_json() {
    let app = TestApp::spawn().await;
    app.create_tenant("acme").await;
    let huge = format!("{{\"email\":\"{}\",\"password\":\"x\"}}", "a".repeat(3 * 1024 * 1024));
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .header("host", "acme.localhost")
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["code"], "payload_too_large");
}
