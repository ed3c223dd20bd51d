//! An official number's message templates (docs/providers.md#templates): the inbox's picker reads
//! them (`GET /api/templates`, any staff of the tenant); whoever keeps instances syncs them from
//! Meta (`POST /api/instance/{id}/templates/sync`).

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser, access},
    domain::instances::{
        self,
        message_templates::{self, Price, TemplateView},
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiPath, ApiQuery},
        instances::session_client,
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::Authenticated, routes!(list))
        .route(Access::Route("instances"), routes!(sync))
        .route(Access::Route("instances"), routes!(prices, set_prices))
}

/// The tenant's price of one template message per category (for campaigns' cost estimates).
#[utoipa::path(
    get, path = "/templates/prices", tag = "instâncias", operation_id = "templates_prices",
    summary = "Tabela de preços dos modelos (por categoria, em reais)",
    responses((status = 200, description = "Os preços que a empresa definiu.", body = Vec<Price>))
)]
async fn prices(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<Price>>> {
    let tx = tenant.read(&state).await?;
    let prices = message_templates::prices(&tx).await?;
    tx.end();
    Ok(Json(prices))
}

#[derive(Deserialize, ToSchema)]
struct PricesBody {
    /// `[{category, priceBrl}]`: a tabela inteira (categorias ausentes ficam sem preço).
    prices: Vec<Price>,
}

/// Replaces the tenant's price table.
#[utoipa::path(
    put, path = "/templates/prices", tag = "instâncias", operation_id = "templates_prices_set",
    summary = "Define a tabela de preços dos modelos",
    request_body = PricesBody,
    responses(
        (status = 200, description = "A tabela gravada.", body = Vec<Price>),
        (status = 422, description = "Categoria ou preço inválidos (`invalid_prices`).", body = ErrorBody),
    )
)]
async fn set_prices(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    crate::http::extract::ApiJson(body): crate::http::extract::ApiJson<PricesBody>,
) -> AppResult<Json<Vec<Price>>> {
    let unit = tenant.unit(&state).await?;
    let prices = message_templates::set_prices(&unit, &body.prices).await?;
    unit.commit().await?;
    Ok(Json(prices))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Id da instância (número oficial).
    instance_id: i32,
}

/// The instance's templates, as last synced (only `APPROVED` ones can be sent).
#[utoipa::path(
    get, path = "/templates", tag = "atendimentos", operation_id = "templates_list",
    summary = "Modelos de mensagem de um número oficial",
    params(ListQuery),
    responses(
        (status = 200, description = "Os modelos, por nome e idioma.", body = Vec<TemplateView>),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<Vec<TemplateView>>> {
    let tx = tenant.read(&state).await?;
    instances::find(&tx, query.instance_id).await?;
    let templates = message_templates::list(&tx, query.instance_id).await?;
    tx.end();
    Ok(Json(templates))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct TenantParam {
    /// Outro tenant (só operadores do back-office).
    #[serde(default)]
    tenant_name: Option<String>,
}

/// What a sync answers.
#[derive(Serialize, ToSchema)]
struct Synced {
    /// Modelos que a Meta informou.
    synced: usize,
    templates: Vec<TemplateView>,
}

/// Reads the number's templates from Meta and keeps them (added, updated, removed).
#[utoipa::path(
    post, path = "/instance/{id}/templates/sync", tag = "instâncias", operation_id = "instances_templates_sync",
    summary = "Sincroniza os modelos de mensagem do número oficial com a Meta",
    params(("id" = i32, Path, description = "Id da instância"), TenantParam),
    responses(
        (status = 200, description = "Os modelos como a Meta os informou.", body = Synced),
        (status = 404, description = "Instância não encontrada (`instance_not_found`).", body = ErrorBody),
        (status = 422, description = "Número que não é oficial (`templates_unsupported`) ou erro da Meta (`provider_error`).", body = ErrorBody),
    )
)]
async fn sync(
    State(state): State<AppState>,
    caller: CurrentTenant,
    user: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(param): ApiQuery<TenantParam>,
) -> AppResult<Json<Synced>> {
    let target = access::target(&state, &caller, &user, param.tenant_name.as_deref()).await?;
    let remote = session_client(&state, &target, id).await?.templates().await?;
    let synced = remote.len();
    let unit = target.unit(&state).await?;
    let templates = message_templates::sync(&unit, id, remote).await?;
    unit.commit().await?;
    Ok(Json(Synced { synced, templates }))
}
