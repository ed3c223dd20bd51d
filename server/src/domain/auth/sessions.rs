//! Ending sessions: every access token issued before now stops working (`valid_after`) and every
//! refresh token is revoked. Used when a user is blocked, deleted or changes password.

use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, sea_query::Expr};

use crate::{
    domain::error::Result,
    entities::tenant::{refresh_token, user},
};

/// Proof that a user's sessions ended in the current transaction. After the commit, hand it to
/// `EventBus::end_sessions` so their open sockets close too (on every replica); a transaction that
/// rolls back must not close anything, which is why the domain does not publish it itself.
#[must_use = "after the commit, pass it to `EventBus::sessions_ended` so the user's sockets close"]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionsEnded {
    pub user_id: i32,
}

/// Ends every session of `user_id`.
pub async fn end_all(db: &impl ConnectionTrait, user_id: i32) -> Result<SessionsEnded> {
    let now = Utc::now();
    user::Entity::update_many()
        .col_expr(user::Column::ValidAfter, Expr::value(now))
        .col_expr(user::Column::IsConnected, Expr::value(false))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAt, Expr::value(now))
        .filter(refresh_token::Column::UserId.eq(user_id))
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(SessionsEnded { user_id })
}
