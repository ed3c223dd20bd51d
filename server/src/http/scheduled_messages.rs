//! `/api/scheduled-messages` (docs/scheduled-messages.md): any staff user schedules messages to
//! the customers of the instances they serve and keeps their own; administrators and supervisors
//! see and keep everyone's (the domain decides; someone else's answers 404).

use axum::{Json, extract::State, http::StatusCode};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        instances::message_templates::TemplateChoice,
        media::holds::Attachment,
        scheduled_messages::{self, ListQuery, NewScheduled, ScheduledChanges, ScheduledPage, ScheduledView},
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
    ApiRoutes::default().route(STAFF, routes!(list, create)).route(STAFF, routes!(update, cancel))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// `scheduled` (as próximas primeiro), `sent`, `cancelled` ou `failed` (as mais recentes primeiro).
    #[serde(default)]
    status: Option<String>,
    /// Só as deste cliente.
    #[serde(default)]
    customer_id: Option<i32>,
    /// O `next_cursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// Itens por página (padrão 20, máximo 100).
    #[serde(default)]
    limit: Option<u64>,
}

/// The caller's scheduled messages (everyone's for managers).
#[utoipa::path(
    get, path = "/scheduled-messages", tag = "agendamentos", operation_id = "scheduled_messages_list",
    summary = "Lista as mensagens agendadas",
    params(ListParams),
    responses(
        (status = 200, description = "As do usuário (de todos, para administradores e supervisores).", body = ScheduledPage),
        (status = 422, description = "Situação ou cursor inválidos (`invalid_status`, `invalid_cursor`).", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> AppResult<Json<ScheduledPage>> {
    let tx = tenant.read(&state).await?;
    let query = ListQuery {
        status: params.status,
        customer_id: params.customer_id,
        cursor: params.cursor,
        limit: params.limit,
    };
    let page = scheduled_messages::list(&tx, &current.viewer, query).await;
    tx.end();
    Ok(Json(page?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewBody {
    customer_id: i32,
    /// Uma instância que o usuário atende.
    instance_id: i32,
    /// O texto (até 4096 caracteres); a legenda de um arquivo (pode ser vazia); ignorado com um
    /// modelo.
    #[schema(example = "Bom dia, Maria! Conforme combinado, seu pedido saiu para entrega.")]
    #[serde(default)]
    body: String,
    /// Quando enviar (ISO 8601 com fuso; no futuro, em até um ano).
    #[schema(example = "2026-12-07T09:00:00-03:00")]
    send_at: DateTime<Utc>,
    /// Cancelar se o cliente escrever antes (padrão: sim).
    #[serde(default = "yes")]
    cancel_if_customer_writes: bool,
    /// As respostas rápidas usadas no texto: cada uma conta um uso quando a mensagem sai.
    #[serde(default)]
    quick_reply_ids: Vec<i32>,
    /// Um arquivo (`POST /api/scheduled-messages/media`).
    #[serde(default)]
    attachment: Option<Attachment>,
    /// Um modelo aprovado do número (oficial), com os valores de `{{1}}`, `{{2}}`…: fora da janela
    /// de 24 horas do cliente, é o único envio que a Meta aceita.
    #[serde(default)]
    template: Option<TemplateChoice>,
}

fn yes() -> bool {
    true
}

/// Schedules a message.
#[utoipa::path(
    post, path = "/scheduled-messages", tag = "agendamentos", operation_id = "scheduled_messages_create",
    summary = "Agenda uma mensagem para um cliente",
    request_body = NewBody,
    responses(
        (status = 201, description = "A mensagem agendada.", body = ScheduledView),
        (status = 404, description = "Cliente ou instância não encontrados (`customer_not_found`, `instance_not_found`).", body = ErrorBody),
        (status = 422, description = "Data fora do intervalo (`invalid_send_at`), texto vazio ou longo, cliente bloqueado (`customer_blacklisted`), arquivo não encontrado ou fora dos limites (`media_not_found`, `media_type_not_allowed`, `media_too_large`), modelo não encontrado neste número, não aprovado ou com parâmetros faltando (`template_not_found`, `template_not_approved`, `template_parameters`), modelo com arquivo (`template_with_media`).", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<NewBody>,
) -> AppResult<(StatusCode, Json<ScheduledView>)> {
    let unit = tenant.unit(&state).await?;
    let new = NewScheduled {
        customer_id: body.customer_id,
        instance_id: body.instance_id,
        body: body.body,
        send_at: body.send_at,
        cancel_if_customer_writes: body.cancel_if_customer_writes,
        quick_reply_ids: body.quick_reply_ids,
        attachment: body.attachment,
        template: body.template,
    };
    let created = scheduled_messages::create(&unit, &current.viewer, new).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChangesBody {
    #[serde(default)]
    body: Option<String>,
    #[serde(default)]
    send_at: Option<DateTime<Utc>>,
    #[serde(default)]
    cancel_if_customer_writes: Option<bool>,
    /// `null` tira o arquivo; ausente, mantém.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<Attachment>)]
    attachment: Option<Option<Attachment>>,
    /// `null` tira o modelo; ausente, mantém.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<TemplateChoice>)]
    template: Option<Option<TemplateChoice>>,
}

/// Changes a message still scheduled.
#[utoipa::path(
    put, path = "/scheduled-messages/{id}", tag = "agendamentos", operation_id = "scheduled_messages_update",
    summary = "Altera uma mensagem agendada",
    params(("id" = i32, Path, description = "Id do agendamento")),
    request_body = ChangesBody,
    responses(
        (status = 200, description = "A mensagem, alterada.", body = ScheduledView),
        (status = 404, description = "Não encontrada ou de outra pessoa (`schedule_not_found`).", body = ErrorBody),
        (status = 409, description = "Já enviada ou cancelada (`schedule_not_pending`).", body = ErrorBody),
        (status = 422, description = "Data fora do intervalo (`invalid_send_at`), texto vazio ou longo.", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ChangesBody>,
) -> AppResult<Json<ScheduledView>> {
    let unit = tenant.unit(&state).await?;
    let changes = ScheduledChanges {
        body: body.body,
        send_at: body.send_at,
        cancel_if_customer_writes: body.cancel_if_customer_writes,
        attachment: body.attachment,
        template: body.template,
    };
    let changed = scheduled_messages::update(&unit, &current.viewer, id, changes).await?;
    unit.commit().await?;
    Ok(Json(changed))
}

/// Cancels a message still scheduled.
#[utoipa::path(
    delete, path = "/scheduled-messages/{id}", tag = "agendamentos", operation_id = "scheduled_messages_cancel",
    summary = "Cancela uma mensagem agendada",
    params(("id" = i32, Path, description = "Id do agendamento")),
    responses(
        (status = 200, description = "A mensagem, cancelada.", body = ScheduledView),
        (status = 404, description = "Não encontrada ou de outra pessoa (`schedule_not_found`).", body = ErrorBody),
        (status = 409, description = "Já enviada ou cancelada (`schedule_not_pending`).", body = ErrorBody),
    )
)]
async fn cancel(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<ScheduledView>> {
    let unit = tenant.unit(&state).await?;
    let cancelled = scheduled_messages::cancel(&unit, &current.viewer, id).await?;
    unit.commit().await?;
    Ok(Json(cancelled))
}
