//! `/api/quick-replies` and `/api/tickets/{id}/quick-replies` (docs/quick-replies.md): any staff
//! user reads the replies they see and keeps their own; the domain lets only those who see
//! everything keep the tenant's and the departments' (403 `quick_reply_forbidden`).

use axum::{Json, extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        instances::message_templates::TemplateChoice,
        media::holds::Attachment,
        quick_replies::{
            self, FilledReply, ListQuery, NewQuickReply, QuickReplyChanges, QuickReplyPage, QuickReplyView, Scope,
        },
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery, nullable},
    },
    state::AppState,
};

const STAFF: Access = Access::Authenticated;

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(STAFF, routes!(list, create))
        .route(STAFF, routes!(update, delete))
        .route(STAFF, routes!(for_ticket))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// `tenant`, `department` ou `personal`.
    #[serde(default)]
    scope: Option<Scope>,
    /// Parte do atalho ou do texto (sem diferença de maiúsculas).
    #[serde(default)]
    q: Option<String>,
    /// O `next_cursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// Itens por página (padrão 20, máximo 100).
    #[serde(default)]
    limit: Option<u64>,
}

/// The replies the caller sees, by shortcut.
#[utoipa::path(
    get, path = "/quick-replies", tag = "respostas rápidas", operation_id = "quick_replies_list",
    summary = "Lista as respostas rápidas que o usuário vê",
    params(ListParams),
    responses(
        (status = 200, description = "Da empresa, do departamento do usuário (de todos, para administradores e supervisores) e as pessoais dele, por atalho.", body = QuickReplyPage),
        (status = 422, description = "Cursor inválido (`invalid_cursor`).", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> AppResult<Json<QuickReplyPage>> {
    let tx = tenant.read(&state).await?;
    let query = ListQuery { scope: params.scope, search: params.q, cursor: params.cursor, limit: params.limit };
    let page = quick_replies::list(&tx, &current.viewer, query).await;
    tx.end();
    Ok(Json(page?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewBody {
    /// O atalho digitado depois de `/`: letras sem acento, números, `-` e `_` (até 40).
    #[schema(example = "boleto")]
    shortcut: String,
    /// O texto (até 4096 caracteres), com as variáveis `{{nome}}`, `{{primeiro_nome}}`,
    /// `{{protocolo}}`, `{{atendente}}`, `{{departamento}}`, `{{saudacao}}`.
    #[schema(example = "{{saudacao}}, {{primeiro_nome}}! Segue o boleto atualizado.")]
    body: String,
    /// `tenant` e `department`: só administradores e supervisores.
    #[serde(default = "personal")]
    scope: Scope,
    /// O departamento de uma resposta `department`.
    #[serde(default)]
    department_id: Option<i32>,
    /// Um arquivo enviado com a resposta (`POST /api/quick-replies/media`); `body` é a legenda e
    /// pode ser vazio.
    #[serde(default)]
    attachment: Option<Attachment>,
    /// Um modelo aprovado de um número oficial, com os valores de `{{1}}`, `{{2}}`… (podem ter as
    /// variáveis); `body` é ignorado.
    #[serde(default)]
    template: Option<TemplateChoice>,
}

fn personal() -> Scope {
    Scope::Personal
}

/// Creates a reply.
#[utoipa::path(
    post, path = "/quick-replies", tag = "respostas rápidas", operation_id = "quick_replies_create",
    summary = "Cria uma resposta rápida",
    request_body = NewBody,
    responses(
        (status = 201, description = "A resposta criada.", body = QuickReplyView),
        (status = 403, description = "Resposta da empresa ou de departamento por quem não é administrador nem supervisor (`quick_reply_forbidden`).", body = ErrorBody),
        (status = 422, description = "Atalho inválido ou já usado no escopo (`invalid_shortcut`, `shortcut_taken`), texto vazio (sem arquivo nem modelo) ou longo (`invalid_body`), variável desconhecida (`invalid_variable`), departamento inválido (`invalid_department`), arquivo não encontrado ou fora dos limites (`media_not_found`, `media_type_not_allowed`, `media_too_large`), modelo não encontrado, não aprovado ou com parâmetros faltando (`template_not_found`, `template_not_approved`, `template_parameters`), modelo com arquivo (`template_with_media`).", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<NewBody>,
) -> AppResult<(StatusCode, Json<QuickReplyView>)> {
    let tx = tenant.begin(&state).await?;
    let new = NewQuickReply {
        shortcut: body.shortcut,
        body: body.body,
        scope: body.scope,
        department_id: body.department_id,
        attachment: body.attachment,
        template: body.template,
    };
    let created = quick_replies::create(&tx, &current.viewer, new).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChangesBody {
    #[serde(default)]
    shortcut: Option<String>,
    #[serde(default)]
    body: Option<String>,
    /// `null` tira o arquivo; ausente, mantém.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<Attachment>)]
    attachment: Option<Option<Attachment>>,
    /// `null` tira o modelo; ausente, mantém.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<TemplateChoice>)]
    template: Option<Option<TemplateChoice>>,
}

/// Changes a reply's shortcut or text.
#[utoipa::path(
    put, path = "/quick-replies/{id}", tag = "respostas rápidas", operation_id = "quick_replies_update",
    summary = "Altera uma resposta rápida",
    params(("id" = i32, Path, description = "Id da resposta")),
    request_body = ChangesBody,
    responses(
        (status = 200, description = "A resposta alterada.", body = QuickReplyView),
        (status = 403, description = "Resposta compartilhada e quem chama não a mantém (`quick_reply_forbidden`).", body = ErrorBody),
        (status = 404, description = "Não encontrada, ou pessoal de outra pessoa (`quick_reply_not_found`).", body = ErrorBody),
        (status = 422, description = "Como na criação.", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ChangesBody>,
) -> AppResult<Json<QuickReplyView>> {
    let tx = tenant.begin(&state).await?;
    let changes = QuickReplyChanges {
        shortcut: body.shortcut,
        body: body.body,
        attachment: body.attachment,
        template: body.template,
    };
    let updated = quick_replies::update(&tx, &current.viewer, id, changes).await?;
    tx.commit().await?;
    Ok(Json(updated))
}

/// Deletes a reply.
#[utoipa::path(
    delete, path = "/quick-replies/{id}", tag = "respostas rápidas", operation_id = "quick_replies_delete",
    summary = "Exclui uma resposta rápida",
    params(("id" = i32, Path, description = "Id da resposta")),
    responses(
        (status = 204, description = "Excluída."),
        (status = 403, description = "Resposta compartilhada e quem chama não a mantém (`quick_reply_forbidden`).", body = ErrorBody),
        (status = 404, description = "Não encontrada, ou pessoal de outra pessoa (`quick_reply_not_found`).", body = ErrorBody),
    )
)]
async fn delete(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<StatusCode> {
    let tx = tenant.begin(&state).await?;
    quick_replies::delete(&tx, &current.viewer, id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The replies for the composer's `/` picker, filled for the ticket.
#[utoipa::path(
    get, path = "/tickets/{id}/quick-replies", tag = "respostas rápidas", operation_id = "quick_replies_for_ticket",
    summary = "As respostas rápidas do atendimento, com as variáveis preenchidas",
    params(("id" = i32, Path, description = "Id do atendimento")),
    responses(
        (status = 200, description = "Até 500, as mais usadas primeiro; `text` e `templateParameters` já preenchidos, `missing` as variáveis sem valor neste atendimento. Respostas com modelo só do número do atendimento; com a janela de 24 horas fechada, só elas.", body = Vec<FilledReply>),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
    )
)]
async fn for_ticket(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<Vec<FilledReply>>> {
    let tx = tenant.read(&state).await?;
    let filled = quick_replies::for_ticket(&tx, &current.viewer, id, chrono::Utc::now()).await;
    tx.end();
    Ok(Json(filled?))
}
