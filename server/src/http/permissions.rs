//! `/api/permission*`: roles' route permissions (spec §6, §7).

use axum::{
    Json,
    extract::{Query, State},
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{
    domain::{Error as DomainError, permissions},
    error::{AppError, AppResult},
    http::{
        access::{Access, ApiRoutes, CurrentUser},
        extract::ApiJson,
        tenant::CurrentTenant,
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .get("/permission", Access::Route("roles-list"), list)
        .get("/permission/categories", Access::Route("roles-list"), categories)
        .get("/permission/email", Access::Authenticated, by_email)
        .post("/permission/update", Access::Route("roles-edit"), update)
}

async fn list(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let roles = permissions::roles(&tx).await?;
    tx.commit().await?;
    Ok(Json(json!(roles)))
}

async fn categories(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let categories = permissions::categories(&tx).await?;
    tx.commit().await?;
    Ok(Json(json!(categories)))
}

#[derive(Deserialize)]
struct EmailQuery {
    email: String,
}

/// A user's permitted routes; one's own always, anyone's with the `users` route.
async fn by_email(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    query: Result<Query<EmailQuery>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<Value>> {
    let Ok(Query(query)) = query else {
        return Err(AppError::BadRequest("Informe o parâmetro email.".into()));
    };
    let own = query.email.trim().eq_ignore_ascii_case(&current.user.email);
    if !own && !current.may("users") {
        return Err(DomainError::forbidden("forbidden", "Você não tem permissão para acessar este recurso.").into());
    }
    let tx = tenant.begin(&state).await?;
    let routes = permissions::routes_of_email(&tx, &query.email).await?;
    tx.commit().await?;
    let rows: Vec<Value> = routes.iter().map(|r| json!({ "route_name": r })).collect();
    Ok(Json(json!({ "email": query.email.trim().to_lowercase(), "permissions": rows, "has_permission_routes": routes })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateBody {
    role_id: i32,
    permissions: Vec<String>,
    /// Optional: require two-factor of the role's users.
    #[serde(default)]
    require_two_factor: Option<bool>,
}

async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<UpdateBody>,
) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let role = permissions::update_role(&tx, body.role_id, &body.permissions, body.require_two_factor).await?;
    tx.commit().await?;
    Ok(Json(json!(role)))
}
