//! `/api/campaigns*` (docs/campaigns.md#campaign-api): campaigns and their recipients, the
//! pre-flight, contact imports and the instances' send rates. Route `campaigns`, feature
//! `campaigns` (the catalogue's `feature`).

use axum::{
    Json,
    body::Bytes,
    extract::{DefaultBodyLimit, State, rejection::BytesRejection},
    http::{HeaderMap, StatusCode, header::CONTENT_TYPE},
};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        Error,
        campaigns::{
            self, CampaignView, NewCampaign, Page, Preflight, Rate, RecipientView,
            recipients::{self, Import},
        },
        sheet_reader::Format,
    },
    error::AppResult,
    http::{
        access::{ApiRoutes, Documented},
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
};

const RULE: Access = Access::Route("campaigns");
/// Largest contacts file accepted (a 200,000-row CSV is ~8 MB).
pub const IMPORT_LIMIT: usize = crate::domain::sheet_reader::MAX_FILE_BYTES;

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(RULE, routes!(list))
        .route(RULE, large(routes!(create)))
        .route(RULE, large(routes!(preview)))
        .route(RULE, large(routes!(import)))
        .route(RULE, routes!(rates))
        .route(RULE, routes!(set_rate))
        .route(RULE, routes!(get))
        .route(RULE, routes!(recipients_page))
        .route(RULE, routes!(start))
        .route(RULE, routes!(pause))
        .route(RULE, routes!(resume))
        .route(RULE, routes!(cancel))
        .route(RULE, routes!(retry_failed))
}

/// A handler that takes spreadsheet-sized bodies (up to [`IMPORT_LIMIT`]).
fn large((schemas, paths, handler): Documented) -> Documented {
    (schemas, paths, handler.layer(DefaultBodyLimit::max(IMPORT_LIMIT)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Situação (`running`, `failed`, ...).
    #[serde(default)]
    status: Option<String>,
    /// O `nextCursor` da página anterior.
    #[serde(default)]
    cursor: Option<String>,
    /// 1 a 100 (padrão 20).
    #[serde(default)]
    limit: Option<u64>,
}

impl ListQuery {
    fn limit(&self) -> AppResult<u64> {
        match self.limit {
            None => Ok(20),
            Some(n @ 1..=100) => Ok(n),
            Some(_) => Err(Error::invalid_field("invalid_limit", "limit", "O limite vai de 1 a 100.").into()),
        }
    }
}

/// Campaigns, newest first.
#[utoipa::path(
    get, path = "/campaigns", tag = "campanhas", operation_id = "campaigns_list",
    summary = "Campanhas, das mais novas às mais antigas (paginação por cursor)",
    params(ListQuery),
    responses(
        (status = 200, description = "Uma página.", body = Page<CampaignView>),
        (status = 403, description = "Sem a rota `campaigns` ou recurso `campaigns` desligado.", body = ErrorBody),
        (status = 422, description = "Filtro, cursor ou limite inválido.", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<Page<CampaignView>>> {
    let limit = query.limit()?;
    let tx = tenant.read(&state).await?;
    let page = campaigns::list(&tx, query.status.as_deref(), query.cursor.as_deref(), limit).await?;
    tx.end();
    Ok(Json(page))
}

/// Creates a campaign (a draft).
#[utoipa::path(
    post, path = "/campaigns", tag = "campanhas", operation_id = "campaigns_create",
    summary = "Cria uma campanha (rascunho)",
    description = "Destinatários de `phones`, `customerGroupIds` e `contacts` (de um arquivo importado), sem \
        repetidos; telefones sem cliente viram clientes; bloqueados entram como `failed` (`blacklisted`).",
    request_body = NewCampaign,
    responses(
        (status = 201, description = "A campanha.", body = CampaignView),
        (status = 422, description = "Campanha inválida (`invalid_campaign`, `no_recipients`, `unknown_variable`).", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<NewCampaign>,
) -> AppResult<(StatusCode, Json<CampaignView>)> {
    let unit = tenant.unit(&state).await?;
    let created = campaigns::create(&unit, current.user.id, &body).await?;
    unit.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// What a campaign would do, without creating it.
#[utoipa::path(
    post, path = "/campaigns/preview", tag = "campanhas", operation_id = "campaigns_preview",
    summary = "Pré-visualização: destinatários, repetidos, bloqueados, inválidos, mensagens e duração",
    request_body = NewCampaign,
    responses(
        (status = 200, description = "O que a campanha faria.", body = Preflight),
        (status = 422, description = "Campanha inválida.", body = ErrorBody),
    )
)]
async fn preview(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<NewCampaign>,
) -> AppResult<Json<Preflight>> {
    let tx = tenant.read(&state).await?;
    let preflight = campaigns::preview(&tx, &body).await?;
    tx.end();
    Ok(Json(preflight))
}

/// Reads a file of contacts.
#[utoipa::path(
    post, path = "/campaigns/recipients/import", tag = "campanhas", operation_id = "campaigns_import",
    summary = "Lê um arquivo de contatos (.xlsx ou .csv)",
    description = "O corpo é o arquivo. Primeira linha: cabeçalho com uma coluna `telefone` (e `nome`, se \
        houver); as demais colunas viram variáveis da mensagem. Erros linha a linha.",
    request_body(content = Vec<u8>, content_type = "text/csv"),
    responses(
        (status = 200, description = "Contatos, colunas e erros por linha.", body = Import),
        (status = 413, description = "Arquivo maior que 16 MB.", body = ErrorBody),
        (status = 422, description = "Arquivo ilegível, sem coluna de telefone ou além de um limite \
            (`sheet_rows_limit`, `sheet_columns_limit`, `sheet_cell_limit`, `sheet_size_limit`, `sheet_text_limit`).", body = ErrorBody),
        (status = 429, description = "Importações demais em andamento: tente de novo em instantes.", body = ErrorBody),
    )
)]
async fn import(headers: HeaderMap, body: Result<Bytes, BytesRejection>) -> AppResult<Json<Import>> {
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => crate::error::AppError::PayloadTooLarge,
        _ => crate::error::AppError::BadRequest("Não foi possível ler o arquivo enviado.".into()),
    })?;
    let content_type = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if body.is_empty() {
        return Err(Error::invalid("empty_file", "Envie o arquivo no corpo da requisição.").into());
    }
    let format = Format::sniff(&body, content_type);
    Ok(Json(recipients::import(body, format).await?))
}

/// One campaign.
#[utoipa::path(
    get, path = "/campaigns/{id}", tag = "campanhas", operation_id = "campaigns_get",
    summary = "Uma campanha, com contagens por situação",
    params(("id" = i32, Path, description = "Id da campanha")),
    responses(
        (status = 200, description = "A campanha.", body = CampaignView),
        (status = 404, description = "Não encontrada (`campaign_not_found`).", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<CampaignView>> {
    let tx = tenant.read(&state).await?;
    let found = campaigns::view(&tx, id).await?;
    tx.end();
    Ok(Json(found))
}

/// A campaign's recipients.
#[utoipa::path(
    get, path = "/campaigns/{id}/recipients", tag = "campanhas", operation_id = "campaigns_recipients",
    summary = "Destinatários de uma campanha, filtráveis por situação",
    params(("id" = i32, Path, description = "Id da campanha"), ListQuery),
    responses(
        (status = 200, description = "Uma página.", body = Page<RecipientView>),
        (status = 404, description = "Campanha não encontrada.", body = ErrorBody),
    )
)]
async fn recipients_page(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<Page<RecipientView>>> {
    let limit = query.limit()?;
    let tx = tenant.read(&state).await?;
    let page = campaigns::recipients(&tx, id, query.status.as_deref(), query.cursor.as_deref(), limit).await?;
    tx.end();
    Ok(Json(page))
}

macro_rules! transition {
    ($name:ident, $call:path, $path:literal, $op:literal, $summary:literal) => {
        #[utoipa::path(
            post, path = $path, tag = "campanhas", operation_id = $op, summary = $summary,
            params(("id" = i32, Path, description = "Id da campanha")),
            responses(
                (status = 200, description = "A campanha.", body = CampaignView),
                (status = 404, description = "Não encontrada.", body = ErrorBody),
                (status = 409, description = "Não permitido na situação atual (`campaign_state`).", body = ErrorBody),
            )
        )]
        async fn $name(
            State(state): State<AppState>,
            tenant: CurrentTenant,
            ApiPath(id): ApiPath<i32>,
        ) -> AppResult<Json<CampaignView>> {
            let unit = tenant.unit(&state).await?;
            let changed = $call(&unit, id).await?;
            unit.commit().await?;
            Ok(Json(changed))
        }
    };
}

transition!(start, campaigns::start, "/campaigns/{id}/start", "campaigns_start", "Inicia (ou agenda) um rascunho");
transition!(pause, campaigns::pause, "/campaigns/{id}/pause", "campaigns_pause", "Pausa o envio");
transition!(resume, campaigns::resume, "/campaigns/{id}/resume", "campaigns_resume", "Retoma o envio");
transition!(cancel, campaigns::cancel, "/campaigns/{id}/cancel", "campaigns_cancel", "Cancela a campanha");
transition!(
    retry_failed,
    campaigns::retry_failed,
    "/campaigns/{id}/retry-failed",
    "campaigns_retry_failed",
    "Reenvia aos destinatários que falharam (exceto bloqueados)"
);

/// Every instance's send rate.
#[utoipa::path(
    get, path = "/campaigns/rates", tag = "campanhas", operation_id = "campaigns_rates",
    summary = "Taxa de envio de cada instância (mensagens por minuto)",
    responses((status = 200, description = "As taxas.", body = Vec<Rate>))
)]
async fn rates(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<Vec<Rate>>> {
    let tx = tenant.read(&state).await?;
    let all = campaigns::all_rates(&tx).await?;
    tx.end();
    Ok(Json(all))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RateBody {
    /// Mensagens por minuto, 1 a 600.
    rate_per_minute: i32,
}

/// Sets an instance's send rate.
#[utoipa::path(
    put, path = "/campaigns/rates/{instanceId}", tag = "campanhas", operation_id = "campaigns_set_rate",
    summary = "Define a taxa de envio de uma instância",
    params(("instanceId" = i32, Path, description = "Id da instância")),
    request_body = RateBody,
    responses(
        (status = 200, description = "A taxa.", body = Rate),
        (status = 404, description = "Instância não encontrada.", body = ErrorBody),
        (status = 422, description = "Taxa fora de 1 a 600.", body = ErrorBody),
    )
)]
async fn set_rate(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(instance_id): ApiPath<i32>,
    ApiJson(body): ApiJson<RateBody>,
) -> AppResult<Json<Rate>> {
    let tx = tenant.begin(&state).await?;
    let rate = campaigns::set_rate(&tx, instance_id, body.rate_per_minute).await?;
    tx.commit().await?;
    Ok(Json(rate))
}
