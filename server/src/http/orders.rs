//! `/api/orders` and a customer's orders (docs/orders.md): registered by integrations (an API
//! token, idempotent by `externalId`) and by agents from the customer's panel. Open to everyone
//! signed in; the inbox's entitlement decides which orders each one sees and writes.

use axum::{Json, extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::orders::{self, NewOrder, OrderChanges, OrderPage, OrderView},
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
};

const STAFF: Access = Access::Authenticated;

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(STAFF, routes!(register))
        .route(STAFF, routes!(change))
        .route(STAFF, routes!(of_customer))
}

/// Registers an order. The same `externalId` again answers the order already registered (200),
/// never a second one.
#[utoipa::path(
    post, path = "/orders", tag = "pedidos", operation_id = "orders_register",
    summary = "Registra um pedido (idempotente por externalId)",
    request_body = NewOrder,
    responses(
        (status = 201, description = "O pedido registrado.", body = OrderView),
        (status = 200, description = "O pedido já registrado com este `externalId`.", body = OrderView),
        (status = 403, description = "Sem atendimento, só quem vê todos os atendimentos (`order_needs_ticket`).", body = ErrorBody),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 422, description = "Campos inválidos, por campo (`invalid_order`).", body = ErrorBody),
    )
)]
async fn register(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<NewOrder>,
) -> AppResult<(StatusCode, Json<OrderView>)> {
    let unit = tenant.unit(&state).await?;
    let (order, created) =
        orders::register(&unit, &current.viewer, body, current.user.id, current.api_token.is_some()).await?;
    unit.commit().await?;
    Ok((if created { StatusCode::CREATED } else { StatusCode::OK }, Json(order)))
}

/// Changes an order's status (`pending`, `paid`, `cancelled`) or payment method.
#[utoipa::path(
    patch, path = "/orders/{id}", tag = "pedidos", operation_id = "orders_change",
    summary = "Muda a situação ou a forma de pagamento de um pedido",
    params(("id" = i32, Path, description = "Id do pedido")),
    request_body = OrderChanges,
    responses(
        (status = 200, description = "O pedido.", body = OrderView),
        (status = 404, description = "Pedido não encontrado (`order_not_found`).", body = ErrorBody),
        (status = 422, description = "Campos inválidos (`invalid_order`).", body = ErrorBody),
    )
)]
async fn change(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<OrderChanges>,
) -> AppResult<Json<OrderView>> {
    let unit = tenant.unit(&state).await?;
    let order = orders::change(&unit, &current.viewer, id, body).await?;
    unit.commit().await?;
    Ok(Json(order))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageParams {
    /// O `nextCursor` da página anterior.
    before: Option<i32>,
}

/// A customer's orders the caller may see, newest first.
#[utoipa::path(
    get, path = "/customers/{id}/orders", tag = "pedidos", operation_id = "orders_of_customer",
    summary = "Os pedidos de um cliente",
    params(("id" = i32, Path, description = "Id do cliente"), PageParams),
    responses(
        (status = 200, description = "Uma página (20) e o cursor da próxima.", body = OrderPage),
        (status = 404, description = "Cliente não encontrado (`customer_not_found`).", body = ErrorBody),
    )
)]
async fn of_customer(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(params): ApiQuery<PageParams>,
) -> AppResult<Json<OrderPage>> {
    let tx = tenant.read(&state).await?;
    let page = orders::of_customer(&tx, &current.viewer, id, params.before).await?;
    tx.end();
    Ok(Json(page))
}
