//! `/api/departments*`: the departments user forms choose from (list, create, rename,
//! activate/deactivate). Keeping them is the users screen's (route `users`); any staff user reads
//! the list — their names are no secret (a transfer's targets show them to every agent), and the
//! quick replies form of a supervisor without `users` offers them.

use axum::{Json, extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::ToSchema;

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::departments::{self, DepartmentView},
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath},
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::Authenticated, routes!(list))
        .route(RULE, routes!(create))
        .route(RULE, routes!(update))
}

/// Every department, by name.
#[utoipa::path(
    get, path = "/departments", tag = "departamentos", operation_id = "departments_list",
    summary = "Lista os departamentos",
    responses((status = 200, description = "Os departamentos, por nome.", body = Vec<DepartmentView>))
)]
async fn list(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<DepartmentView>>> {
    let tx = tenant.read(&state).await?;
    let all = departments::list(&tx).await?;
    tx.end();
    Ok(Json(all))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = CreateDepartmentBody)]
struct CreateBody {
    /// Até 80 caracteres, único.
    #[schema(example = "Financeiro")]
    name: String,
}

/// Creates a department.
#[utoipa::path(
    post, path = "/departments", tag = "departamentos", operation_id = "departments_create",
    summary = "Cria um departamento",
    request_body = CreateBody,
    responses(
        (status = 201, description = "O departamento criado.", body = DepartmentView),
        (status = 422, description = "Nome vazio, longo demais ou já usado.", body = ErrorBody),
    )
)]

async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<CreateBody>,
) -> AppResult<(StatusCode, Json<DepartmentView>)> {
    let unit = tenant.unit(&state).await?;
    let created = departments::create(&unit, &body.name).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = UpdateDepartmentBody)]
struct UpdateBody {
    #[serde(default)]
    name: Option<String>,
    /// Ativa ou desativa o departamento.
    #[serde(default)]
    activated: Option<bool>,
}

/// Renames, activates or deactivates a department.
#[utoipa::path(
    put, path = "/departments/{id}", tag = "departamentos", operation_id = "departments_update",
    summary = "Renomeia, ativa ou desativa um departamento",
    params(("id" = i32, Path, description = "Id do departamento")),
    request_body = UpdateBody,
    responses(
        (status = 200, description = "O departamento alterado.", body = DepartmentView),
        (status = 404, description = "Departamento não encontrado (`department_not_found`).", body = ErrorBody),
        (status = 422, description = "Nome vazio, longo demais ou já usado.", body = ErrorBody),
    )
)]

async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<UpdateBody>,
) -> AppResult<Json<DepartmentView>> {
    let unit = tenant.unit(&state).await?;
    let updated = departments::update(&unit, id, body.name.as_deref(), body.activated).await?;
    unit.commit().await?;
    Ok(Json(updated))
}
