//! Customers and groups of customers over REST (docs/inbox.md#customers). The staff read them;
//! the blacklist is for those who see every ticket and the agent who served the customer (decided
//! in the domain, which knows the tickets); keeping groups is for those who manage users
//! (administrators).

use axum::{Json, extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::conversations::{
        customers::{self, CustomerChange, CustomerDetail, CustomerPage, CustomerView, GroupView},
        merges,
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
};

const STAFF: Access = Access::Authenticated;
/// Managing customer groups is the customers screen's (route `customers`).
const MANAGERS: Access = Access::Route("customers");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(STAFF, routes!(list))
        .route(STAFF, routes!(get))
        .route(STAFF, routes!(blacklist))
        .route(STAFF, routes!(update))
        .route(STAFF, routes!(groups))
        .route(MANAGERS, routes!(create_group))
        .route(MANAGERS, routes!(rename_group))
        .route(MANAGERS, routes!(members))
        .route(MANAGERS, routes!(merge))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// Nome ou telefone.
    #[serde(default)]
    search: Option<String>,
    /// Só os clientes com esta etiqueta.
    #[serde(default, rename = "tagId")]
    tag_id: Option<i32>,
    /// O `next_cursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// De 1 a 100 (padrão 30).
    #[serde(default)]
    limit: Option<u64>,
}

/// Customers, newest first.
#[utoipa::path(
    get, path = "/customers", tag = "clientes", operation_id = "customers_list",
    summary = "Lista os clientes",
    params(ListParams),
    responses(
        (status = 200, description = "Uma página e o cursor da próxima.", body = CustomerPage),
        (status = 422, description = "Busca ou cursor inválidos.", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(params): ApiQuery<ListParams>,
) -> AppResult<Json<CustomerPage>> {
    let tx = tenant.read(&state).await?;
    let page =
        customers::list(&tx, params.search.as_deref(), params.tag_id, params.cursor.as_deref(), params.limit).await?;
    tx.end();
    Ok(Json(page))
}

/// A customer with their groups and the tickets the caller may see.
#[utoipa::path(
    get, path = "/customers/{id}", tag = "clientes", operation_id = "customers_get",
    summary = "Um cliente, com grupos e histórico de atendimentos",
    params(("id" = i32, Path, description = "Id do cliente")),
    responses(
        (status = 200, description = "O cliente.", body = CustomerDetail),
        (status = 404, description = "Cliente não encontrado (`customer_not_found`).", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<CustomerDetail>> {
    let tx = tenant.read(&state).await?;
    let detail = customers::detail(&tx, &current.viewer, id).await?;
    tx.end();
    Ok(Json(detail))
}

#[derive(Deserialize, ToSchema)]
struct BlacklistBody {
    blacklisted: bool,
}

/// Puts a customer on the blacklist (their messages are kept but open no ticket) or off it:
/// administrators, supervisors, or the agent who held one of the customer's tickets on an
/// instance they are linked to.
#[utoipa::path(
    post, path = "/customers/{id}/blacklist", tag = "clientes", operation_id = "customers_blacklist",
    summary = "Bloqueia ou desbloqueia um cliente",
    params(("id" = i32, Path, description = "Id do cliente")),
    request_body = BlacklistBody,
    responses(
        (status = 200, description = "O cliente.", body = CustomerView),
        (status = 403, description = "Só administradores, supervisores ou quem atendeu o cliente numa instância sua (`blacklist_forbidden`).", body = ErrorBody),
        (status = 404, description = "Cliente não encontrado (`customer_not_found`).", body = ErrorBody),
    )
)]
async fn blacklist(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<BlacklistBody>,
) -> AppResult<Json<CustomerView>> {
    let unit = tenant.unit(&state).await?;
    let changed = customers::set_blacklisted(&unit, &current.viewer, id, body.blacklisted).await?;
    unit.commit().await?;
    Ok(Json(changed))
}

/// Renames a customer or sets their e-mail (`customer.updated` for the webhooks).
#[utoipa::path(
    put, path = "/customers/{id}", tag = "clientes", operation_id = "customers_update",
    summary = "Altera o nome ou o e-mail de um cliente",
    params(("id" = i32, Path, description = "Id do cliente")),
    request_body = CustomerChange,
    responses(
        (status = 200, description = "O cliente.", body = CustomerView),
        (status = 403, description = "Só administradores, supervisores ou quem vê um atendimento do cliente numa instância sua (`customer_forbidden`).", body = ErrorBody),
        (status = 404, description = "Cliente não encontrado (`customer_not_found`).", body = ErrorBody),
        (status = 422, description = "Nome vazio ou longo demais, e-mail inválido (`invalid_customer`).", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<CustomerChange>,
) -> AppResult<Json<CustomerView>> {
    let unit = tenant.unit(&state).await?;
    let changed = customers::update(&unit, &current.viewer, id, body).await?;
    unit.commit().await?;
    Ok(Json(changed))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MergeBody {
    /// O cliente que será incorporado a este (e deixará de existir).
    customer_id: i32,
}

/// Merges another customer into this one (docs/inbox.md#merging-customers): their identities,
/// chats, tickets, orders, groups and campaign sends move here, they are deleted, and the merge
/// is logged.
#[utoipa::path(
    post, path = "/customers/{id}/merge", tag = "clientes", operation_id = "customers_merge",
    summary = "Une dois clientes que são a mesma pessoa",
    params(("id" = i32, Path, description = "Id do cliente que fica")),
    request_body = MergeBody,
    responses(
        (status = 200, description = "O cliente que ficou, com o registro da união.", body = CustomerDetail),
        (status = 404, description = "Cliente não encontrado (`customer_not_found`).", body = ErrorBody),
        (status = 409, description = "Os dois têm atendimento aberto na mesma conexão (`merge_conflict`).", body = ErrorBody),
        (status = 422, description = "O mesmo cliente dos dois lados (`same_customer`).", body = ErrorBody),
    )
)]
async fn merge(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<MergeBody>,
) -> AppResult<Json<CustomerDetail>> {
    let unit = tenant.unit(&state).await?;
    merges::merge(&unit, current.user.id, id, body.customer_id).await?;
    let detail = customers::detail(&unit, &current.viewer, id).await?;
    unit.commit().await?;
    Ok(Json(detail))
}

/// Groups of customers, by name.
#[utoipa::path(
    get, path = "/customer-groups", tag = "clientes", operation_id = "customer_groups_list",
    summary = "Grupos de clientes",
    responses((status = 200, description = "Os grupos, com quantos clientes têm.", body = Vec<GroupView>))
)]
async fn groups(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<GroupView>>> {
    let tx = tenant.read(&state).await?;
    let all = customers::groups(&tx).await?;
    tx.end();
    Ok(Json(all))
}

#[derive(Deserialize, ToSchema)]
struct GroupBody {
    #[schema(example = "Clientes VIP")]
    name: String,
}

/// Creates a group.
#[utoipa::path(
    post, path = "/customer-groups", tag = "clientes", operation_id = "customer_groups_create",
    summary = "Cria um grupo de clientes",
    request_body = GroupBody,
    responses(
        (status = 201, description = "O grupo.", body = GroupView),
        (status = 422, description = "Nome vazio, longo demais ou já usado (`name_taken`).", body = ErrorBody),
    )
)]
async fn create_group(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<GroupBody>,
) -> AppResult<(StatusCode, Json<GroupView>)> {
    let unit = tenant.unit(&state).await?;
    let created = customers::create_group(&unit, &body.name).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Renames a group.
#[utoipa::path(
    put, path = "/customer-groups/{id}", tag = "clientes", operation_id = "customer_groups_rename",
    summary = "Renomeia um grupo de clientes",
    params(("id" = i32, Path, description = "Id do grupo")),
    request_body = GroupBody,
    responses(
        (status = 200, description = "O grupo.", body = GroupView),
        (status = 404, description = "Grupo não encontrado (`group_not_found`).", body = ErrorBody),
        (status = 422, description = "Nome vazio, longo demais ou já usado (`name_taken`).", body = ErrorBody),
    )
)]
async fn rename_group(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<GroupBody>,
) -> AppResult<Json<GroupView>> {
    let unit = tenant.unit(&state).await?;
    let renamed = customers::rename_group(&unit, id, &body.name).await?;
    unit.commit().await?;
    Ok(Json(renamed))
}

#[derive(Deserialize, ToSchema)]
struct MembersBody {
    /// Ids de clientes a incluir.
    #[serde(default)]
    add: Vec<i32>,
    /// Ids de clientes a tirar.
    #[serde(default)]
    remove: Vec<i32>,
}

/// Adds customers to a group and removes others.
#[utoipa::path(
    post, path = "/customer-groups/{id}/members", tag = "clientes", operation_id = "customer_groups_members",
    summary = "Inclui e tira clientes de um grupo",
    params(("id" = i32, Path, description = "Id do grupo")),
    request_body = MembersBody,
    responses(
        (status = 200, description = "O grupo.", body = GroupView),
        (status = 404, description = "Grupo não encontrado (`group_not_found`).", body = ErrorBody),
        (status = 422, description = "Cliente inexistente ou clientes demais de uma vez.", body = ErrorBody),
    )
)]
async fn members(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<MembersBody>,
) -> AppResult<Json<GroupView>> {
    let unit = tenant.unit(&state).await?;
    let changed = customers::change_members(&unit, id, &body.add, &body.remove).await?;
    unit.commit().await?;
    Ok(Json(changed))
}
