//! `/api/permission*`: roles' route permissions (docs/contracts.md#roles-and-route-permissions and docs/contracts.md#api-calls).

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        Error as DomainError,
        roles::{self, Category, RoleRoutes},
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiQuery},
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::Route("roles-list"), routes!(list))
        .route(Access::Route("roles-list"), routes!(categories))
        .route(Access::Authenticated, routes!(by_email))
        .route(Access::Route("roles-edit"), routes!(update))
}

/// Every role with the routes it may open.
#[utoipa::path(
    get, path = "/permission", tag = "permissões", operation_id = "permissions_list",
    summary = "Lista os perfis e as rotas de cada um",
    responses((status = 200, description = "Os perfis, por id.", body = Vec<RoleRoutes>))
)]
async fn list(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<RoleRoutes>>> {
    let tx = tenant.read(&state).await?;
    let roles = roles::roles(&tx).await?;
    tx.end();
    Ok(Json(roles))
}

/// The permissions grouped by category, in catalogue order.
#[utoipa::path(
    get, path = "/permission/categories", tag = "permissões", operation_id = "permissions_categories",
    summary = "Lista as permissões por categoria",
    responses((status = 200, description = "As categorias, na ordem do catálogo.", body = Vec<Category>))
)]
async fn categories(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<Category>>> {
    let tx = tenant.read(&state).await?;
    let categories = roles::categories(&tx).await?;
    tx.end();
    Ok(Json(categories))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct EmailQuery {
    /// Email do usuário.
    email: String,
}

/// A user's permitted routes; one's own always, anyone's with the `users` route.
#[utoipa::path(
    get, path = "/permission/email", tag = "permissões", operation_id = "permissions_by_email",
    summary = "Rotas permitidas a um usuário, pelo email",
    description = "As próprias, sempre; as de outro usuário, só com a rota `users`.",
    params(EmailQuery),
    responses(
        (status = 200, description = "`{email, permissions: [{route_name}], has_permission_routes}`", body = EmailRoutes,
            example = json!({ "email": "ana@acme.com.br", "permissions": [{ "route_name": "home" }], "has_permission_routes": ["home"] })),
        (status = 403, description = "Outro usuário, sem a rota `users` (`forbidden`).", body = ErrorBody),
    )
)]
async fn by_email(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiQuery(query): ApiQuery<EmailQuery>,
) -> AppResult<Json<EmailRoutes>> {
    let own = query.email.trim().eq_ignore_ascii_case(&current.user.email);
    if !own && !current.may("users") {
        return Err(DomainError::forbidden("forbidden", "Você não tem permissão para acessar este recurso.").into());
    }
    let tx = tenant.read(&state).await?;
    let routes = roles::routes_of_email(&tx, &query.email).await?;
    tx.end();
    let permissions = routes.iter().map(|r| RoutePermission { route_name: r.clone() }).collect();
    Ok(Json(EmailRoutes { email: query.email.trim().to_lowercase(), permissions, has_permission_routes: routes }))
}

/// A user's permitted routes, as `/permission/email` answers them.
#[derive(Serialize, ToSchema)]
struct EmailRoutes {
    /// O email pedido, em minúsculas.
    #[schema(example = "ana@acme.com.br")]
    email: String,
    /// As rotas, uma por objeto.
    permissions: Vec<RoutePermission>,
    /// As mesmas rotas, como lista de nomes.
    #[schema(example = json!(["home"]))]
    has_permission_routes: Vec<String>,
}

/// One permitted route.
#[derive(Serialize, ToSchema)]
struct RoutePermission {
    #[schema(example = "home")]
    route_name: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UpdateRoleBody)]
struct UpdateBody {
    /// Id do perfil.
    role_id: i32,
    /// Nomes de rota do catálogo que o perfil pode abrir (a lista inteira).
    #[schema(example = json!(["home", "users"]))]
    permissions: Vec<String>,
    /// Opcional: exige dois fatores dos usuários do perfil.
    #[serde(default)]
    require_two_factor: Option<bool>,
}

/// Replaces a role's routes; `administrador` always keeps `roles-list` and `roles-edit`.
#[utoipa::path(
    post, path = "/permission/update", tag = "permissões", operation_id = "permissions_update",
    summary = "Altera as rotas de um perfil",
    description = "Substitui as rotas do perfil; `administrador` sempre mantém `roles-list` e `roles-edit`.",
    request_body = UpdateBody,
    responses(
        (status = 200, description = "O perfil alterado.", body = RoleRoutes),
        (status = 404, description = "Perfil não encontrado (`role_not_found`).", body = ErrorBody),
        (status = 422, description = "Rota desconhecida, ou o administrador perderia as telas de perfis.", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<UpdateBody>,
) -> AppResult<Json<RoleRoutes>> {
    let unit = tenant.unit(&state).await?;
    let role = roles::update_role(&unit, body.role_id, &body.permissions, body.require_two_factor).await?;
    unit.commit().await?;
    Ok(Json(role))
}
