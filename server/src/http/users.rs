//! `/api/users*` (spec §7). This area grows with the directory issue; today: unblock.

use axum::{
    Json,
    extract::{Path, State},
};
use serde_json::{Value, json};

use crate::{
    domain::users,
    error::AppResult,
    http::{
        access::{Access, ApiRoutes},
        tenant::CurrentTenant,
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default().patch("/users/{id}", Access::Route("users"), unblock)
}

/// Unblocks a user (after too many failed logins); the body is ignored.
async fn unblock(State(state): State<AppState>, tenant: CurrentTenant, Path(id): Path<i32>) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let user = users::unblock(&tx, id).await?;
    let view = users::view(&tx, &user).await?;
    tx.commit().await?;
    Ok(Json(json!(view)))
}
