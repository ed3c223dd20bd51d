//! Internal notes, mentions and ticket shares (docs/notes.md): `POST /api/tickets/{id}/notes`,
//! `GET /api/tickets/{id}/mention-targets`, `/api/mentions` and `/api/ticket-shares/{id}/…`. Any
//! staff user: the domain answers an unentitled ticket as missing, and someone else's mention or
//! share as missing too.

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::notes::{
        self, NewNote, WrittenNote,
        mentions::{self, MentionPage, ReadWhich},
        shares::{self, Person},
        views::ShareView,
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

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(STAFF, routes!(write))
        .route(STAFF, routes!(mention_targets))
        .route(STAFF, routes!(list_mentions))
        .route(STAFF, routes!(unread_mentions))
        .route(STAFF, routes!(read_mentions))
        .route(STAFF, routes!(accept_share))
        .route(STAFF, routes!(decline_share))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NoteBody {
    /// O texto (até 4096 caracteres). Só a equipe o vê.
    #[schema(example = "@Carlos o cliente já pagou, pode liberar o pedido?")]
    body: String,
    /// Chave de idempotência do cliente: reenviar a mesma chave devolve a mesma anotação.
    #[serde(default)]
    client_id: Option<String>,
    /// As pessoas mencionadas com `@` (até 20): cada uma recebe uma menção.
    #[serde(default)]
    mentioned_user_ids: Vec<i32>,
    /// Compartilhar o atendimento com as mencionadas que não o veem (sem isso, são recusadas).
    #[serde(default)]
    share_with_mentioned: bool,
    /// Um arquivo anexado (de `POST /api/tickets/{id}/notes/media`); `body` é então a legenda,
    /// que pode ficar vazia.
    #[serde(default)]
    media_id: Option<i32>,
    /// O nome do arquivo como a equipe o verá (padrão: pelo tipo).
    #[serde(default)]
    file_name: Option<String>,
}

/// Writes an internal note on a ticket.
#[utoipa::path(
    post, path = "/tickets/{id}/notes", tag = "anotações", operation_id = "tickets_note",
    summary = "Escreve uma anotação interna (o cliente nunca a recebe)",
    params(("id" = i32, Path, description = "Id do atendimento")),
    request_body = NoteBody,
    responses(
        (status = 201, description = "A anotação (`kind` = `internal`), quem ela menciona e com quem o atendimento foi compartilhado.", body = WrittenNote),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 409, description = "clientId de outra mensagem (`client_id_used`).", body = ErrorBody),
        (status = 422, description = "Texto vazio ou longo (`empty_message`, `message_too_long`); arquivo que não existe ou legenda longa (`media_not_found`, `caption_too_long`); pessoa inexistente (`mention_not_found`), que não vê o atendimento sem `shareWithMentioned` (`mention_cannot_see`) ou menções demais (`too_many_mentions`).", body = ErrorBody),
    )
)]
async fn write(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<NoteBody>,
) -> AppResult<(StatusCode, Json<WrittenNote>)> {
    let unit = tenant.unit(&state).await?;
    let new = NewNote {
        body: body.body,
        client_id: body.client_id,
        mentioned_user_ids: body.mentioned_user_ids,
        share_with_mentioned: body.share_with_mentioned,
        media_id: body.media_id,
        file_name: body.file_name,
    };
    let written = notes::write(&unit, &current.viewer, id, new).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(written)))
}

/// Who can be mentioned on a ticket, and whether each sees it.
#[utoipa::path(
    get, path = "/tickets/{id}/mention-targets", tag = "anotações", operation_id = "tickets_mention_targets",
    summary = "Lista quem pode ser mencionado numa anotação",
    params(("id" = i32, Path, description = "Id do atendimento")),
    responses(
        (status = 200, description = "As pessoas ativas da empresa (até 500, por nome), menos quem pergunta; `canSee` diz se já veem o atendimento.", body = [Person]),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
    )
)]
async fn mention_targets(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<Vec<Person>>> {
    let online = state.bus.online(&tenant.name).await;
    let tx = tenant.read(&state).await?;
    let people = shares::targets(&tx, &current.viewer, id, &online).await?;
    tx.end();
    Ok(Json(people))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MentionParams {
    /// Só as não lidas.
    #[serde(default)]
    unread: bool,
    /// O `next_cursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// Itens por página (padrão 20, máximo 100).
    #[serde(default)]
    limit: Option<u64>,
}

/// The caller's mentions, newest first.
#[utoipa::path(
    get, path = "/mentions", tag = "anotações", operation_id = "mentions_list",
    summary = "Lista as menções a quem pergunta",
    params(MentionParams),
    responses(
        (status = 200, description = "As menções em atendimentos que a pessoa vê, das mais novas às mais antigas, com o total de não lidas.", body = MentionPage),
        (status = 422, description = "Cursor inválido (`invalid_cursor`).", body = ErrorBody),
    )
)]
async fn list_mentions(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiQuery(params): ApiQuery<MentionParams>,
) -> AppResult<Json<MentionPage>> {
    let tx = tenant.read(&state).await?;
    let page = mentions::list(&tx, &current.viewer, params.cursor.as_deref(), params.unread, params.limit).await;
    tx.end();
    Ok(Json(page?))
}

/// How many mentions are unread.
#[derive(Serialize, ToSchema)]
struct Unread {
    /// Up to 100 (100: a hundred or more).
    unread: u64,
}

/// The caller's unread mentions (the badge).
#[utoipa::path(
    get, path = "/mentions/unread", tag = "anotações", operation_id = "mentions_unread",
    summary = "Conta as menções não lidas",
    responses((status = 200, description = "O total de menções não lidas, até 100 (100: cem ou mais).", body = Unread))
)]
async fn unread_mentions(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
) -> AppResult<Json<Unread>> {
    let tx = tenant.read(&state).await?;
    let unread = mentions::unread(&tx, &current.viewer).await;
    tx.end();
    Ok(Json(Unread { unread: unread? }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReadBody {
    /// Estas menções (até 100).
    #[serde(default)]
    ids: Vec<i32>,
    /// As menções deste atendimento.
    #[serde(default)]
    ticket_id: Option<i32>,
    /// Todas.
    #[serde(default)]
    all: bool,
}

/// Marks mentions read.
#[utoipa::path(
    post, path = "/mentions/read", tag = "anotações", operation_id = "mentions_read",
    summary = "Marca menções como lidas",
    request_body = ReadBody,
    responses(
        (status = 200, description = "O total de não lidas que restam.", body = Unread),
        (status = 422, description = "Nenhuma escolhida (`nothing_to_read`) ou mais de 100 (`too_many_ids`).", body = ErrorBody),
    )
)]
async fn read_mentions(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<ReadBody>,
) -> AppResult<Json<Unread>> {
    let unit = tenant.unit(&state).await?;
    let which = ReadWhich { ids: body.ids, ticket_id: body.ticket_id, all: body.all };
    let unread = mentions::read(&unit, &current.viewer, which).await?;
    unit.commit().await?;
    Ok(Json(Unread { unread }))
}

/// Accepts a ticket shared from a note.
#[utoipa::path(
    post, path = "/ticket-shares/{id}/accept", tag = "anotações", operation_id = "ticket_shares_accept",
    summary = "Aceita o convite para um atendimento",
    params(("id" = i32, Path, description = "Id do convite (`mention.share.id`)")),
    responses(
        (status = 200, description = "O convite, aceito: o atendimento segue visível para quem aceitou.", body = ShareView),
        (status = 404, description = "Convite não encontrado ou de outra pessoa (`share_not_found`).", body = ErrorBody),
        (status = 409, description = "Já recusado (`share_decided`).", body = ErrorBody),
    )
)]
async fn accept_share(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<ShareView>> {
    decide(state, tenant, current, id, true).await
}

/// Declines a ticket shared from a note.
#[utoipa::path(
    post, path = "/ticket-shares/{id}/decline", tag = "anotações", operation_id = "ticket_shares_decline",
    summary = "Recusa o convite para um atendimento",
    params(("id" = i32, Path, description = "Id do convite (`mention.share.id`)")),
    responses(
        (status = 200, description = "O convite, recusado: o atendimento sai da vista de quem recusou.", body = ShareView),
        (status = 404, description = "Convite não encontrado ou de outra pessoa (`share_not_found`).", body = ErrorBody),
        (status = 409, description = "Já aceito (`share_decided`).", body = ErrorBody),
    )
)]
async fn decline_share(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<ShareView>> {
    decide(state, tenant, current, id, false).await
}

async fn decide(
    state: AppState,
    tenant: CurrentTenant,
    current: CurrentUser,
    id: i32,
    accept: bool,
) -> AppResult<Json<ShareView>> {
    let unit = tenant.unit(&state).await?;
    let decided = shares::decide(&unit, &current.viewer, id, accept).await?;
    unit.commit().await?;
    Ok(Json(decided))
}
