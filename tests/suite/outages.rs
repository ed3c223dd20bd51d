//! When Redis or a PostgreSQL cluster goes away the server answers quickly instead of hanging:
//! without Redis it keeps serving from its own view and says it is degraded; a tenant whose
//! cluster is down gets 503 `database_unavailable` within about a second while other tenants keep
//! working; without the control database it is not ready. After either returns, service is back
//! within seconds. The Redis and the PostgreSQL here are the test's own (a `redis-server` it
//! starts, a proxy in front of PostgreSQL it closes), never the shared ones.

use std::time::{Duration, Instant};

use backoffice::domain::tenants::{self, NewTenant};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    Backend, TestApp,
    outage::{Proxy, RedisProcess},
};

/// Calls until `check` holds, at most `limit`; how long it took.
async fn within<F, Fut>(limit: Duration, mut check: F) -> Duration
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let started = Instant::now();
    while !check().await {
        assert!(started.elapsed() < limit, "not within {limit:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    started.elapsed()
}

async fn readiness(app: &TestApp) -> (u16, Value) {
    let response = app.client.get(app.url("/readyz")).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_redis_the_server_keeps_serving_and_recovers_when_it_returns() {
    let mut redis = RedisProcess::start();
    let url = redis.url();
    let app = TestApp::spawn_with(|config| {
        config.redis_url = Some(url.parse().unwrap());
        config.redis_prefix = format!("outage-{}", backoffice::random::random_token(8));
    })
    .await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    assert_eq!(readiness(&app).await.1["checks"]["redis"], "ok");

    redis.stop();
    // Logging in (rate limits live in Redis) and listing users (presence lives in Redis) answer
    // at once, from this replica's own view.
    let started = Instant::now();
    let fresh = app.login(&admin).await;
    assert!(started.elapsed() < Duration::from_secs(2), "login took {:?} without Redis", started.elapsed());
    let started = Instant::now();
    let users = app.call(Method::GET, "acme.localhost", "/api/users", Some(&fresh), None).await;
    assert_eq!(users.status(), 200);
    assert!(started.elapsed() < Duration::from_secs(2), "the users list took {:?}", started.elapsed());
    let (status, ready) = readiness(&app).await;
    assert_eq!(
        (status, ready["status"].clone(), ready["checks"]["redis"].clone()),
        (200, json!("degraded"), json!("unavailable"))
    );

    redis.resume();
    let took = within(Duration::from_secs(5), || async { readiness(&app).await.1["status"] == "ok" }).await;
    eprintln!("redis outage: back to normal {took:?} after Redis returned");
    let me = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await;
    assert_eq!(me.status(), 200);
}

/// The test database's URL with its port replaced by the proxy's.
fn through(proxy: &Proxy, url: &str) -> String {
    let mut url = url::Url::parse(url).unwrap();
    url.set_port(Some(proxy.port)).unwrap();
    url.to_string()
}

fn postgres_target() -> std::net::SocketAddr {
    let base = url::Url::parse(&std::env::var("TEST_DATABASE_URL").unwrap()).unwrap();
    let host = base.host_str().unwrap_or("127.0.0.1").replace("localhost", "127.0.0.1");
    format!("{host}:{}", base.port().unwrap_or(5432)).parse().unwrap()
}

fn database_url(app: &TestApp) -> String {
    match &app.config.database_url {
        backoffice::config::DatabaseUrl::Postgres { url } => secrecy::ExposeSecret::expose_secret(url).to_owned(),
        backoffice::config::DatabaseUrl::Sqlite { .. } => unreachable!("PostgreSQL only"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tenant_whose_cluster_is_down_gets_503_quickly_while_others_keep_working() {
    if crate::support::app::backend() != Backend::Postgres {
        return; // SQLite has no cluster to lose.
    }
    let proxy = Proxy::start(postgres_target()).await;
    // The pool `longe` is this test's own database again, reached through the proxy.
    let app = TestApp::spawn_with(|config| {
        let backoffice::config::DatabaseUrl::Postgres { url } = &config.database_url else { unreachable!() };
        let far = through(&proxy, secrecy::ExposeSecret::expose_secret(url));
        config.tenant_pools = format!("longe={far}").parse().unwrap();
    })
    .await;
    let near_admin = app.tenant_with_admin("perto").await;
    let new = NewTenant { name: Some("longe".parse().unwrap()), pool: Some("longe".into()), ..Default::default() };
    tenants::provision(app.dbs(), new, None).await.unwrap();
    let far_admin = app.create_user("longe", "admin@longe.example", "administrador").await;
    let (near_token, far_token) = (app.login(&near_admin).await, app.login(&far_admin).await);

    proxy.close();
    let started = Instant::now();
    let answer = app.call(Method::GET, "longe.localhost", "/api/users", Some(&far_token), None).await;
    let took = started.elapsed();
    assert_eq!(answer.status(), 503);
    assert_eq!(answer.json::<Value>().await.unwrap()["code"], "database_unavailable");
    assert!(took < Duration::from_millis(1500), "the 503 took {took:?}");
    let near = app.call(Method::GET, "perto.localhost", "/api/users", Some(&near_token), None).await;
    assert_eq!(near.status(), 200, "the other cluster's tenants are unaffected");

    proxy.open().await;
    let back = within(Duration::from_secs(5), || async {
        app.call(Method::GET, "longe.localhost", "/api/users", Some(&far_token), None).await.status() == 200
    })
    .await;
    eprintln!("postgres outage: 503 after {took:?}; back {back:?} after the cluster returned");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_control_database_the_server_says_it_is_not_ready_within_a_second() {
    if crate::support::app::backend() != Backend::Postgres {
        return;
    }
    let proxy = Proxy::start(postgres_target()).await;
    let probe = TestApp::spawn().await;
    let url = through(&proxy, &database_url(&probe));
    // The probe's database is initialized; a second server reaches it only through the proxy.
    let app = TestApp::spawn_with(|config| config.database_url = url.parse().unwrap()).await;
    assert_eq!(readiness(&app).await.0, 200);

    proxy.close();
    let started = Instant::now();
    let (status, body) = readiness(&app).await;
    assert_eq!((status, body["checks"]["control"].clone()), (503, json!("unavailable")));
    assert!(started.elapsed() < Duration::from_millis(1500), "readyz took {:?}", started.elapsed());

    proxy.open().await;
    within(Duration::from_secs(5), || async { readiness(&app).await.0 == 200 }).await;
    drop(probe);
}
