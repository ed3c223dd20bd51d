//! `/api/bot*` (docs/bot.md#api): the menu bot's configuration — read with the Maria panel's
//! route (supervisors), written with the `chatbot` route (administrators) — and the editor's
//! simulator. The whole area is gated by the `chatbot` feature (the catalogue's `feature`).

use axum::{Json, extract::State, http::StatusCode};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        Error,
        bot::{
            config::{self, BotConfig},
            simulate::{self, MAX_MESSAGES, Simulation},
        },
        calendar,
        events::{Publisher, Raised},
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiQuery},
    },
    state::AppState,
};

/// Reading the bot: whoever sees its panel.
const READ: Access = Access::Route("dashboard-maria-panel");
/// Changing it and trying drafts: the bot editor's route.
const WRITE: Access = Access::Route("chatbot");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route_on("chatbot", READ, routes!(read))
        .route(WRITE, routes!(save))
        .route(WRITE, routes!(remove))
        .route(WRITE, routes!(simulate))
}

/// A bot configuration or a department changed (committed): every replica drops its copy.
pub(super) fn bots_changed(state: &AppState, tenant: &CurrentTenant) {
    state.bus.publish(&tenant.name, Raised::BotsChanged);
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct Scope {
    /// A instância; sem ela, o bot padrão da empresa.
    #[serde(default)]
    instance_id: Option<i32>,
}

/// The bot of a scope.
#[utoipa::path(
    get, path = "/bot/config", tag = "chatbot", operation_id = "bot_config_get",
    summary = "Configuração do bot (padrão da empresa ou de uma instância)",
    description = "Sem configuração própria, uma instância mostra a padrão com `inherited: true`; sem \
        nenhuma salva, um modelo desativado.",
    params(Scope),
    responses(
        (status = 200, description = "A configuração.", body = BotConfig),
        (status = 403, description = "Chatbot desabilitado (`feature_disabled`).", body = ErrorBody),
        (status = 404, description = "Instância não encontrada.", body = ErrorBody),
    )
)]
async fn read(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(scope): ApiQuery<Scope>,
) -> AppResult<Json<BotConfig>> {
    let tx = tenant.read(&state).await?;
    let config = config::read(&tx, scope.instance_id).await?;
    tx.end();
    Ok(Json(config))
}

/// Saves the bot of a scope.
#[utoipa::path(
    put, path = "/bot/config", tag = "chatbot", operation_id = "bot_config_put",
    summary = "Salva a configuração do bot",
    description = "Opções sem `key` são novas (a chave é gerada). Todos os erros voltam de uma vez, \
        por campo (`options[1].departmentId`).",
    params(Scope),
    request_body = BotConfig,
    responses(
        (status = 200, description = "A configuração salva.", body = BotConfig),
        (status = 403, description = "Chatbot desabilitado (`feature_disabled`).", body = ErrorBody),
        (status = 422, description = "Configuração inválida (`invalid_bot_config`).", body = ErrorBody),
    )
)]
async fn save(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiQuery(scope): ApiQuery<Scope>,
    ApiJson(body): ApiJson<BotConfig>,
) -> AppResult<Json<BotConfig>> {
    let tx = tenant.begin(&state).await?;
    let saved = config::save(&tx, scope.instance_id, body, current.user.id).await?;
    tx.commit().await?;
    bots_changed(&state, &tenant);
    Ok(Json(saved))
}

/// An instance goes back to the default bot.
#[utoipa::path(
    delete, path = "/bot/config", tag = "chatbot", operation_id = "bot_config_delete",
    summary = "Volta uma instância ao bot padrão",
    params(Scope),
    responses(
        (status = 204, description = "A instância usa o bot padrão."),
        (status = 403, description = "Chatbot desabilitado (`feature_disabled`).", body = ErrorBody),
        (status = 422, description = "Sem `instanceId`: o bot padrão não se apaga, se desativa.", body = ErrorBody),
    )
)]
async fn remove(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(scope): ApiQuery<Scope>,
) -> AppResult<StatusCode> {
    let instance_id = scope.instance_id.ok_or_else(|| {
        Error::invalid_field(
            "instance_required",
            "instanceId",
            "Informe a instância: o bot padrão não se apaga, se desativa.",
        )
    })?;
    let tx = tenant.begin(&state).await?;
    config::remove(&tx, instance_id).await?;
    tx.commit().await?;
    bots_changed(&state, &tenant);
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SimulateBody {
    /// A instância cuja configuração salva usar (sem `config`).
    #[serde(default)]
    instance_id: Option<i32>,
    /// Um rascunho ainda não salvo; sem ele, a configuração salva.
    #[serde(default)]
    config: Option<BotConfig>,
    /// Tudo o que o cliente escreveu até agora, em ordem.
    messages: Vec<String>,
    /// Simular neste momento (padrão: agora), para testar o horário de atendimento.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    at: Option<DateTime<Utc>>,
}

/// Plays a conversation with the bot, nothing sent.
#[utoipa::path(
    post, path = "/bot/simulate", tag = "chatbot", operation_id = "bot_simulate",
    summary = "Simula uma conversa com o bot (nada é enviado)",
    request_body = SimulateBody,
    responses(
        (status = 200, description = "A conversa e onde o atendimento terminaria.", body = Simulation),
        (status = 403, description = "Chatbot desabilitado (`feature_disabled`).", body = ErrorBody),
        (status = 422, description = "Rascunho inválido ou conversa longa demais.", body = ErrorBody),
    )
)]
async fn simulate(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<SimulateBody>,
) -> AppResult<Json<Simulation>> {
    if body.messages.len() > MAX_MESSAGES {
        return Err(Error::invalid_field(
            "too_many_messages",
            "messages",
            format!("A simulação aceita até {MAX_MESSAGES} mensagens: reinicie a conversa."),
        )
        .into());
    }
    let tx = tenant.read(&state).await?;
    let config = match body.config {
        Some(draft) => config::normalize(draft)?,
        None => config::read(&tx, body.instance_id).await?,
    };
    let departments = config::department_names(&tx).await?;
    let open = calendar::setting::load(&tx).await?.is_open(body.at.unwrap_or_else(Utc::now));
    tx.end();
    Ok(Json(simulate::replay(&config, &departments, &body.messages, open)))
}
