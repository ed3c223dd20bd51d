//! `GET /metrics` as Prometheus scrapes it: absent without `METRICS_TOKEN`, refused with a wrong
//! token, and with the right one a text that parses and counts what just happened (requests by
//! route template, login failures, pools, sockets). Request ids: echoed, made when missing.

use std::collections::BTreeMap;

use reqwest::{
    Method, StatusCode,
    header::{AUTHORIZATION, HOST},
};
use serde_json::json;

use crate::support::TestApp;

const TOKEN: &str = "scrape-token-for-tests-0123456789";

/// One sample line: name, labels, value.
type Sample = (String, BTreeMap<String, String>, f64);

/// Parses the text format strictly enough that a malformed line fails the test.
fn parse(text: &str) -> Vec<Sample> {
    let mut samples = Vec::new();
    for line in text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("no value: {line}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("bad value: {line}"));
        let (name, labels) = match series.split_once('{') {
            Some((name, rest)) => {
                let body = rest.strip_suffix('}').unwrap_or_else(|| panic!("unclosed labels: {line}"));
                let labels = body
                    .split("\",")
                    .filter(|pair| !pair.is_empty())
                    .map(|pair| {
                        let (key, value) = pair.split_once("=\"").unwrap_or_else(|| panic!("bad label: {line}"));
                        (key.to_owned(), value.trim_end_matches('"').to_owned())
                    })
                    .collect();
                (name.to_owned(), labels)
            }
            None => (series.to_owned(), BTreeMap::new()),
        };
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'), "bad metric name: {line}");
        samples.push((name, labels, value));
    }
    samples
}

/// The value of the first sample named `name` whose labels include `want`.
fn value(samples: &[Sample], name: &str, want: &[(&str, &str)]) -> Option<f64> {
    samples
        .iter()
        .find(|(n, labels, _)| n == name && want.iter().all(|(k, v)| labels.get(*k).map(String::as_str) == Some(*v)))
        .map(|(_, _, value)| *value)
}

async fn scrape(app: &TestApp, token: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url("/metrics")).header(HOST, "monitor.internal");
    if let Some(token) = token {
        request = request.header(AUTHORIZATION, format!("Bearer {token}"));
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn metrics_do_not_exist_without_a_token_in_the_configuration() {
    let app = TestApp::spawn().await;
    assert_eq!(scrape(&app, None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(scrape(&app, Some(TOKEN)).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_scrape_with_the_token_parses_and_counts_what_happened() {
    let app = TestApp::spawn_with(|config| config.metrics_token = Some(TOKEN.to_owned().into())).await;
    assert_eq!(scrape(&app, None).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(scrape(&app, Some("wrong-token")).await.status(), StatusCode::UNAUTHORIZED);

    let user = app.tenant_with_admin("acme").await;
    // A wrong password, a good login, pages read by id (a template with a parameter).
    assert_eq!(app.login_response(&user, "not the password").await.status(), StatusCode::UNAUTHORIZED);
    let token = app.login(&user).await;
    // A customer that does not exist: the label is the template, whatever the id asked.
    for id in [999_991, 999_992, 999_993] {
        let path = format!("/api/customers/{id}");
        let answer = app.call(Method::GET, &user.host(), &path, Some(&token), None).await;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    }
    app.call(Method::GET, &user.host(), "/api/no-such-route/123", Some(&token), None).await;

    let response = scrape(&app, Some(TOKEN)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    let text = response.text().await.unwrap();
    let samples = parse(&text);

    let by_template = [("method", "GET"), ("route", "/api/customers/{id}"), ("status", "404")];
    let requests = value(&samples, "backoffice_http_requests_total", &by_template).expect("requests by template");
    assert!(requests >= 3.0, "{requests}");
    assert!(
        value(&samples, "backoffice_http_request_duration_seconds_count", &by_template).is_some_and(|n| n >= 3.0),
        "latency histogram by template"
    );
    assert!(value(&samples, "backoffice_http_request_duration_seconds_bucket", &[("le", "+Inf")]).is_some());
    // Raw paths never become labels: the unknown route is one bounded series.
    assert!(!text.contains("/api/no-such-route/123"));
    assert!(value(&samples, "backoffice_http_requests_total", &[("route", "unmatched")]).is_some());

    let failures =
        value(&samples, "backoffice_login_failures_total", &[("reason", "wrong_password")]).expect("login failures");
    assert!(failures >= 1.0);
    assert!(value(&samples, "backoffice_db_pool_connections", &[("cluster", "control"), ("state", "idle")]).is_some());
    assert!(value(&samples, "backoffice_db_acquire_seconds_count", &[]).is_some_and(|n| n >= 1.0));
    assert!(value(&samples, "backoffice_sockets_open", &[]).is_some());
    assert!(value(&samples, "backoffice_outbox_jobs_pending", &[]).is_some());
    // The token never shows up in what is scraped.
    assert!(!text.contains(TOKEN));
}

#[tokio::test]
async fn every_answer_carries_a_request_id_and_a_clean_one_is_kept() {
    let app = TestApp::spawn().await;
    let made = app.client.get(app.url("/healthz")).send().await.unwrap();
    let id = made.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert!(id.len() >= 16, "{id}");
    let other = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_ne!(other.headers()["x-request-id"], id.as_str(), "each request gets its own");

    let kept = app.client.get(app.url("/healthz")).header("x-request-id", "edge-7f3a.42").send().await.unwrap();
    assert_eq!(kept.headers()["x-request-id"], "edge-7f3a.42");

    // Something that would forge a log line is replaced, not echoed.
    let body = json!({ "email": "x@acme.example", "password": "x" });
    let forged = app
        .client
        .post(app.url("/api/auth/login"))
        .header(HOST, "acme.localhost")
        .header("x-request-id", "abc\tdef")
        .json(&body)
        .send()
        .await
        .unwrap();
    let echoed = forged.headers()["x-request-id"].to_str().unwrap();
    assert_ne!(echoed, "abc\tdef");
    assert!(echoed.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
}

#[tokio::test]
async fn made_up_methods_are_counted_under_one_label_and_never_named() {
    let app = TestApp::spawn_with(|config| config.metrics_token = Some(TOKEN.to_owned().into())).await;
    for n in 0..20 {
        let method = Method::from_bytes(format!("MADEUP{n}{}", "X".repeat(2000)).as_bytes()).unwrap();
        let _ = app.client.request(method, app.url("/healthz")).send().await.unwrap();
    }
    let text = scrape(&app, Some(TOKEN)).await.text().await.unwrap();
    assert!(!text.contains("MADEUP"), "a client's method became a label");
    let samples = parse(&text);
    assert!(
        value(&samples, "backoffice_http_requests_total", &[("method", "other")]).unwrap_or(0.0) >= 20.0,
        "the odd methods are counted as 'other'"
    );
}

#[tokio::test]
async fn without_a_token_the_process_records_nothing() {
    let app = TestApp::spawn().await;
    let method = Method::from_bytes(b"MADEUP").unwrap();
    let _ = app.client.request(method, app.url("/healthz")).send().await.unwrap();
    let _ = app.client.get(app.url("/healthz")).send().await.unwrap();
    // nextest runs each test in a process of its own: nothing else here installed a recorder.
    assert!(!backoffice::metrics::is_recording(), "metrics are recorded with nobody able to scrape them");
}
