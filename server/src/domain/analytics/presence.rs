//! Presence sessions: when a user's realtime connection opened and closed, for the time online of
//! the productivity report (docs/analytics.md#definitions).
//!
//! A session starts when the user's first socket on a process opens and ends when their last one
//! closes. A new session closes any the user still has open (a process that died never wrote its
//! end, and two replicas holding the same user's sockets would otherwise count the overlap
//! twice); reports also cap a session at [`MAX_SESSION_HOURS`].

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, Statement};

use crate::domain::error::Result;
use crate::domain::sql::Dialect;

/// The longest a single session counts in reports: a session left open by a crash stops there.
pub const MAX_SESSION_HOURS: i64 = 12;

/// Records that `user_id` came online at `at`.
pub async fn started(db: &impl ConnectionTrait, user_id: i32, at: DateTime<Utc>) -> Result<()> {
    let d = Dialect(db.get_database_backend());
    let (p1, p2) = (d.param(1), d.param(2));
    db.execute_raw(Statement::from_sql_and_values(
        d.0,
        format!("UPDATE presence_sessions SET ended_at = {p2} WHERE user_id = {p1} AND ended_at IS NULL"),
        [user_id.into(), at.into()],
    ))
    .await?;
    db.execute_raw(Statement::from_sql_and_values(
        d.0,
        format!("INSERT INTO presence_sessions (user_id, started_at) VALUES ({p1}, {p2})"),
        [user_id.into(), at.into()],
    ))
    .await?;
    Ok(())
}

/// Records that `user_id` went offline at `at`.
pub async fn ended(db: &impl ConnectionTrait, user_id: i32, at: DateTime<Utc>) -> Result<()> {
    let d = Dialect(db.get_database_backend());
    db.execute_raw(Statement::from_sql_and_values(
        d.0,
        format!(
            "UPDATE presence_sessions SET ended_at = {} WHERE user_id = {} AND ended_at IS NULL",
            d.param(2),
            d.param(1)
        ),
        [user_id.into(), at.into()],
    ))
    .await?;
    Ok(())
}
