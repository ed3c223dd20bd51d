//! The data subject's rights (docs/privacy.md): a customer's report (a zip, spooled like the
//! sheets), legal hold and erasure — for those who keep the customers (route `customers`) — and
//! the consent step's text, kept with the company's settings (route `users`). Every change and
//! every report downloaded is on the audit log (tag `privacidade`).

use axum::{Json, extract::State, response::Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant},
    domain::{
        self,
        media::unused,
        privacy::{
            self, Erased, HoldChange, PrivacyStatus,
            consent::{self, ConsentChange, ConsentSetting, ConsentView},
            report,
        },
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath},
        spooled,
    },
    state::AppState,
};

const CUSTOMERS: Access = Access::Route("customers");
const SETTINGS: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(CUSTOMERS, routes!(subject_report))
        .route(CUSTOMERS, routes!(show))
        .route(CUSTOMERS, routes!(legal_hold))
        .route(CUSTOMERS, routes!(erase))
        .route(SETTINGS, routes!(consent_setting))
        .route(SETTINGS, routes!(save_consent_setting))
}

/// A customer's report: everything about them, as a zip.
#[utoipa::path(
    get, path = "/customers/{id}/report", tag = "privacidade", operation_id = "privacy_subject_report",
    summary = "Relatório do titular (LGPD): tudo sobre o cliente, em zip",
    description = "`titular.json` (identificação, identificadores, etiquetas, grupos, pedidos, campanhas, \
        consentimentos, atendimentos), `conversas.jsonl` (uma mensagem por linha), `midias/` (os arquivos) e \
        `resumo.html` (legível). Anotações internas não entram. O download fica no registro de auditoria.",
    params(("id" = i32, Path, description = "Id do cliente")),
    responses(
        (status = 200, description = "O zip.", content_type = "application/zip"),
        (status = 404, description = "Cliente não encontrado (`customer_not_found`).", body = ErrorBody),
    )
)]
async fn subject_report(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Response> {
    // Asked first, so that a missing customer is a 404 and not a download cut short.
    let tx = tenant.read(&state).await?;
    report::find(&tx, id).await?;
    tx.end();
    let file = format!("titular-{id}-{}.zip", chrono::Utc::now().format("%Y%m%d"));
    Ok(spooled::download(file, "application/zip", move |out| async move {
        let unavailable = |err: String| domain::Error::Unavailable(err);
        let db = tenant.db(&state).await.map_err(|err| unavailable(err.to_string()))?;
        let tx = db.snapshot().await.map_err(|err| unavailable(err.to_string()))?;
        let written = report::write(&tx, &state.media, tenant.name.as_str(), id, out).await;
        drop(tx);
        written.map(|_| ())
    }))
}

/// A customer's privacy: hold, erasure, consents.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PrivacyView {
    #[serde(flatten)]
    status: PrivacyStatus,
    consents: Vec<ConsentView>,
}

/// A customer's legal hold, erasure and consents.
#[utoipa::path(
    get, path = "/customers/{id}/privacy", tag = "privacidade", operation_id = "privacy_show",
    summary = "Retenção legal, anonimização e consentimentos de um cliente",
    params(("id" = i32, Path, description = "Id do cliente")),
    responses(
        (status = 200, description = "A situação.", body = PrivacyView),
        (status = 404, description = "Cliente não encontrado.", body = ErrorBody),
    )
)]
async fn show(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<PrivacyView>> {
    let tx = tenant.read(&state).await?;
    let status = privacy::status(&tx, id).await?;
    let consents = consent::of_customer(&tx, id).await?;
    tx.end();
    Ok(Json(PrivacyView { status, consents }))
}

/// Sets or lifts a legal hold.
#[utoipa::path(
    put, path = "/customers/{id}/legal-hold", tag = "privacidade", operation_id = "privacy_legal_hold",
    summary = "Suspende (com o motivo) ou libera a exclusão dos dados de um cliente",
    params(("id" = i32, Path, description = "Id do cliente")),
    request_body = HoldChange,
    responses(
        (status = 200, description = "A situação.", body = PrivacyStatus),
        (status = 404, description = "Cliente não encontrado.", body = ErrorBody),
        (status = 409, description = "Já anonimizado (`customer_erased`).", body = ErrorBody),
    )
)]
async fn legal_hold(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<HoldChange>,
) -> AppResult<Json<PrivacyStatus>> {
    let unit = tenant.unit(&state).await?;
    let status = privacy::set_hold(&unit, id, body).await?;
    unit.commit().await?;
    Ok(Json(status))
}

#[derive(Deserialize, ToSchema)]
struct EraseBody {
    /// O nome atual do cliente, como confirmação.
    confirmation: String,
}

/// Erases a customer by anonymisation.
#[utoipa::path(
    post, path = "/customers/{id}/erase", tag = "privacidade", operation_id = "privacy_erase",
    summary = "Anonimiza um cliente a pedido dele (LGPD): nome, contatos, mensagens e arquivos saem",
    description = "Os registros ficam (atendimentos, pedidos, envios), vazios de dados pessoais: os painéis e \
        as planilhas continuam fechando. Recusado enquanto houver retenção legal. Não tem volta.",
    params(("id" = i32, Path, description = "Id do cliente")),
    request_body = EraseBody,
    responses(
        (status = 200, description = "O que foi apagado.", body = Erased),
        (status = 404, description = "Cliente não encontrado.", body = ErrorBody),
        (status = 409, description = "Retenção legal (`legal_hold`) ou já anonimizado (`customer_erased`).", body = ErrorBody),
        (status = 422, description = "A confirmação não é o nome do cliente (`confirmation_mismatch`).", body = ErrorBody),
    )
)]
async fn erase(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<EraseBody>,
) -> AppResult<Json<Erased>> {
    let unit = tenant.unit(&state).await?;
    let found = report::find(&unit, id).await?;
    if found.erased_at.is_none() && body.confirmation.trim() != found.name.trim() {
        return Err(privacy::confirmation_mismatch().into());
    }
    let mut erased = privacy::erase(&unit, id).await?;
    unit.commit().await?;
    let db = tenant.db(&state).await?;
    erased.media_files = unused::remove_now(&db, &state.media, &erased.released_media).await?;
    Ok(Json(erased))
}

/// The consent step's setting.
#[utoipa::path(
    get, path = "/privacy/consent", tag = "privacidade", operation_id = "privacy_consent_get",
    summary = "Etapa de consentimento do bot (texto e versão)",
    responses((status = 200, description = "A configuração.", body = ConsentSetting))
)]
async fn consent_setting(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<ConsentSetting>> {
    let tx = tenant.read(&state).await?;
    let setting = consent::setting(&tx).await?;
    tx.end();
    Ok(Json(setting))
}

/// Saves the consent step.
#[utoipa::path(
    put, path = "/privacy/consent", tag = "privacidade", operation_id = "privacy_consent_save",
    summary = "Liga ou desliga a etapa de consentimento; mudar o texto cria uma nova versão",
    request_body = ConsentChange,
    responses(
        (status = 200, description = "A configuração gravada.", body = ConsentSetting),
        (status = 422, description = "Texto vazio com a etapa ligada, ou longo demais (`invalid_consent`).", body = ErrorBody),
    )
)]
async fn save_consent_setting(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<ConsentChange>,
) -> AppResult<Json<ConsentSetting>> {
    let unit = tenant.unit(&state).await?;
    let saved = consent::save(&unit, body).await?;
    // The bots read the step with their configuration.
    unit.raise(domain::events::Raised::BotsChanged);
    unit.commit().await?;
    Ok(Json(saved))
}
