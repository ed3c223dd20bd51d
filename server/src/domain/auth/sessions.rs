//! Ending sessions: every access token issued before now stops working (`valid_after`) and every
//! refresh token is revoked. Used when a user is blocked, deleted or changes password.

use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, sea_query::Expr};

use crate::{
    domain::error::Result,
    entities::tenant::{refresh_token, user},
};

/// Ends every session of `user_id`.
pub async fn end_all(db: &impl ConnectionTrait, user_id: i32) -> Result<()> {
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
    Ok(())
}
