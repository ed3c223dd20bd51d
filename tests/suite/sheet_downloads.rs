//! Sheet downloads whose clients stop reading (docs/analytics.md#sheets, docs/decisions.md 144):
//! the workbook is made from the database into a temporary file first, so a client that never
//! reads holds a file, not a database connection.

use std::time::Duration;

use backoffice::{domain::tenants, entities::tenant::instance_log, tenancy::TenantName};
use rand::{Rng, distr::Alphanumeric};
use reqwest::Method;
use sea_orm::{EntityTrait, Set};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::TestApp;

/// Opens a download of the instance logs sheet on a socket with a tiny receive buffer, reads its
/// headers and the first bytes of the file, then keeps the socket open without reading again.
async fn stalled_download(app: &TestApp, host: &str, token: &str) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    // A fixed small buffer turns the kernel's autotuning off: the server's writes stop after a few
    // KB instead of after the megabytes loopback would otherwise buffer.
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(app.address).await.unwrap();
    let request = format!(
        "GET /api/tenant/sheets/instance_logs HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut seen = Vec::new();
    let read = async {
        let mut buf = [0u8; 1024];
        loop {
            let n = stream.read(&mut buf).await.unwrap();
            assert!(n > 0, "the download ended early: {}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&buf[..n]);
            if let Some(end) = seen.windows(4).position(|w| w == b"\r\n\r\n")
                && seen.len() > end + 4
            {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), read).await.expect("the file starts within seconds");
    assert!(seen.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&seen[..seen.len().min(300)]));
    stream
}

#[tokio::test]
async fn downloads_that_stop_reading_leave_the_database_to_other_requests() {
    // PostgreSQL: a pool of four for the whole cluster; SQLite: a tenant file has four readers.
    let app = TestApp::spawn_with(|config| config.db_max_connections = 4).await;
    let admin = app.tenant_with_admin("acme").await;
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse("acme").unwrap()).await.unwrap();
    tenants::set_feature(app.dbs().control(), &record, "reports", true, &app.state.bus).await.unwrap();
    let token = app.login(&admin).await;
    let instance = app.create_instance("acme", "Loja").await;
    // ~16 MB of text no compression shrinks much: a workbook of ~12 MB, far more than the socket,
    // the server's channel and hyper's buffers hold together.
    let db = app.tenant_db("acme").await;
    let at = chrono::Utc::now() - chrono::Duration::hours(1);
    for _ in 0..40 {
        let tx = db.begin().await.unwrap();
        let rows = (0..100).map(|_| instance_log::ActiveModel {
            instance_id: Set(instance),
            status: Set("disconnected".into()),
            detail: Set(Some(rand::rng().sample_iter(&Alphanumeric).take(4_000).map(char::from).collect())),
            occurred_at: Set(at),
            ..Default::default()
        });
        instance_log::Entity::insert_many(rows).exec_without_returning(&tx).await.unwrap();
        tx.commit().await.unwrap();
    }

    // One after the other (a download waits for the database like any request), more than there
    // are connections; none of them reads past the first bytes.
    let mut stalled = Vec::new();
    for _ in 0..6 {
        stalled.push(stalled_download(&app, &admin.host(), &token).await);
    }

    let host = admin.host();
    let list = app.call(Method::GET, &host, "/api/users", Some(&token), None);
    let response = tokio::time::timeout(Duration::from_secs(10), list).await.expect("answers within seconds");
    assert_eq!(response.status(), 200, "a request needing the database still answers");
    let another = stalled_download(&app, &admin.host(), &token).await;
    drop((stalled, another));
}
