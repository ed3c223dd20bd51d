//! Logged-out sessions kept in the control database until their access tokens expire. Ending all
//! of a user's sessions is a change to the user's own rows: [`crate::domain::users::sessions`].

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, sea_query::OnConflict};

use crate::{domain::error::Result, entities::control::revoked_session, tenancy::TenantName};

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
