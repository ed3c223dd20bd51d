//! Ending a user's sessions: every access token issued before now stops working (`valid_after`),
//! every refresh token is revoked, and — once the unit commits — the user's open sockets close on
//! every replica. Used when a user is blocked, deleted or changes password, and when a refresh
//! token is replayed.

use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Expr};

use crate::{
    domain::{error::Result, events::Raised, unit::Unit},
    entities::tenant::{refresh_token, user},
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
