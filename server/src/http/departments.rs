//! `/api/departments*`: the departments user forms choose from (list, create, rename,
//! activate/deactivate). Route `users`.

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{
    domain::departments,
    error::AppResult,
    http::{
        access::{Access, ApiRoutes},
        extract::ApiJson,
        tenant::CurrentTenant,
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .get("/departments", RULE, list)
        .post("/departments", RULE, create)
        .put("/departments/{id}", RULE, update)
}

async fn list(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let all = departments::list(&tx).await?;
    tx.commit().await?;
    Ok(Json(json!(all)))
}

#[derive(Deserialize)]
struct CreateBody {
    name: String,
}

async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<CreateBody>,
) -> AppResult<(StatusCode, Json<Value>)> {
    let tx = tenant.begin(&state).await?;
    let created = departments::create(&tx, &body.name).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(json!(created))))
}

#[derive(Deserialize)]
struct UpdateBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    activated: Option<bool>,
}

async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    Path(id): Path<i32>,
    ApiJson(body): ApiJson<UpdateBody>,
) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let updated = departments::update(&tx, id, body.name.as_deref(), body.activated).await?;
    tx.commit().await?;
    Ok(Json(json!(updated)))
}
