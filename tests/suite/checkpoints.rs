//! SQLite: the request that commits never pays for copying the write-ahead log into the database
//! file (a checkpoint, with its fsyncs); the copy happens beside it, on a reader connection, soon
//! after (docs/performance.md#wal-checkpoints). PostgreSQL has nothing of the kind.

use std::time::{Duration, Instant};

use sea_orm::ConnectionTrait;

use crate::support::{Backend, TestApp};

#[tokio::test]
async fn a_large_commit_is_checkpointed_soon_after_in_the_background_not_by_the_commit() {
    let app = TestApp::spawn().await;
    if app.backend != Backend::Sqlite {
        return;
    }
    app.create_tenant("acme").await;
    let db = app.tenant_db("acme").await;
    let file = app.data_dir().join("tenants").join("acme.db");
    let size = || std::fs::metadata(&file).unwrap().len();
    let before = size();

    // ~8 MB in one commit: twice the WAL size at which SQLite would checkpoint inside the commit.
    let tx = db.begin().await.unwrap();
    tx.execute_unprepared("CREATE TABLE ballast (b BLOB)").await.unwrap();
    tx.execute_unprepared(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) \
         INSERT INTO ballast SELECT randomblob(4000) FROM n",
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    assert!(size() < before + 1_000_000, "the commit copied the log into the file itself: {before} → {}", size());

    let deadline = Instant::now() + Duration::from_secs(5);
    while size() < before + 8_000_000 {
        assert!(Instant::now() < deadline, "the log was not checkpointed in the background: {before} → {}", size());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // And the data reads back whole, through a reader.
    let tx = db.read().await.unwrap();
    let row = tx
        .query_one_raw(sea_orm::Statement::from_string(tx.get_database_backend(), "SELECT COUNT(*) AS n FROM ballast"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.try_get::<i64>("", "n").unwrap(), 2000);
    tx.end();
}
