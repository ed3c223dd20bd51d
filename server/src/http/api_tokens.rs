//! `/api/tokens`: the API tokens integrations call with (docs/api-tokens.md). Kept by whoever
//! keeps the users (route `users`), and only by a person: a token never mints or revokes tokens.

use axum::{Json, extract::State, http::StatusCode};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        self,
        api_tokens::{self, CreatedToken, NewToken, TokenView},
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath},
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default().route(RULE, routes!(list)).route(RULE, routes!(create)).route(RULE, routes!(revoke))
}

fn by_a_person(current: &CurrentUser) -> AppResult<()> {
    match current.api_token {
        None => Ok(()),
        Some(_) => Err(AppError::Domain(domain::Error::forbidden(
            "api_token_by_token",
            "Tokens de API são criados e revogados por uma pessoa, não por outro token.",
        ))),
    }
}

/// Every token of the company, the newest first; never a token's secret.
#[utoipa::path(
    get, path = "/tokens", tag = "tokens de API", operation_id = "api_tokens_list",
    summary = "Lista os tokens de API",
    responses((status = 200, description = "Os tokens, do mais novo ao mais antigo.", body = Vec<TokenView>))
)]
async fn list(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<TokenView>>> {
    let tx = tenant.read(&state).await?;
    let tokens = api_tokens::list(&tx).await?;
    tx.end();
    Ok(Json(tokens))
}

/// A token to create.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TokenBody {
    /// O nome da integração ("ERP Bling", "n8n"): o autor do que o token fizer.
    name: String,
    /// O perfil cujas rotas o token pode chamar.
    role_id: i32,
    /// As instâncias cujas conversas ele vê (vazio ou ausente: todas).
    #[serde(default)]
    instance_ids: Vec<i32>,
    /// Com instâncias: o departamento que ele atende, como uma pessoa ligada a elas.
    #[serde(default)]
    department_id: Option<i32>,
    /// Quando deixa de valer (ausente: não expira; até dois anos).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    expires_at: Option<DateTime<Utc>>,
}

/// Creates a token; the answer carries it this once (`token`).
#[utoipa::path(
    post, path = "/tokens", tag = "tokens de API", operation_id = "api_tokens_create",
    summary = "Cria um token de API",
    request_body = TokenBody,
    responses(
        (status = 201, description = "O token criado, com o segredo (`token`) mostrado só desta vez.", body = CreatedToken),
        (status = 403, description = "Pedido por um token (`api_token_by_token`).", body = ErrorBody),
        (status = 422, description = "Campos inválidos (`invalid_api_token`).", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<TokenBody>,
) -> AppResult<(StatusCode, Json<CreatedToken>)> {
    by_a_person(&current)?;
    let new = NewToken {
        name: body.name,
        role_id: body.role_id,
        instance_ids: body.instance_ids,
        department_id: body.department_id,
        expires_at: body.expires_at,
    };
    let unit = tenant.unit(&state).await?;
    let created = api_tokens::create(&unit, new, current.user.id).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Revokes a token: its next request answers 401. What it did keeps its name as author.
#[utoipa::path(
    delete, path = "/tokens/{id}", tag = "tokens de API", operation_id = "api_tokens_revoke",
    summary = "Revoga um token de API",
    params(("id" = i32, Path, description = "Id do token")),
    responses(
        (status = 200, description = "O token, revogado.", body = TokenView),
        (status = 403, description = "Pedido por um token (`api_token_by_token`).", body = ErrorBody),
        (status = 404, description = "Token não encontrado (`api_token_not_found`).", body = ErrorBody),
    )
)]
async fn revoke(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<TokenView>> {
    by_a_person(&current)?;
    let unit = tenant.unit(&state).await?;
    let revoked = api_tokens::revoke(&unit, id, current.user.id).await?;
    unit.commit().await?;
    Ok(Json(revoked))
}
