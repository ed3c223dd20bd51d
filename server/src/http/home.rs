//! `GET /api/home`: the home board (docs/account.md#home-board), one call. Which sections a caller
//! gets follows the same route permissions as the screens each card links to.

use axum::{Json, extract::State};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::home::{self, Board},
    error::AppResult,
    http::access::ApiRoutes,
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default().route(Access::Authenticated, routes!(board))
}

/// What needs attention now, for the caller.
#[utoipa::path(
    get, path = "/home", tag = "início", operation_id = "home_board",
    summary = "Quadro da página inicial",
    description = "Instâncias que pedem atenção (rota `instances`), pessoas online, bloqueadas e sem o segundo fator \
        exigido e falhas de login recentes (rota `users`), uso do plano (`users` ou `instances`), a fila de quem atende \
        e, para operadores, empresas perto dos limites e excluídas nos últimos 30 dias. Uma seção que a pessoa não pode \
        ver vem `null`; nenhuma lista passa de 5 itens.",
    responses((status = 200, description = "O quadro.", body = Board))
)]
async fn board(State(state): State<AppState>, tenant: CurrentTenant, current: CurrentUser) -> AppResult<Json<Board>> {
    let (sees_users, sees_instances) = (current.may("users"), current.may("instances"));
    let serves = current.viewer.sees_all || !current.viewer.instances.is_empty();
    let with_socket = if sees_users { state.bus.online(&tenant.name).await } else { Default::default() };
    let tx = tenant.read(&state).await?;
    let mut board = Board::default();
    if sees_instances {
        board.instances = Some(home::instances(&tx).await?);
    }
    if sees_users {
        board.people = Some(home::people(&tx, &with_socket).await?);
        board.login_failures = Some(home::login_failures(&tx).await?);
    }
    if sees_users || sees_instances {
        board.usage = Some(home::usage(&tx, &tenant.record).await?);
    }
    if serves {
        board.inbox = Some(home::inbox(&tx, &current.viewer).await?);
    }
    tx.end();
    if tenant.is_backoffice(&state) && current.may("tenants") {
        board.operator = Some(home::operator::card(&state.dbs, state.bus.caches().operator_scans()).await?);
    }
    Ok(Json(board))
}
