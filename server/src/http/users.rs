//! `/api/users*` (spec §7 Users): list, create, alter (whole object, only email, or only name),
//! unblock, delete, lookup by email, and the functional-user flag. Route `users` for all but the
//! flag, which any logged-in user may read about themselves.

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};

use crate::{
    domain::{
        Error as DomainError,
        users::{self, ListQuery, NewUser, UserChanges},
    },
    error::{AppError, AppResult},
    http::{
        access::{Access, ApiRoutes, CurrentUser},
        extract::ApiJson,
        tenant::CurrentTenant,
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .get("/users", RULE, list)
        .post("/users", RULE, create)
        .post("/users/email", RULE, by_email)
        .get("/users/is-funcional-user", Access::Authenticated, is_functional)
        .put("/users/{id}", RULE, alter)
        .patch("/users/{id}", RULE, unblock)
        .delete("/users/{id}", RULE, delete)
}

#[derive(Deserialize)]
struct ListParams {
    #[serde(default)]
    page: Option<u64>,
    #[serde(default)]
    limit: Option<u64>,
    #[serde(default)]
    search: Option<String>,
}

/// A page of users (default 20, at most 100 per page), searchable by name, email or username.
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    params: Result<Query<ListParams>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<Value>> {
    let Ok(Query(params)) = params else {
        return Err(AppError::BadRequest("Parâmetros inválidos: page e limit são números.".into()));
    };
    let query = ListQuery {
        search: params.search.filter(|s| s.chars().count() <= 100),
        page: params.page.unwrap_or(1),
        limit: params.limit.unwrap_or(20),
    };
    let tx = tenant.begin(&state).await?;
    let page = users::list(&tx, &query).await?;
    tx.commit().await?;
    Ok(Json(json!(page)))
}

/// Deserializes a field that may be absent (`None`), `null` (`Some(None)`) or a value.
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
struct CreateBody {
    name: String,
    email: String,
    password: String,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    image: Option<String>,
    role_id: i32,
    #[serde(default)]
    user_department_id: Option<i32>,
    #[serde(default)]
    chosen_instances: Vec<i32>,
    #[serde(default, rename = "isFunctional")]
    is_functional: bool,
}

async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<CreateBody>,
) -> AppResult<(StatusCode, Json<Value>)> {
    let new = NewUser {
        name: body.name,
        email: body.email,
        username: body.username,
        password: body.password,
        role_id: Some(body.role_id),
        department_id: body.user_department_id,
        instances: body.chosen_instances,
        image: body.image,
        is_functional: body.is_functional,
        ..Default::default()
    };
    let tx = tenant.begin(&state).await?;
    let user = users::create(&tx, new, tenant.record.user_limit).await?;
    let view = users::view(&tx, &user).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(json!(view))))
}

#[derive(Deserialize)]
struct AlterBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    image: Option<Option<String>>,
    #[serde(default)]
    role_id: Option<i32>,
    #[serde(default, deserialize_with = "nullable")]
    user_department_id: Option<Option<i32>>,
    #[serde(default)]
    chosen_instances: Option<Vec<i32>>,
    #[serde(default)]
    password: Option<String>,
}

/// Changes what the body carries: the whole object, or only `email`, or only `name`.
async fn alter(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    Path(id): Path<i32>,
    ApiJson(body): ApiJson<AlterBody>,
) -> AppResult<Json<Value>> {
    let changes = UserChanges {
        name: body.name,
        username: body.username,
        email: body.email,
        image: body.image,
        role_id: body.role_id,
        department_id: body.user_department_id,
        instances: body.chosen_instances,
        password: body.password.filter(|p| !p.is_empty()),
    };
    let tx = tenant.begin(&state).await?;
    let user = users::update(&tx, id, changes).await?;
    let view = users::view(&tx, &user).await?;
    tx.commit().await?;
    Ok(Json(json!(view)))
}

/// Unblocks a user (after too many failed logins); the body is ignored.
async fn unblock(State(state): State<AppState>, tenant: CurrentTenant, Path(id): Path<i32>) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let user = users::unblock(&tx, id).await?;
    let view = users::view(&tx, &user).await?;
    tx.commit().await?;
    Ok(Json(json!(view)))
}

/// Soft-deletes a user and ends their sessions.
async fn delete(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    Path(id): Path<i32>,
) -> AppResult<StatusCode> {
    let tx = tenant.begin(&state).await?;
    users::delete(&tx, id, current.user.id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
struct EmailBody {
    email: String,
}

/// `{id, name, email}` of the user with this email.
async fn by_email(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<EmailBody>,
) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let user = users::find_by_email(&tx, &body.email).await?;
    tx.commit().await?;
    let user = user.ok_or_else(|| DomainError::not_found("user_not_found", "Usuário não encontrado."))?;
    Ok(Json(json!({ "id": user.id, "name": user.name, "email": user.email })))
}

/// Whether the caller is a functional (integration) account.
async fn is_functional(current: CurrentUser) -> Json<Value> {
    Json(json!({ "isFunctional": current.user.is_functional }))
}
