//! Rotating refresh tokens. Each use returns a new token of the same family and marks the old one
//! used; presenting a used (or revoked) token again means it was stolen or replayed, so the whole
//! family is revoked and the legitimate holder must log in again (OAuth 2.0 Security BCP section 4.14).
//!
//! Only a SHA-256 of each token is stored: a database leak does not hand out sessions.

use super::tokens::hash_token;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, sea_query::Expr};

use crate::{
    domain::error::Result,
    entities::tenant::{refresh_token, user},
    random::random_token,
};

/// A refresh token handed to a client.
#[derive(Debug, Clone)]
pub struct IssuedRefresh {
    pub token: String,
    pub expires_at: DateTime<Utc>,
    /// The family: one login and every token rotated from it (the access tokens' session id).
    pub family: String,
}

/// How a refresh attempt ended.
#[derive(Debug)]
pub enum Rotation {
    /// A new token for this user.
    Rotated { user: Box<user::Model>, refresh: IssuedRefresh },
    /// Unknown, expired or revoked: log in again.
    Rejected,
    /// Presented again after it was used (a copy of it is in someone else's hands): the family
    /// was revoked, and the session it names must end now — its access tokens and sockets too.
    Replayed { user_id: i32, family: String },
}

/// Starts a new family for a fresh login.
pub async fn issue(db: &impl ConnectionTrait, user_id: i32, client_addr: &str, ttl: Duration) -> Result<IssuedRefresh> {
    insert(db, user_id, &random_token(18), client_addr, ttl).await
}

async fn insert(
    db: &impl ConnectionTrait,
    user_id: i32,
    family_id: &str,
    client_addr: &str,
    ttl: Duration,
) -> Result<IssuedRefresh> {
    let token = random_token(32);
    let now = Utc::now();
    let expires_at = now + ttl;
    refresh_token::ActiveModel {
        user_id: Set(user_id),
        family_id: Set(family_id.to_owned()),
        token_hash: Set(hash_token(&token)),
        expires_at: Set(expires_at),
        used_at: Set(None),
        revoked_at: Set(None),
        client_addr: Set(Some(client_addr.to_owned())),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(IssuedRefresh { token, expires_at, family: family_id.to_owned() })
}

/// Exchanges a refresh token for a new one (same family).
pub async fn rotate(db: &impl ConnectionTrait, presented: &str, client_addr: &str, ttl: Duration) -> Result<Rotation> {
    let Some(found) = refresh_token::Entity::find()
        .filter(refresh_token::Column::TokenHash.eq(hash_token(presented)))
        .one(db)
        .await?
    else {
        return Ok(Rotation::Rejected);
    };
    let now = Utc::now();
    let replayed = || async {
        revoke_family(db, &found.family_id).await?;
        tracing::warn!(user_id = found.user_id, "refresh token reuse detected; family revoked");
        Ok::<_, crate::domain::Error>(Rotation::Replayed { user_id: found.user_id, family: found.family_id.clone() })
    };
    if found.used_at.is_some() || found.revoked_at.is_some() {
        return replayed().await;
    }
    if found.expires_at <= now {
        return Ok(Rotation::Rejected);
    }
    let owner = user::Entity::find_by_id(found.user_id).one(db).await?;
    let Some(owner) = owner.filter(|u| u.deleted_at.is_none() && !crate::domain::users::is_blocked(u, Utc::now()))
    else {
        revoke_family(db, &found.family_id).await?;
        return Ok(Rotation::Rejected);
    };
    // Spent in one statement that checks as it writes: of two rotations of one token at once
    // (PostgreSQL runs them side by side), one spends it and the other is a replay — the family
    // never forks into two live successors.
    let spent = refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::UsedAt, Expr::value(now))
        .col_expr(refresh_token::Column::UpdatedAt, Expr::value(now))
        .filter(refresh_token::Column::Id.eq(found.id))
        .filter(refresh_token::Column::UsedAt.is_null())
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    if spent.rows_affected != 1 {
        return replayed().await;
    }
    let family = found.family_id.clone();
    let refresh = insert(db, owner.id, &family, client_addr, ttl).await?;
    Ok(Rotation::Rotated { user: Box::new(owner), refresh })
}

/// Revokes the family of a presented token (logout). Unknown tokens are ignored.
pub async fn revoke(db: &impl ConnectionTrait, presented: &str) -> Result<()> {
    if let Some(found) =
        refresh_token::Entity::find().filter(refresh_token::Column::TokenHash.eq(hash_token(presented))).one(db).await?
    {
        revoke_family(db, &found.family_id).await?;
    }
    Ok(())
}

/// Revokes every refresh token of a session (a replay, a logout with only the access token).
pub async fn revoke_family(db: &impl ConnectionTrait, family_id: &str) -> Result<()> {
    refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(refresh_token::Column::FamilyId.eq(family_id))
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}
