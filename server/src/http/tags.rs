//! Tags over REST (docs/tags.md): `/api/tags` (everyone reads; the `tags` route keeps them and
//! the board's columns), `POST /api/tickets/{id}/tags` and `POST /api/customers/{id}/tags` (the
//! domain answers a ticket the caller does not see as missing, and refuses a customer they do not
//! serve).

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        conversations::views::{TagRef, TicketView},
        tags::{
            self, TagFields, TagView,
            applying::{self, TagChange},
        },
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath},
    },
    state::AppState,
};

const STAFF: Access = Access::Authenticated;
/// Keeping the tenant's tags is the tags screen's (route `tags`).
const KEEPERS: Access = Access::Route("tags");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(STAFF, routes!(list))
        .route(KEEPERS, routes!(create))
        .route(KEEPERS, routes!(update, delete))
        .route(KEEPERS, routes!(set_board))
        .route(STAFF, routes!(tag_ticket))
        .route(STAFF, routes!(tag_customer))
}

/// Every tag of the tenant.
#[utoipa::path(
    get, path = "/tags", tag = "etiquetas", operation_id = "tags_list",
    summary = "Lista as etiquetas da empresa",
    responses((status = 200, description = "Todas as etiquetas (até 200), por nome; `boardPosition` diz a coluna de cada uma no quadro.", body = [TagView]))
)]
async fn list(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<TagView>>> {
    let tx = tenant.read(&state).await?;
    let found = tags::list(&tx).await;
    tx.end();
    Ok(Json(found?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TagBody {
    /// De 1 a 40 caracteres; único sem diferença de acentos e maiúsculas.
    #[schema(example = "Orçamento")]
    #[serde(default)]
    name: Option<String>,
    /// `#rrggbb` (padrão `#228be6`).
    #[schema(example = "#fa5252")]
    #[serde(default)]
    color: Option<String>,
}

/// Creates a tag.
#[utoipa::path(
    post, path = "/tags", tag = "etiquetas", operation_id = "tags_create",
    summary = "Cria uma etiqueta",
    request_body = TagBody,
    responses(
        (status = 201, description = "A etiqueta criada.", body = TagView),
        (status = 422, description = "Nome inválido ou já usado (`invalid_tag_name`, `tag_name_taken`), cor inválida (`invalid_tag_color`), etiquetas demais (`too_many_tags`).", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<TagBody>,
) -> AppResult<(StatusCode, Json<TagView>)> {
    let unit = tenant.unit(&state).await?;
    let created = tags::create(&unit, current.viewer.user_id, TagFields { name: body.name, color: body.color }).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Renames or recolours a tag.
#[utoipa::path(
    put, path = "/tags/{id}", tag = "etiquetas", operation_id = "tags_update",
    summary = "Muda o nome ou a cor de uma etiqueta",
    params(("id" = i32, Path, description = "Id da etiqueta")),
    request_body = TagBody,
    responses(
        (status = 200, description = "A etiqueta como ficou.", body = TagView),
        (status = 404, description = "Etiqueta não encontrada (`tag_not_found`).", body = ErrorBody),
        (status = 422, description = "Nome inválido ou já usado, cor inválida.", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<TagBody>,
) -> AppResult<Json<TagView>> {
    let unit = tenant.unit(&state).await?;
    let updated = tags::update(&unit, id, TagFields { name: body.name, color: body.color }).await?;
    unit.commit().await?;
    Ok(Json(updated))
}

/// Deletes a tag.
#[utoipa::path(
    delete, path = "/tags/{id}", tag = "etiquetas", operation_id = "tags_delete",
    summary = "Apaga uma etiqueta (sai de todos os atendimentos e clientes)",
    params(("id" = i32, Path, description = "Id da etiqueta")),
    responses(
        (status = 204, description = "Apagada."),
        (status = 404, description = "Etiqueta não encontrada (`tag_not_found`).", body = ErrorBody),
    )
)]
async fn delete(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<StatusCode> {
    let unit = tenant.unit(&state).await?;
    tags::delete(&unit, id).await?;
    unit.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BoardBody {
    /// As colunas do quadro, em ordem (até 20); as outras etiquetas saem do quadro.
    tag_ids: Vec<i32>,
}

/// Chooses the kanban board's columns.
#[utoipa::path(
    put, path = "/tags/board", tag = "etiquetas", operation_id = "tags_board",
    summary = "Escolhe e ordena as colunas do quadro kanban",
    request_body = BoardBody,
    responses(
        (status = 200, description = "As colunas, em ordem.", body = [TagView]),
        (status = 422, description = "Etiqueta inexistente (`tag_not_found`), repetida (`duplicate_column`) ou colunas demais (`too_many_columns`).", body = ErrorBody),
    )
)]
async fn set_board(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<BoardBody>,
) -> AppResult<Json<Vec<TagView>>> {
    let unit = tenant.unit(&state).await?;
    let columns = tags::set_board(&unit, &body.tag_ids).await?;
    unit.commit().await?;
    Ok(Json(columns))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChangeBody {
    /// Etiquetas a incluir.
    #[serde(default)]
    add: Vec<i32>,
    /// Etiquetas a retirar (arrastar um cartão no quadro: `add` a coluna de destino, `remove` a de origem).
    #[serde(default)]
    remove: Vec<i32>,
}

impl ChangeBody {
    fn change(self) -> TagChange {
        TagChange { add: self.add, remove: self.remove }
    }
}

/// Tags a ticket or takes tags off it.
#[utoipa::path(
    post, path = "/tickets/{id}/tags", tag = "etiquetas", operation_id = "tickets_tags",
    summary = "Inclui ou retira etiquetas de um atendimento",
    params(("id" = i32, Path, description = "Id do atendimento")),
    request_body = ChangeBody,
    responses(
        (status = 200, description = "O atendimento com as etiquetas como ficaram.", body = TicketView),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 422, description = "Etiqueta inexistente (`tag_not_found`), mudança vazia ou contraditória (`invalid_tag_change`), mais de 20 (`too_many_tags`).", body = ErrorBody),
    )
)]
async fn tag_ticket(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ChangeBody>,
) -> AppResult<Json<TicketView>> {
    let unit = tenant.unit(&state).await?;
    let ticket = applying::change_ticket(&unit, &current.viewer, id, &body.change()).await?;
    unit.commit().await?;
    Ok(Json(ticket))
}

/// A customer's tags.
#[derive(Serialize, ToSchema)]
struct CustomerTags {
    tags: Vec<TagRef>,
}

/// Tags a customer or takes tags off them.
#[utoipa::path(
    post, path = "/customers/{id}/tags", tag = "etiquetas", operation_id = "customers_tags",
    summary = "Inclui ou retira etiquetas de um cliente",
    params(("id" = i32, Path, description = "Id do cliente")),
    request_body = ChangeBody,
    responses(
        (status = 200, description = "As etiquetas do cliente como ficaram.", body = CustomerTags),
        (status = 403, description = "Quem não é administrador, supervisor nem atende o cliente (`customer_tags_forbidden`).", body = ErrorBody),
        (status = 404, description = "Cliente não encontrado (`customer_not_found`).", body = ErrorBody),
        (status = 422, description = "Etiqueta inexistente, mudança vazia ou contraditória, mais de 20.", body = ErrorBody),
    )
)]
async fn tag_customer(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ChangeBody>,
) -> AppResult<Json<CustomerTags>> {
    let unit = tenant.unit(&state).await?;
    let tags = applying::change_customer(&unit, &current.viewer, id, &body.change()).await?;
    unit.commit().await?;
    Ok(Json(CustomerTags { tags }))
}
