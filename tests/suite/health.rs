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
