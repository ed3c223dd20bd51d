//! `GET /api/search/messages` (docs/search.md): any staff user; the domain lists matches only on
//! tickets the caller may see.

use axum::{Json, extract::State};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::search::{self, MessageSearch, SearchPage},
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
    // The plan a search took on PostgreSQL serves its next pages and refreshes without estimating
    // it again (docs/search.md#the-index-decision-192).
    let caches = state.bus.caches();
    let user_id = current.viewer.user_id;
    let remembered = params.q.trim().to_lowercase();
    let search = MessageSearch {
        query: &params.q,
        cursor: params.cursor.as_deref(),
        limit: params.limit,
        known_plan: caches.search_plan(&tenant.name, user_id, &remembered),
    };
    let tx = tenant.read(&state).await?;
    let found = search::messages(&tx, &current.viewer, &search).await;
    tx.end();
    let found = found?;
    if let Some(plan) = found.plan.filter(|_| search.known_plan.is_none()) {
        caches.store_search_plan(tenant.name.clone(), user_id, remembered, plan);
    }
    Ok(Json(found.page))
}
