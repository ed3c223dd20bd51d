//! What every connection and answer goes through, whatever the route: connection timeouts and
//! the per-address cap, malformed requests answered cleanly, and the browser security headers.

use std::{
    io::{Read, Write},
    net::TcpStream,
    time::{Duration, Instant},
};

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

/// Sends raw bytes on a new connection; what comes back before the server closes it (or `wait`).
fn raw(app: &TestApp, bytes: &[u8], wait: Duration) -> String {
    let mut stream = TcpStream::connect(app.address).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    stream.write_all(bytes).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// How long the server takes to close a connection that sent `bytes` and then nothing.
fn closed_after(app: &TestApp, bytes: &[u8], wait: Duration) -> Option<Duration> {
    let mut stream = TcpStream::connect(app.address).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    stream.write_all(bytes).unwrap();
    let started = Instant::now();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => continue, // a response; keep reading until the close
            Err(err) if matches!(err.kind(), std::io::ErrorKind::ConnectionReset) => return Some(started.elapsed()),
            Err(_) => return None,
        }
    }
}

fn short_timeouts(config: &mut backoffice::config::Config) {
    config.header_read_timeout_seconds = 1;
    config.idle_timeout_seconds = 1;
    config.body_read_timeout_seconds = 1;
    config.max_connections_per_address = 5;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_idle_and_slow_body_connections_are_closed_on_time() {
    let app = TestApp::spawn_with(short_timeouts).await;
    app.tenant_with_admin("acme").await;
    let app = &app;
    tokio::task::block_in_place(|| {
        // Headers a byte at a time (slowloris): closed once the header timeout passes.
        let slow = closed_after(app, b"GET /api/ip HTTP/1.1\r\nHost: acme.loc", Duration::from_secs(10));
        assert!(slow.is_some_and(|d| d < Duration::from_secs(3)), "slow headers held {slow:?}");
        // A kept-alive connection that asks nothing more.
        let idle = closed_after(app, b"GET /api/ip HTTP/1.1\r\nHost: acme.localhost\r\n\r\n", Duration::from_secs(10));
        assert!(idle.is_some_and(|d| d < Duration::from_secs(3)), "idle keep-alive held {idle:?}");
    });
    // A body that never finishes arriving: 408 in the API's JSON.
    let started = Instant::now();
    let answer = tokio::task::block_in_place(|| {
        raw(
            app,
            b"POST /api/auth/login HTTP/1.1\r\nHost: acme.localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\":",
            Duration::from_secs(10),
        )
    });
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"body_timeout\""), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_more_connections_than_its_share() {
    let app = TestApp::spawn_with(|config| {
        short_timeouts(config);
        config.header_read_timeout_seconds = 30;
        config.idle_timeout_seconds = 30;
    })
    .await;
    let held: Vec<TcpStream> = (0..5).map(|_| TcpStream::connect(app.address).unwrap()).collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let refused = tokio::task::block_in_place(|| {
        closed_after(&app, b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n", Duration::from_secs(5))
    });
    assert!(refused.is_some_and(|d| d < Duration::from_secs(1)), "the sixth connection was served: {refused:?}");
    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let served = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(served.status(), 200, "closing them frees the address's share");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_requests_get_a_clean_answer_never_a_500() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let app_ref = &app;
    let (two_hosts, long_segment_api, long_segment_web, long_path, trace) = tokio::task::block_in_place(|| {
        let wait = Duration::from_secs(5);
        let segment = "a".repeat(300);
        (
            raw(
                app_ref,
                b"GET /api/ip HTTP/1.1\r\nHost: acme.localhost\r\nHost: evil.localhost\r\nConnection: close\r\n\r\n",
                wait,
            ),
            raw(
                app_ref,
                format!("GET /api/{segment} HTTP/1.1\r\nHost: acme.localhost\r\nConnection: close\r\n\r\n").as_bytes(),
                wait,
            ),
            raw(
                app_ref,
                format!("GET /{segment} HTTP/1.1\r\nHost: acme.localhost\r\nConnection: close\r\n\r\n").as_bytes(),
                wait,
            ),
            raw(
                app_ref,
                format!("GET /{} HTTP/1.1\r\nHost: acme.localhost\r\nConnection: close\r\n\r\n", "a/".repeat(1500))
                    .as_bytes(),
                wait,
            ),
            raw(app_ref, b"TRACE /api/users HTTP/1.1\r\nHost: acme.localhost\r\nConnection: close\r\n\r\n", wait),
        )
    });
    assert!(two_hosts.starts_with("HTTP/1.1 400"), "{two_hosts}");
    assert!(long_segment_api.starts_with("HTTP/1.1 404") && long_segment_api.contains("\"code\":\"not_found\""));
    assert!(long_segment_web.starts_with("HTTP/1.1 404"), "{long_segment_web}");
    assert!(long_path.starts_with("HTTP/1.1 414") && long_path.contains("uri_too_long"), "{long_path}");
    assert!(trace.starts_with("HTTP/1.1 405"), "{trace}");

    let options = app.call(Method::OPTIONS, "acme.localhost", "/api/users", None, None).await;
    assert_eq!(options.status(), 204);
    assert!(options.headers()["allow"].to_str().unwrap().contains("GET"));

    // A token of a megabyte: the token contract's JSON 401, not a bare 431.
    let huge = format!("Bearer {}", "a".repeat(1_000_000));
    let response = app
        .client
        .get(app.url("/api/auth/userInfo"))
        .header("host", "acme.localhost")
        .header("authorization", huge)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }));

    // JSON endpoints take JSON only: a form post from another site is refused before anything runs.
    let form = app
        .client
        .post(app.url("/api/auth/login"))
        .header("host", "acme.localhost")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("email={}&password=x", admin.email))
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 415);
    assert_eq!(form.json::<Value>().await.unwrap()["code"], "unsupported_media_type");
}

#[tokio::test]
async fn every_answer_carries_the_browser_security_headers() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let api = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    let page = app.client.get(app.url("/users")).header("host", "acme.localhost").send().await.unwrap();
    for response in [&api, &page] {
        let headers = response.headers();
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(policy.contains("script-src 'self'") && !policy.contains("script-src 'self' 'unsafe-inline'"));
        assert!(policy.contains("frame-ancestors 'none'"));
        assert!(policy.contains("ws://*.localhost:*"), "the socket is allowed: {policy}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin");
        assert!(headers.contains_key("permissions-policy"));
        assert!(!headers.contains_key("strict-transport-security"), "no HSTS on localhost");
    }
    assert_eq!(api.headers()["cache-control"], "no-store", "answers with personal data are never cached");

    let production = TestApp::spawn_with(|config| config.base_domain = "example.test".parse().unwrap()).await;
    let health = production.client.get(production.url("/healthz")).send().await.unwrap();
    assert!(health.headers()["strict-transport-security"].to_str().unwrap().contains("max-age="));
}
