//! The staff inbox over REST (docs/inbox.md): tickets, their conversations, transfers, closing
//! reasons. Any logged-in user may call these; what each one sees and may do is the domain's
//! entitlement (`domain::conversations::Viewer`): another tenant's or an unentitled ticket answers exactly
//! like a missing one.

use axum::{Json, extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, ClientAddr, CurrentTenant, CurrentUser},
    domain::{
        audit,
        conversations::{
            self,
            closing_reasons::{self, ClosingReasonView},
            messages::MessagePage,
            outgoing::Outgoing,
            tickets::{InboxInstance, ListQuery, TicketPage},
            views::{MessageView, TicketView, TransferView},
        },
        inbox::{
            self,
            messages::Reply,
            transfers::{self, NewTransfer, TransferTargets},
        },
        instances::message_templates::TemplateChoice,
        media::payload::{Contact, Location},
    },
    error::AppResult,
    http::{
        access::{self, ApiRoutes},
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
};

const STAFF: Access = Access::Authenticated;
/// Keeping the list of closing reasons is the closing-reasons screen's (route `closing-reasons`).
const MANAGERS: Access = Access::Route("closing-reasons");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(STAFF, routes!(list))
        .route(STAFF, routes!(get))
        .route(STAFF, routes!(conversation))
        .route(STAFF, routes!(send))
        .route(STAFF, routes!(retry))
        .route(STAFF, routes!(accept))
        .route(STAFF, routes!(read))
        .route(STAFF, routes!(close))
        .route(STAFF, routes!(ticket_transfers))
        .route(STAFF, routes!(transfer))
        .route(STAFF, routes!(transfer_targets))
        .route(STAFF, routes!(accept_transfer))
        .route(STAFF, routes!(reject_transfer))
        .route(STAFF, routes!(cancel_transfer))
        .route(STAFF, routes!(reasons))
        .route(STAFF, routes!(inbox_instances))
        .route(MANAGERS, routes!(create_reason))
        .route(MANAGERS, routes!(update_reason))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// `pending`, `open`, `transferring` ou `closed`.
    #[serde(default)]
    status: Option<String>,
    /// Só os atendimentos de quem chama.
    #[serde(default)]
    mine: Option<bool>,
    #[serde(default)]
    instance_id: Option<i32>,
    #[serde(default)]
    department_id: Option<i32>,
    /// Nome ou telefone do cliente, ou protocolo.
    #[serde(default)]
    search: Option<String>,
    /// Só os atendimentos com esta etiqueta.
    #[serde(default)]
    tag_id: Option<i32>,
    /// Só os atendimentos sem nenhuma das etiquetas do quadro (a coluna "Sem etiqueta").
    #[serde(default)]
    without_board_tag: Option<bool>,
    /// Sem `status`: todas as situações menos `closed` (os cartões do quadro).
    #[serde(default)]
    active: Option<bool>,
    /// O `next_cursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// De 1 a 100 (padrão 30).
    #[serde(default)]
    limit: Option<u64>,
}

/// The tickets the caller may see, newest activity first, with the queue's counts.
#[utoipa::path(
    get, path = "/tickets", tag = "atendimentos", operation_id = "tickets_list",
    summary = "Lista os atendimentos",
    params(ListParams),
    responses(
        (status = 200, description = "Uma página, o cursor da próxima e as contagens da fila.", body = TicketPage),
        (status = 422, description = "Situação, busca ou cursor inválidos.", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> AppResult<Json<TicketPage>> {
    // The tabs' counts are the same on every page until a ticket event drops them
    // (docs/performance.md#queue-counts-remembered).
    let caches = state.bus.caches();
    let user_id = current.viewer.user_id;
    let fill = caches.queue_counts_ticket();
    let mut query = ListQuery {
        status: params.status,
        mine: params.mine.unwrap_or(false),
        instance_id: params.instance_id,
        department_id: params.department_id,
        search: params.search,
        tag_id: params.tag_id,
        without_board_tag: params.without_board_tag.unwrap_or(false),
        active: params.active.unwrap_or(false),
        cursor: params.cursor,
        limit: params.limit,
        known_counts: caches.queue_counts(&tenant.name, user_id),
        common_search: false,
    };
    // A common name's next pages and refreshes walk the newest tickets at once
    // (docs/search.md#customers).
    let needle = query.search.as_deref().map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
    query.common_search = needle.as_deref().is_some_and(|needle| caches.common_search(&tenant.name, needle));
    let tx = tenant.read(&state).await?;
    let page = conversations::tickets::list(&tx, &current.viewer, &query).await?;
    tx.end();
    if query.known_counts.is_none() {
        caches.store_queue_counts(fill, tenant.name.clone(), user_id, page.counts.clone());
    }
    if let Some(needle) = needle.filter(|_| page.common_search && !query.common_search) {
        caches.store_common_search(tenant.name.clone(), needle);
    }
    Ok(Json(page))
}

/// One ticket.
#[utoipa::path(
    get, path = "/tickets/{id}", tag = "atendimentos", operation_id = "tickets_get",
    summary = "Um atendimento",
    params(("id" = i32, Path, description = "Id do atendimento")),
    responses(
        (status = 200, description = "O atendimento.", body = TicketView),
        (status = 404, description = "Não existe ou não é visível para quem chama (`ticket_not_found`).", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<TicketView>> {
    let tx = tenant.read(&state).await?;
    let found = conversations::tickets::find_visible(&tx, &current.viewer, id).await?;
    let view = conversations::views::ticket(&tx, &found).await?;
    tx.end();
    Ok(Json(view))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ConversationParams {
    /// O `next_cursor` da página anterior (mensagens mais antigas).
    #[serde(default)]
    before: Option<String>,
    /// De 1 a 200 (padrão 50).
    #[serde(default)]
    limit: Option<u64>,
}

/// A page of the conversation, oldest first, paging backwards.
#[utoipa::path(
    get, path = "/tickets/{id}/messages", tag = "atendimentos", operation_id = "tickets_messages",
    summary = "Mensagens de um atendimento",
    params(("id" = i32, Path, description = "Id do atendimento"), ConversationParams),
    responses(
        (status = 200, description = "As mensagens (mais antigas primeiro) e o cursor das anteriores.", body = MessagePage),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
    )
)]
async fn conversation(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ClientAddr(client): ClientAddr,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(params): ApiQuery<ConversationParams>,
) -> AppResult<Json<MessagePage>> {
    let tx = tenant.read(&state).await?;
    let page = conversations::messages::list(
        &tx,
        tenant.name.as_str(),
        &current.viewer,
        id,
        params.before.as_deref(),
        params.limit,
    )
    .await?;
    // Opening someone else's conversation is on the audit log when the company asks for it
    // (docs/audit.md#conversation-reads); paging back through it is the same opening.
    let (actor, path) = (current.actor(client), format!("/api/tickets/{id}/messages"));
    let record = params.before.is_none() && {
        let chosen = super::audit::kept_settings(&state, &tenant, &tx).await?;
        audit::reads::to_record(&tx, &chosen, &actor, id, &path).await?
    };
    tx.end();
    if record {
        let done = audit::Done { method: "GET".to_owned(), path, status: 200 };
        access::record(&state, &tenant, &actor, &audit::reads::action(), &done).await;
    }
    Ok(Json(page))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SendBody {
    /// O texto (até 4096 caracteres); com `mediaId`, a legenda (pode ser vazia).
    #[schema(example = "Olá! Já verifico seu pedido.")]
    #[serde(default)]
    body: String,
    /// Chave de idempotência do cliente: reenviar a mesma chave devolve a mesma mensagem.
    #[serde(default)]
    client_id: Option<String>,
    /// Um arquivo enviado para o atendimento (`POST /api/tickets/{id}/media`).
    #[serde(default)]
    media_id: Option<i32>,
    /// O nome do arquivo como o cliente o verá.
    #[serde(default)]
    file_name: Option<String>,
    /// Enviar o áudio como mensagem de voz (padrão: quando é Ogg/Opus).
    #[serde(default)]
    voice: Option<bool>,
    /// A mensagem desta conversa que esta responde (citação).
    #[serde(default)]
    quoted_message_id: Option<i32>,
    /// Um modelo aprovado do número oficial, com os valores de `{{1}}`, `{{2}}`… (então `body` é
    /// ignorado). Fora da janela de 24 horas, é o único envio aceito.
    #[serde(default)]
    template: Option<TemplateChoice>,
    /// Um local (latitude, longitude; nome e endereço opcionais): então `body` é ignorado.
    #[serde(default)]
    location: Option<Location>,
    /// De 1 a 10 cartões de contato (nome e de 1 a 5 telefones): então `body` é ignorado.
    #[serde(default)]
    contacts: Option<Vec<Contact>>,
    /// As respostas rápidas usadas para escrever a mensagem (até 10): cada uma conta um uso.
    #[serde(default)]
    quick_reply_ids: Vec<i32>,
}

/// Replies to the customer: the message is queued and sent by the worker.
#[utoipa::path(
    post, path = "/tickets/{id}/messages", tag = "atendimentos", operation_id = "tickets_send",
    summary = "Responde ao cliente",
    params(("id" = i32, Path, description = "Id do atendimento")),
    request_body = SendBody,
    responses(
        (status = 201, description = "A mensagem, na fila de envio (`ack` = `queued`).", body = MessageView),
        (status = 403, description = "O atendimento é de outra pessoa (`not_ticket_owner`).", body = ErrorBody),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 409, description = "Atendimento não aceito (`ticket_not_accepted`) ou encerrado (`ticket_closed`).", body = ErrorBody),
        (status = 422, description = "Mensagem vazia ou longa demais; localização fora do mapa ou contatos inválidos (`invalid_location`, `invalid_contacts`); mais de um anexo (`one_attachment`); janela de 24 horas fechada (`window_closed`); modelo não aprovado (`template_not_approved`) ou parâmetros faltando (`template_parameters`).", body = ErrorBody),
    )
)]
async fn send(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<SendBody>,
) -> AppResult<(StatusCode, Json<MessageView>)> {
    let unit = tenant.unit(&state).await?;
    let reply = Reply {
        content: Outgoing {
            body: body.body,
            media_id: body.media_id,
            file_name: body.file_name,
            voice: body.voice,
            template: body.template,
            location: body.location,
            contacts: body.contacts,
        },
        client_id: body.client_id,
        quoted_message_id: body.quoted_message_id,
        quick_reply_ids: body.quick_reply_ids,
    };
    let sent = inbox::messages::send(&unit, &current.viewer, id, reply).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(sent)))
}

/// Sends a failed message again.
#[utoipa::path(
    post, path = "/tickets/{id}/messages/{message_id}/retry", tag = "atendimentos", operation_id = "tickets_retry",
    summary = "Reenvia uma mensagem que falhou",
    params(("id" = i32, Path, description = "Id do atendimento"), ("message_id" = i32, Path, description = "Id da mensagem")),
    responses(
        (status = 200, description = "A mensagem, de volta à fila de envio.", body = MessageView),
        (status = 404, description = "Atendimento ou mensagem não encontrados.", body = ErrorBody),
        (status = 409, description = "A mensagem não falhou (`message_not_failed`).", body = ErrorBody),
    )
)]
async fn retry(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath((id, message_id)): ApiPath<(i32, i32)>,
) -> AppResult<Json<MessageView>> {
    let unit = tenant.unit(&state).await?;
    let queued = inbox::messages::retry(&unit, &current.viewer, id, message_id).await?;
    unit.commit().await?;
    Ok(Json(queued))
}

/// Takes a waiting ticket.
#[utoipa::path(
    post, path = "/tickets/{id}/accept", tag = "atendimentos", operation_id = "tickets_accept",
    summary = "Aceita um atendimento da fila",
    params(("id" = i32, Path, description = "Id do atendimento")),
    responses(
        (status = 200, description = "O atendimento, `open`, de quem chama.", body = TicketView),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 409, description = "Outra pessoa já aceitou (`ticket_taken`) ou está encerrado (`ticket_closed`).", body = ErrorBody),
    )
)]
async fn accept(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<TicketView>> {
    let unit = tenant.unit(&state).await?;
    let accepted = inbox::tickets::accept(&unit, &current.viewer, id).await?;
    unit.commit().await?;
    Ok(Json(accepted))
}

/// Marks the conversation read.
#[utoipa::path(
    post, path = "/tickets/{id}/read", tag = "atendimentos", operation_id = "tickets_read",
    summary = "Marca a conversa como lida",
    params(("id" = i32, Path, description = "Id do atendimento")),
    responses(
        (status = 204, description = "Lida."),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
    )
)]
async fn read(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<StatusCode> {
    let tx = tenant.begin(&state).await?;
    conversations::tickets::mark_read(&tx, &current.viewer, id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CloseBody {
    /// Um motivo de encerramento ativo (obrigatório).
    #[serde(default)]
    closing_reason_id: Option<i32>,
}

/// Closes a ticket with a reason.
#[utoipa::path(
    post, path = "/tickets/{id}/close", tag = "atendimentos", operation_id = "tickets_close",
    summary = "Encerra um atendimento",
    params(("id" = i32, Path, description = "Id do atendimento")),
    request_body = CloseBody,
    responses(
        (status = 200, description = "O atendimento encerrado.", body = TicketView),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 409, description = "Já encerrado (`ticket_closed`).", body = ErrorBody),
        (status = 422, description = "Sem motivo (`closing_reason_required`) ou motivo inválido.", body = ErrorBody),
    )
)]
async fn close(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<CloseBody>,
) -> AppResult<Json<TicketView>> {
    let unit = tenant.unit(&state).await?;
    let closed = inbox::tickets::close(&unit, &current.viewer, id, body.closing_reason_id).await?;
    unit.commit().await?;
    Ok(Json(closed))
}

/// A ticket's transfers, newest first.
#[utoipa::path(
    get, path = "/tickets/{id}/transfers", tag = "atendimentos", operation_id = "tickets_transfers",
    summary = "Transferências de um atendimento",
    params(("id" = i32, Path, description = "Id do atendimento")),
    responses(
        (status = 200, description = "As transferências, mais recentes primeiro.", body = Vec<TransferView>),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
    )
)]
async fn ticket_transfers(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<Vec<TransferView>>> {
    let tx = tenant.read(&state).await?;
    let all = transfers::of_ticket(&tx, &current.viewer, id).await?;
    tx.end();
    Ok(Json(all))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TransferBody {
    /// Para uma pessoa...
    #[serde(default)]
    to_user_id: Option<i32>,
    /// ...ou para um departamento (um dos dois).
    #[serde(default)]
    to_department_id: Option<i32>,
    /// Observação para quem recebe (até 500 caracteres).
    #[serde(default)]
    note: Option<String>,
}

/// Asks to transfer a ticket.
#[utoipa::path(
    post, path = "/tickets/{id}/transfers", tag = "atendimentos", operation_id = "tickets_transfer",
    summary = "Pede a transferência de um atendimento",
    params(("id" = i32, Path, description = "Id do atendimento")),
    request_body = TransferBody,
    responses(
        (status = 201, description = "A transferência, `pending`.", body = TransferView),
        (status = 403, description = "O atendimento é de outra pessoa (`not_ticket_owner`).", body = ErrorBody),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 409, description = "Já em transferência, não aceito ou encerrado.", body = ErrorBody),
        (status = 422, description = "Destino inválido (`invalid_transfer_target`).", body = ErrorBody),
    )
)]
async fn transfer(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<TransferBody>,
) -> AppResult<(StatusCode, Json<TransferView>)> {
    let unit = tenant.unit(&state).await?;
    let new = NewTransfer { to_user_id: body.to_user_id, to_department_id: body.to_department_id, note: body.note };
    let requested = transfers::request(&unit, &current.viewer, id, new).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(requested)))
}

/// Where the ticket can be transferred: people online first, then departments.
#[utoipa::path(
    get, path = "/tickets/{id}/transfer-targets", tag = "atendimentos", operation_id = "tickets_transfer_targets",
    summary = "Lista para quem o atendimento pode ser transferido",
    params(("id" = i32, Path, description = "Id do atendimento")),
    responses(
        (status = 200, description = "Pessoas (online primeiro) e departamentos.", body = TransferTargets),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
    )
)]
async fn transfer_targets(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<TransferTargets>> {
    let online = state.bus.online(&tenant.name).await;
    let tx = tenant.read(&state).await?;
    let targets = transfers::targets(&tx, &current.viewer, id, &online).await?;
    tx.end();
    Ok(Json(targets))
}

/// The instances whose tickets the caller sees (the queue's filter).
#[utoipa::path(
    get, path = "/inbox/instances", tag = "atendimentos", operation_id = "inbox_instances",
    summary = "Instâncias cujos atendimentos a pessoa vê",
    responses((status = 200, description = "`[{id, name, official}]` por nome.", body = Vec<InboxInstance>))
)]
async fn inbox_instances(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
) -> AppResult<Json<Vec<InboxInstance>>> {
    let tx = tenant.read(&state).await?;
    let instances = conversations::tickets::instances_of(&tx, &current.viewer).await?;
    tx.end();
    Ok(Json(instances))
}

/// The target accepts a transfer.
#[utoipa::path(
    post, path = "/transfers/{id}/accept", tag = "atendimentos", operation_id = "transfers_accept",
    summary = "Aceita uma transferência",
    params(("id" = i32, Path, description = "Id da transferência")),
    responses(
        (status = 200, description = "O atendimento, agora de quem aceitou.", body = TicketView),
        (status = 403, description = "A transferência é para outra pessoa (`not_transfer_target`).", body = ErrorBody),
        (status = 404, description = "Transferência não encontrada (`transfer_not_found`).", body = ErrorBody),
        (status = 409, description = "Já resolvida (`transfer_resolved`).", body = ErrorBody),
    )
)]
async fn accept_transfer(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<TicketView>> {
    let unit = tenant.unit(&state).await?;
    let accepted = transfers::accept(&unit, &current.viewer, id).await?;
    unit.commit().await?;
    Ok(Json(accepted))
}

/// The target declines a transfer.
#[utoipa::path(
    post, path = "/transfers/{id}/reject", tag = "atendimentos", operation_id = "transfers_reject",
    summary = "Recusa uma transferência",
    params(("id" = i32, Path, description = "Id da transferência")),
    responses(
        (status = 200, description = "O atendimento, de volta a quem transferiu.", body = TicketView),
        (status = 403, description = "A transferência é para outra pessoa.", body = ErrorBody),
        (status = 404, description = "Transferência não encontrada (`transfer_not_found`).", body = ErrorBody),
        (status = 409, description = "Já resolvida (`transfer_resolved`).", body = ErrorBody),
    )
)]
async fn reject_transfer(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<TicketView>> {
    let unit = tenant.unit(&state).await?;
    let back = transfers::withdraw(&unit, &current.viewer, id, true).await?;
    unit.commit().await?;
    Ok(Json(back))
}

/// The requester withdraws a transfer.
#[utoipa::path(
    delete, path = "/transfers/{id}", tag = "atendimentos", operation_id = "transfers_cancel",
    summary = "Cancela uma transferência",
    params(("id" = i32, Path, description = "Id da transferência")),
    responses(
        (status = 200, description = "O atendimento, de volta a quem transferiu.", body = TicketView),
        (status = 403, description = "Só quem pediu (ou um gestor) cancela.", body = ErrorBody),
        (status = 404, description = "Transferência não encontrada (`transfer_not_found`).", body = ErrorBody),
        (status = 409, description = "Já resolvida (`transfer_resolved`).", body = ErrorBody),
    )
)]
async fn cancel_transfer(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<TicketView>> {
    let unit = tenant.unit(&state).await?;
    let back = transfers::withdraw(&unit, &current.viewer, id, false).await?;
    unit.commit().await?;
    Ok(Json(back))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ReasonParams {
    /// Só os ativos (o diálogo de encerramento).
    #[serde(default)]
    active: Option<bool>,
}

/// Closing reasons, by name.
#[utoipa::path(
    get, path = "/closing-reasons", tag = "atendimentos", operation_id = "closing_reasons_list",
    summary = "Motivos de encerramento",
    params(ReasonParams),
    responses((status = 200, description = "Os motivos, por nome.", body = Vec<ClosingReasonView>))
)]
async fn reasons(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(params): ApiQuery<ReasonParams>,
) -> AppResult<Json<Vec<ClosingReasonView>>> {
    let tx = tenant.read(&state).await?;
    let all = closing_reasons::list(&tx, params.active.unwrap_or(false)).await?;
    tx.end();
    Ok(Json(all))
}

#[derive(Deserialize, ToSchema)]
struct ReasonBody {
    #[schema(example = "Pedido entregue")]
    name: String,
}

/// Creates a closing reason.
#[utoipa::path(
    post, path = "/closing-reasons", tag = "atendimentos", operation_id = "closing_reasons_create",
    summary = "Cria um motivo de encerramento",
    request_body = ReasonBody,
    responses(
        (status = 201, description = "O motivo criado.", body = ClosingReasonView),
        (status = 422, description = "Nome vazio, longo demais ou já usado (`name_taken`).", body = ErrorBody),
    )
)]
async fn create_reason(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<ReasonBody>,
) -> AppResult<(StatusCode, Json<ClosingReasonView>)> {
    let tx = tenant.begin(&state).await?;
    let created = closing_reasons::create(&tx, &body.name).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[derive(Deserialize, ToSchema)]
struct ReasonChanges {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    activated: Option<bool>,
}

/// Renames, activates or deactivates a closing reason.
#[utoipa::path(
    put, path = "/closing-reasons/{id}", tag = "atendimentos", operation_id = "closing_reasons_update",
    summary = "Renomeia, ativa ou desativa um motivo de encerramento",
    params(("id" = i32, Path, description = "Id do motivo")),
    request_body = ReasonChanges,
    responses(
        (status = 200, description = "O motivo alterado.", body = ClosingReasonView),
        (status = 404, description = "Motivo não encontrado (`closing_reason_not_found`).", body = ErrorBody),
        (status = 422, description = "Nome vazio, longo demais ou já usado.", body = ErrorBody),
    )
)]
async fn update_reason(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ReasonChanges>,
) -> AppResult<Json<ClosingReasonView>> {
    let tx = tenant.begin(&state).await?;
    let updated = closing_reasons::update(&tx, id, body.name.as_deref(), body.activated).await?;
    tx.commit().await?;
    Ok(Json(updated))
}
