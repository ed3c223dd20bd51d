//! Ending sessions: every access token issued before now stops working (`valid_after`), every
//! refresh token is revoked, and — once the unit commits — the user's open sockets close on every
//! replica. Used when a user is blocked, deleted or changes password.

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set,
    sea_query::{Expr, OnConflict},
};

use crate::{
    domain::{error::Result, events::Raised, unit::Unit},
    entities::{
        control::revoked_session,
        tenant::{refresh_token, user},
    },
    tenancy::TenantName,
};

/// Ends every session of `user_id` within `unit`.
pub async fn end_all(unit: &Unit, user_id: i32) -> Result<()> {
    let now = Utc::now();
    user::Entity::update_many()
        .col_expr(user::Column::ValidAfter, Expr::value(now))
        .col_expr(user::Column::IsConnected, Expr::value(false))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(user_id))
        .exec(unit)
        .await?;
    refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAt, Expr::value(now))
        .filter(refresh_token::Column::UserId.eq(user_id))
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(unit)
        .await?;
    unit.raise(Raised::SessionsEnded { user_id });
    Ok(())
}

/// Keeps a logged-out session in the control database until its access tokens expire, so replicas
/// that start meanwhile refuse them too (the running ones learn it from the bus).
pub async fn record_revocation(
    control: &impl ConnectionTrait,
    tenant: &TenantName,
    sid: &str,
    until: DateTime<Utc>,
) -> Result<()> {
    let now = Utc::now();
    revoked_session::Entity::insert(revoked_session::ActiveModel {
        sid: Set(sid.to_owned()),
        tenant: Set(tenant.to_string()),
        expires_at: Set(until),
        created_at: Set(now),
        updated_at: Set(now),
    })
    .on_conflict(OnConflict::column(revoked_session::Column::Sid).do_nothing().to_owned())
    .exec_without_returning(control)
    .await?;
    // Forget what protects nothing any more.
    revoked_session::Entity::delete_many().filter(revoked_session::Column::ExpiresAt.lt(now)).exec(control).await?;
    Ok(())
}

/// Sessions logged out whose access tokens have not expired yet.
pub async fn active_revocations(control: &impl ConnectionTrait) -> Result<Vec<(String, DateTime<Utc>)>> {
    Ok(revoked_session::Entity::find()
        .filter(revoked_session::Column::ExpiresAt.gt(Utc::now()))
        .all(control)
        .await?
        .into_iter()
        .map(|r| (r.sid, r.expires_at))
        .collect())
}
