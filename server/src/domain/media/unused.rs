//! Media nothing holds — no message, campaign or bot answer ([`super::holds`]): an upload never sent,
//! a medium whose message its sender deleted. Kept a
//! day (an agent may still send what they uploaded), then its objects and its row go with the
//! nightly retention (`domain::retention`, `backoffice-cli prune`). Media a message holds stays as
//! long as the message: messages are what people read.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::{
    MediaStore,
    store::{self, Object},
};
use crate::{
    domain::{error::Result, sql::Binder},
    entities::tenant::medium,
    tenancy::TenantDb,
};

/// How long a medium no message holds is kept.
pub const KEEP: Duration = Duration::days(1);
/// Media removed per transaction.
const BATCH: u64 = 200;

/// Held by no message, no campaign and no other document ([`super::holds`]).
const UNUSED: &str = "NOT EXISTS (SELECT 1 FROM messages WHERE messages.media_id = media.id) \
                      AND NOT EXISTS (SELECT 1 FROM campaigns WHERE campaigns.media_id = media.id) \
                      AND NOT EXISTS (SELECT 1 FROM media_holds WHERE media_holds.media_id = media.id)";

/// How many media no message holds are past [`KEEP`] at `now`.
pub async fn count(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64> {
    let mut b = Binder::new(db.get_database_backend());
    let sql =
        format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM media WHERE created_at < {} AND {UNUSED}", b.p(now - KEEP));
    let row = db.query_one_raw(b.statement(sql)).await?;
    let n: i64 = row.map(|r| r.try_get("", "n")).transpose()?.unwrap_or(0);
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Removes them, objects first (a row without its object would be a broken link; an object without
/// its row is only found again by the same bytes); answers how many went.
pub async fn prune(db: &TenantDb, store: &MediaStore, now: DateTime<Utc>) -> Result<u64> {
    let tenant = db.name().as_str().to_owned();
    let mut removed = 0;
    loop {
        let tx = db.begin().await?;
        let mut b = Binder::new(tx.get_database_backend());
        let sql = format!(
            "SELECT id FROM media WHERE created_at < {} AND {UNUSED} ORDER BY id LIMIT {BATCH}",
            b.p(now - KEEP)
        );
        let ids: Vec<i32> = tx
            .query_all_raw(b.statement(sql))
            .await?
            .iter()
            .filter_map(|row| row.try_get::<i32>("", "id").ok())
            .collect();
        if ids.is_empty() {
            tx.commit().await?;
            break;
        }
        let rows = medium::Entity::find()
            .filter(medium::Column::Id.is_in(ids.clone()))
            .order_by_asc(medium::Column::Id)
            .limit(BATCH)
            .all(&tx)
            .await?;
        for row in &rows {
            store.delete(&store::key(&tenant, &row.sha256, Object::Original)).await?;
            if row.has_thumbnail {
                store.delete(&store::key(&tenant, &row.sha256, Object::Thumbnail)).await?;
            }
        }
        medium::Entity::delete_many().filter(medium::Column::Id.is_in(ids.clone())).exec(&tx).await?;
        tx.commit().await?;
        removed += ids.len() as u64;
        if (ids.len() as u64) < BATCH {
            break;
        }
    }
    Ok(removed)
}

/// Removes, at once and whatever their age, those of `ids` nothing holds any longer (a customer's
/// files after their erasure, `domain::privacy`): objects first, then rows; answers how many went.
pub async fn remove_now(db: &TenantDb, store: &MediaStore, ids: &[i32]) -> Result<u64> {
    let tenant = db.name().as_str().to_owned();
    let mut removed = 0;
    for chunk in ids.chunks(BATCH as usize) {
        let tx = db.begin().await?;
        let mut b = Binder::new(tx.get_database_backend());
        let listed = chunk.iter().map(|id| b.p(*id)).collect::<Vec<_>>().join(", ");
        let sql = format!("SELECT id FROM media WHERE id IN ({listed}) AND {UNUSED}");
        let unused: Vec<i32> = tx
            .query_all_raw(b.statement(sql))
            .await?
            .iter()
            .filter_map(|row| row.try_get::<i32>("", "id").ok())
            .collect();
        let rows = medium::Entity::find().filter(medium::Column::Id.is_in(unused.clone())).all(&tx).await?;
        for row in &rows {
            store.delete(&store::key(&tenant, &row.sha256, Object::Original)).await?;
            if row.has_thumbnail {
                store.delete(&store::key(&tenant, &row.sha256, Object::Thumbnail)).await?;
            }
        }
        medium::Entity::delete_many().filter(medium::Column::Id.is_in(unused.clone())).exec(&tx).await?;
        tx.commit().await?;
        removed += rows.len() as u64;
    }
    Ok(removed)
}
