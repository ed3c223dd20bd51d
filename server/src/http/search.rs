//! `GET /api/search/messages` (docs/search.md): any staff user; the domain lists matches only on
//! tickets the caller may see.

use axum::{Json, extract::State};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::search::{self, SearchPage},
    error::AppResult,
    http::{access::ApiRoutes, error_bodies::ErrorBody, extract::ApiQuery},
    state::AppState,
};

const STAFF: Access = Access::Authenticated;

pub fn routes() -> ApiRoutes {
    ApiRoutes::default().route(STAFF, routes!(messages))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchParams {
    /// As palavras buscadas (de 2 a 100 caracteres): todas precisam estar na mensagem; acentos e
    /// maiúsculas não importam, e cada palavra acha as da mesma raiz ("pagamentos" acha "pagamento").
    #[serde(default)]
    q: String,
    /// O `next_cursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// Mensagens por página (padrão 30, máximo 50).
    #[serde(default)]
    limit: Option<u64>,
}

/// Messages matching a query, by conversation.
#[utoipa::path(
    get, path = "/search/messages", tag = "busca", operation_id = "search_messages",
    summary = "Busca nas mensagens de todos os atendimentos que o usuário vê",
    params(SearchParams),
    responses(
        (status = 200, description = "Uma página de mensagens encontradas (mais novas primeiro), agrupadas por atendimento, com o trecho de cada uma e as palavras encontradas marcadas.", body = SearchPage),
        (status = 422, description = "Busca vazia, curta ou longa (`invalid_search`), cursor inválido (`invalid_cursor`).", body = ErrorBody),
    )
)]
async fn messages(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiQuery(params): ApiQuery<SearchParams>,
) -> AppResult<Json<SearchPage>> {
    let tx = tenant.read(&state).await?;
    let page = search::messages(&tx, &current.viewer, &params.q, params.cursor.as_deref(), params.limit).await;
    tx.end();
    Ok(Json(page?))
}
