//! A company's settings kept as JSON in `tenant_settings` under a key (the survey, the retention
//! policy, the audit settings): read whole, written whole, the last write wins.

use chrono::{DateTime, Utc};
use sea_orm::ConnectionTrait;
use serde::{Serialize, de::DeserializeOwned};

use crate::domain::{Error, error::Result, sql::Binder};

/// The value under `key`, if one was ever written.
pub async fn read<T: DeserializeOwned>(db: &impl ConnectionTrait, key: &str) -> Result<Option<T>> {
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!("SELECT value FROM tenant_settings WHERE key = {}", b.p(key));
    let Some(row) = db.query_one_raw(b.statement(sql)).await? else { return Ok(None) };
    let value: String = row.try_get("", "value")?;
    serde_json::from_str(&value)
        .map(Some)
        .map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("the {key} setting is unreadable: {err}"))))
}

/// Writes `value` under `key`, replacing what was there; answers when (the row's `updated_at`).
pub async fn write(db: &impl ConnectionTrait, key: &str, value: &impl Serialize) -> Result<DateTime<Utc>> {
    let now = Utc::now();
    let json = serde_json::to_string(value).map_err(|err| Error::Db(sea_orm::DbErr::Custom(err.to_string())))?;
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "INSERT INTO tenant_settings (key, value, updated_at) VALUES ({}, {}, {}) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        b.p(key),
        b.p(json),
        b.p(now)
    );
    db.execute_raw(b.statement(sql)).await?;
    Ok(now)
}
