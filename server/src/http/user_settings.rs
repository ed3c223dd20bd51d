//! `PATCH /api/user-settings/{id}`: two-factor activity (spec §7; DESIGN §4).
//!
//! Body `{"action":"enroll"}` → `{secret, otpauth_url}` (show as QR code); `{"action":"confirm",
//! "code":"123456"}` turns it on; `{"action":"disable","code":"123456"}` turns it off. A user acts
//! on their own settings; an administrator with the `users` route may disable another user's
//! two-factor without a code (lost phone). Enrolling needs the tenant's `two_factor` feature.

use axum::{
    Json,
    extract::{Path, State},
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{
    domain::{Error as DomainError, auth::two_factor, tenants, users},
    error::AppResult,
    http::{
        access::{Access, ApiRoutes, CurrentUser},
        extract::ApiJson,
        tenant::CurrentTenant,
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default().patch("/user-settings/{id}", Access::Authenticated, two_factor_activity)
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Action {
    Enroll,
    Confirm,
    Disable,
}

#[derive(Deserialize)]
struct Body {
    action: Action,
    #[serde(default)]
    code: Option<String>,
}

async fn two_factor_activity(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    Path(id): Path<i32>,
    ApiJson(body): ApiJson<Body>,
) -> AppResult<Json<Value>> {
    let own = id == current.user.id;
    let admin_reset = !own && matches!(body.action, Action::Disable) && current.may("users");
    if !own && !admin_reset {
        return Err(DomainError::forbidden("forbidden", "Você só pode alterar as suas próprias configurações.").into());
    }
    if matches!(body.action, Action::Enroll | Action::Confirm)
        && !tenants::feature_enabled(state.dbs.control(), tenant.record.id, "two_factor").await?
    {
        return Err(DomainError::forbidden(
            "feature_disabled",
            "A autenticação em dois fatores não está habilitada para esta empresa.",
        )
        .into());
    }
    let code = body.code.as_deref().unwrap_or_default();
    let tx = tenant.begin(&state).await?;
    let target = users::find(&tx, id).await?;
    let answer = match body.action {
        Action::Enroll => json!(two_factor::enroll(&tx, &target).await?),
        Action::Confirm => {
            two_factor::confirm(&tx, &target, code).await?;
            json!({ "two_factor_enabled": true })
        }
        Action::Disable => {
            two_factor::disable(&tx, &target, if admin_reset { None } else { Some(code) }).await?;
            json!({ "two_factor_enabled": false })
        }
    };
    tx.commit().await?;
    Ok(Json(answer))
}
