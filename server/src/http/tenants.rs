//! `/api/tenant*`: tenant management for back-office operators (docs/contracts.md#api-calls Tenants; docs/tenancy.md and docs/contracts.md#plans-features-and-limits).
//! Every route is `Operator("tenants")`: a user of the back-office tenant whose role has the
//! `tenants` route. Tenants' own users get 403 `backoffice_only`.
//!
//! `filter_users` / `{filterUsers}` (the spec does not show its values) selects by deletion:
//! `active` (default; also `false`), `deleted`, or `all` (also `true`).

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::Access,
    domain::{
        Error as DomainError, features,
        pages::Page,
        plans::Plan,
        tenants::{self, ListQuery, NewTenant, SortBy, TenantView},
    },
    error::{AppError, AppResult},
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
    tenancy::TenantName,
};

const RULE: Access = Access::Operator("tenants");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(RULE, routes!(get_features))
        .route(RULE, routes!(set_feature))
        .route(RULE, routes!(paginated))
        .route(RULE, routes!(delete))
        .route(RULE, routes!(restore))
        .route(RULE, routes!(set_plan))
        .route(RULE, routes!(create))
        .route(RULE, routes!(plans))
        .route(RULE, routes!(unblock_user))
        .route(RULE, routes!(generate_campaign_status_webhook))
        .route(RULE, routes!(list_all))
}

/// Which tenants a list shows.
fn deletion_filter(value: Option<&str>) -> AppResult<(bool, bool)> {
    // (include_deleted, only_deleted)
    match value.unwrap_or("active") {
        "" | "active" | "false" => Ok((false, false)),
        "all" | "true" => Ok((true, false)),
        "deleted" => Ok((false, true)),
        other => Err(DomainError::invalid_field(
            "invalid_filter",
            "filter_users",
            format!("Filtro \"{other}\" inválido: use active, deleted ou all."),
        )
        .into()),
    }
}

/// Every tenant matching the filter (for selects), at most 500.
#[utoipa::path(
    get, path = "/tenant/{filterUsers}", tag = "tenants", operation_id = "tenants_list_all",
    summary = "Lista todos os tenants do filtro (para seleções)",
    description = "Até 500 tenants, por nome.",
    params(("filterUsers" = String, Path, description = "`active` (ou `false`), `deleted` ou `all` (ou `true`)")),
    responses(
        (status = 200, description = "Os tenants, numa página só.", body = Page<TenantView>),
        (status = 422, description = "Filtro inválido (`invalid_filter`).", body = ErrorBody),
    )
)]
async fn list_all(
    State(state): State<AppState>,
    ApiPath(filter): ApiPath<String>,
) -> AppResult<Json<Page<TenantView>>> {
    let (include_deleted, only_deleted) = deletion_filter(Some(&filter))?;
    let query = ListQuery {
        include_deleted,
        only_deleted,
        limit: tenants::MAX_PAGE_SIZE,
        sort_by: SortBy::Name,
        descending: false,
        ..Default::default()
    };
    Ok(Json(tenants::list(state.dbs.control(), &query).await?))
}

#[derive(Deserialize, Default, ToSchema)]
struct PaginatedBody {
    /// `active` (padrão; ou `false`), `deleted` ou `all` (ou `true`).
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "active")]
    filter_users: Option<Value>,
    /// Página, de 1 a 1 000 000 000 (padrão 1).
    #[serde(default)]
    pagination_page: Option<u64>,
    /// Itens por página, de 1 a 500 (padrão 4).
    #[serde(default)]
    pagination_limit: Option<u64>,
    /// Trecho do nome, ou início do CNPJ (até 100 caracteres).
    #[serde(default)]
    search: Option<String>,
    /// `id` (padrão), `name` ou `created_at`.
    #[serde(default)]
    sort_name: Option<String>,
    /// `desc` (padrão) ou `asc`.
    #[serde(default)]
    sort_type: Option<String>,
}

/// The paginated, searchable list (docs/contracts.md#constants defaults: page 1, 4 per page, id descending).
#[utoipa::path(
    post, path = "/tenant/paginated", tag = "tenants", operation_id = "tenants_paginated",
    summary = "Lista os tenants (paginado, com busca e ordenação)",
    description = "Padrões: página 1, 4 por página, `id` decrescente.",
    request_body = PaginatedBody,
    responses(
        (status = 200, description = "Uma página de tenants.", body = Page<TenantView>),
        (status = 422, description = "Filtro, ordenação, página ou tamanho de página inválidos.", body = ErrorBody),
    )
)]
async fn paginated(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<PaginatedBody>,
) -> AppResult<Json<Page<TenantView>>> {
    let filter = match &body.filter_users {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Bool(b)) => Some(b.to_string()),
        Some(other) => Some(other.to_string()),
    };
    let (include_deleted, only_deleted) = deletion_filter(filter.as_deref())?;
    let sort_by = match body.sort_name.as_deref().unwrap_or("id") {
        "id" | "" => SortBy::Id,
        "name" => SortBy::Name,
        "created_at" | "createdAt" => SortBy::CreatedAt,
        other => {
            return Err(DomainError::invalid_field(
                "invalid_sort",
                "sort_name",
                format!("Ordenação por \"{other}\" não é possível: use id, name ou created_at."),
            )
            .into());
        }
    };
    let descending = match body.sort_type.as_deref().unwrap_or("desc").to_ascii_lowercase().as_str() {
        "desc" | "" => true,
        "asc" => false,
        _ => {
            return Err(DomainError::invalid_field("invalid_sort", "sort_type", "Use asc ou desc.").into());
        }
    };
    let limit = body.pagination_limit.unwrap_or(4);
    if !(1..=tenants::MAX_PAGE_SIZE).contains(&limit) {
        return Err(DomainError::invalid_field(
            "invalid_limit",
            "pagination_limit",
            format!("O tamanho da página deve ser de 1 a {}.", tenants::MAX_PAGE_SIZE),
        )
        .into());
    }
    let query = ListQuery {
        include_deleted,
        only_deleted,
        search: body.search.filter(|s| s.chars().count() <= 100),
        page: super::page_number(body.pagination_page, "pagination_page")?,
        limit,
        sort_by,
        descending,
    };
    Ok(Json(tenants::list(state.dbs.control(), &query).await?))
}

/// `features` as the spec sends it: option names, or `{option, enabled}` objects.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
enum FeatureItem {
    #[schema(example = "campaigns")]
    Name(String),
    Setting {
        option: String,
        enabled: bool,
    },
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CreateTenantBody)]
struct CreateBody {
    /// Nome do tenant: o primeiro rótulo do host (`acme` em `acme.exemplo.com.br`).
    #[schema(example = "acme")]
    name: String,
    #[serde(default)]
    #[schema(example = "11.222.333/0001-81")]
    cnpj: Option<String>,
    /// Opções ligadas: `campaigns`, `chatbot`, `analytics`, `reports`, `two_factor`, `webhooks`.
    #[serde(default)]
    features: Option<Vec<FeatureItem>>,
    /// `default` (padrão) ou `empty`.
    #[serde(default)]
    template: Option<String>,
    /// Cluster PostgreSQL do tenant (`default`).
    #[serde(default)]
    pool: Option<String>,
    /// Limite de usuários (0 = ilimitado); o do plano quando ausente.
    #[serde(default)]
    user_limit: Option<i32>,
    /// `basic` (padrão), `pro` ou `enterprise`.
    #[serde(default)]
    plan: Option<String>,
    /// Limite mensal de tickets (0 = ilimitado); o do plano quando ausente.
    #[serde(default)]
    ticket_limit: Option<i32>,
    /// Limite de mídia armazenada em MB (0 = ilimitado); o do plano quando ausente.
    #[serde(default)]
    media_limit_mb: Option<i32>,
}

/// Provisions a tenant, as `backoffice-cli tenant create` does.
#[utoipa::path(
    post, path = "/tenant", tag = "tenants", operation_id = "tenants_create",
    summary = "Cria (provisiona) um tenant",
    description = "Cria o banco do tenant, aplica as migrações e o modelo (perfis, departamentos, motivos de encerramento).",
    request_body = CreateBody,
    responses(
        (status = 201, description = "O tenant criado.", body = TenantView),
        (status = 409, description = "Já existe um tenant com este nome (`tenant_exists`).", body = ErrorBody),
        (status = 422, description = "Nome, CNPJ, plano, modelo, pool ou opção inválidos.", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CreateBody>,
) -> AppResult<(StatusCode, Json<TenantView>)> {
    let name = TenantName::parse_new(body.name.trim(), &state.config.backoffice_tenant).map_err(DomainError::from)?;
    let features = body.features.map(|items| {
        items
            .into_iter()
            .filter_map(|item| match item {
                FeatureItem::Name(option) => Some(option),
                FeatureItem::Setting { option, enabled } => enabled.then_some(option),
            })
            .collect()
    });
    let new = NewTenant {
        name: Some(name),
        cnpj: body.cnpj,
        plan: body.plan,
        template: body.template,
        pool: body.pool,
        user_limit: body.user_limit,
        ticket_limit: body.ticket_limit,
        media_limit_mb: body.media_limit_mb,
        features,
        restore_from: None,
    };
    let provisioned = tenants::provision(&state.dbs, new, None).await?;
    // The spare it may have taken is replaced in the background.
    state.spares.notify_one();
    let view = tenants::view(state.dbs.control(), provisioned.tenant().clone()).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TenantIdBody)]
struct IdBody {
    /// Id do tenant.
    id: i32,
}

/// Soft-deletes a tenant (its host stops resolving); the back-office tenant cannot be deleted.
#[utoipa::path(
    post, path = "/tenant/delete", tag = "tenants", operation_id = "tenants_delete",
    summary = "Exclui um tenant (exclusão lógica)",
    description = "O host do tenant deixa de responder; os dados ficam e `POST /api/tenant/restore` o traz de volta.",
    request_body = IdBody,
    responses(
        (status = 200, description = "O tenant excluído.", body = TenantView),
        (status = 404, description = "Tenant não encontrado (`tenant_not_found`).", body = ErrorBody),
        (status = 409, description = "Já excluído, ou é o tenant do back-office.", body = ErrorBody),
    )
)]
async fn delete(State(state): State<AppState>, ApiJson(body): ApiJson<IdBody>) -> AppResult<Json<TenantView>> {
    let control = state.dbs.control();
    let tenant = tenants::find_by_id(control, body.id).await?;
    let deleted = tenants::delete(control, tenant, &state.config.backoffice_tenant, &state.bus).await?;
    Ok(Json(tenants::view(control, deleted).await?))
}

/// Restores a soft-deleted tenant.
#[utoipa::path(
    post, path = "/tenant/restore", tag = "tenants", operation_id = "tenants_restore",
    summary = "Restaura um tenant excluído",
    request_body = IdBody,
    responses(
        (status = 200, description = "O tenant restaurado.", body = TenantView),
        (status = 404, description = "Tenant não encontrado (`tenant_not_found`).", body = ErrorBody),
        (status = 409, description = "O tenant não está excluído.", body = ErrorBody),
    )
)]
async fn restore(State(state): State<AppState>, ApiJson(body): ApiJson<IdBody>) -> AppResult<Json<TenantView>> {
    let control = state.dbs.control();
    let tenant = tenants::find_by_id(control, body.id).await?;
    let restored = tenants::restore(control, tenant, &state.bus).await?;
    Ok(Json(tenants::view(control, restored).await?))
}

#[derive(Deserialize, ToSchema)]
struct SetPlanBody {
    /// Id do tenant.
    id: i32,
    /// `basic`, `pro` ou `enterprise`.
    #[schema(example = "pro")]
    plan: String,
    /// Limite de usuários (0 = ilimitado); o do plano quando ausente.
    #[serde(default)]
    user: Option<i32>,
    /// Limite mensal de tickets (0 = ilimitado); o do plano quando ausente.
    #[serde(default)]
    ticket: Option<i32>,
    /// Limite de mídia armazenada em MB (0 = ilimitado); o do plano quando ausente.
    #[serde(default)]
    media: Option<i32>,
}

/// Changes a tenant's plan and limits.
#[utoipa::path(
    post, path = "/tenant/set-plan", tag = "tenants", operation_id = "tenants_set_plan",
    summary = "Muda o plano e os limites de um tenant",
    request_body = SetPlanBody,
    responses(
        (status = 200, description = "O tenant alterado.", body = TenantView),
        (status = 404, description = "Tenant não encontrado (`tenant_not_found`).", body = ErrorBody),
        (status = 422, description = "Plano ou limite inválidos.", body = ErrorBody),
    )
)]
async fn set_plan(State(state): State<AppState>, ApiJson(body): ApiJson<SetPlanBody>) -> AppResult<Json<TenantView>> {
    let control = state.dbs.control();
    let tenant = tenants::find_by_id(control, body.id).await?;
    let updated =
        tenants::set_plan(control, tenant, &body.plan, body.user, body.ticket, body.media, &state.bus).await?;
    Ok(Json(tenants::view(control, updated).await?))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct TenantNameQuery {
    /// Nome do tenant.
    tenant_name: String,
}

async fn tenant_by_name(state: &AppState, raw: &str) -> AppResult<crate::entities::control::tenant::Model> {
    let name = TenantName::parse(raw.trim())
        .map_err(|_| AppError::Domain(DomainError::not_found("tenant_not_found", "Tenant não encontrado.")))?;
    Ok(tenants::find_by_name(state.dbs.control(), &name).await?)
}

/// The tenant's feature settings, with pt_BR labels.
#[utoipa::path(
    get, path = "/tenant/feature", tag = "tenants", operation_id = "tenants_features",
    summary = "Opções (features) de um tenant",
    params(TenantNameQuery),
    responses(
        (status = 200, description = "`[{option, enabled, label}]`, com rótulos em pt_BR.", body = Vec<LabelledFeature>,
            example = json!([{ "option": "campaigns", "enabled": true, "label": "Campanhas" }])),
        (status = 404, description = "Tenant não encontrado (`tenant_not_found`).", body = ErrorBody),
    )
)]
async fn get_features(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TenantNameQuery>,
) -> AppResult<Json<Vec<LabelledFeature>>> {
    let tenant = tenant_by_name(&state, &query.tenant_name).await?;
    let view = tenants::view(state.dbs.control(), tenant).await?;
    let rows = view
        .features
        .iter()
        .map(|f| {
            let label = features::Feature::parse(&f.option).map(features::Feature::label).unwrap_or_default();
            LabelledFeature { option: f.option.clone(), enabled: f.enabled, label }
        })
        .collect();
    Ok(Json(rows))
}

/// One feature of a tenant, on or off, with its pt_BR label.
#[derive(Serialize, ToSchema)]
struct LabelledFeature {
    #[schema(example = "campaigns")]
    option: String,
    enabled: bool,
    /// Rótulo em pt_BR (vazio para uma opção desconhecida).
    #[schema(example = "Campanhas")]
    label: &'static str,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FeatureBody {
    /// `campaigns`, `chatbot`, `analytics`, `reports`, `two_factor` ou `webhooks`.
    #[schema(example = "campaigns")]
    option: String,
    enabled: bool,
    #[schema(example = "acme")]
    tenant_name: String,
}

/// Switches one feature (the web app sends one call per feature, in parallel).
#[utoipa::path(
    post, path = "/tenant/feature", tag = "tenants", operation_id = "tenants_set_feature",
    summary = "Liga ou desliga uma opção (feature) de um tenant",
    request_body = FeatureBody,
    responses(
        (status = 200, description = "`{option, enabled, tenantName}`", body = FeatureSwitched,
            example = json!({ "option": "campaigns", "enabled": true, "tenantName": "acme" })),
        (status = 404, description = "Tenant não encontrado (`tenant_not_found`).", body = ErrorBody),
        (status = 422, description = "Opção desconhecida.", body = ErrorBody),
    )
)]
async fn set_feature(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<FeatureBody>,
) -> AppResult<Json<FeatureSwitched>> {
    let tenant = tenant_by_name(&state, &body.tenant_name).await?;
    tenants::set_feature(state.dbs.control(), &tenant, &body.option, body.enabled, &state.bus).await?;
    Ok(Json(FeatureSwitched { option: body.option, enabled: body.enabled, tenant_name: tenant.name }))
}

/// A feature just switched, and the tenant it belongs to.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FeatureSwitched {
    #[schema(example = "campaigns")]
    option: String,
    enabled: bool,
    #[schema(example = "acme")]
    tenant_name: String,
}

/// The plans (default limits and features) and the feature catalogue, for the tenant forms.
#[utoipa::path(
    get, path = "/tenant/plans", tag = "tenants", operation_id = "tenants_plans",
    summary = "Planos e opções (features) disponíveis",
    responses((status = 200, description = "`{plans: [{code, name, user_limit, ticket_limit, media_limit_mb, features}], features: [{option, label}]}`",
        body = PlansAndFeatures))
)]
async fn plans(State(state): State<AppState>) -> AppResult<Json<PlansAndFeatures>> {
    let plans = crate::domain::plans::list(state.dbs.control()).await?;
    let features = crate::domain::features::catalogue().map(|(option, label)| FeatureLabel { option, label }).collect();
    Ok(Json(PlansAndFeatures { plans, features }))
}

/// The plans and the feature catalogue the tenant forms offer.
#[derive(Serialize, ToSchema)]
struct PlansAndFeatures {
    /// Do mais barato ao mais caro.
    plans: Vec<Plan>,
    /// Todas as opções, na ordem do catálogo.
    features: Vec<FeatureLabel>,
}

/// A feature of the catalogue and its pt_BR label.
#[derive(Serialize, ToSchema)]
struct FeatureLabel {
    #[schema(example = "campaigns")]
    option: &'static str,
    #[schema(example = "Campanhas")]
    label: &'static str,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UnblockBody {
    /// O tenant do usuário.
    #[schema(example = "acme")]
    tenant_name: String,
    /// O email do usuário bloqueado.
    #[schema(example = "ana@acme.com.br")]
    email: String,
}

/// Unblocks a user of any tenant, by email: the way out when a tenant's administrators are
/// themselves blocked (docs/auth.md#guessing-limits).
#[utoipa::path(
    post, path = "/tenant/unblock-user", tag = "tenants", operation_id = "tenants_unblock_user",
    summary = "Desbloqueia um usuário de qualquer tenant",
    description = "Para operadores: desbloqueia pelo email um usuário bloqueado por senhas erradas em qualquer tenant.",
    request_body = UnblockBody,
    responses(
        (status = 200, description = "O usuário desbloqueado.", body = crate::domain::users::UserView),
        (status = 404, description = "Tenant (`tenant_not_found`) ou usuário (`user_not_found`) não encontrado.", body = ErrorBody),
    )
)]
async fn unblock_user(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<UnblockBody>,
) -> AppResult<Json<crate::domain::users::UserView>> {
    let name = TenantName::parse(body.tenant_name.trim()).map_err(|_| AppError::TenantNotFound)?;
    let tenant = crate::context::CurrentTenant::find(&state, name).await?;
    let unit = tenant.unit(&state).await?;
    let user = crate::domain::users::unblock_by_email(&unit, &body.email).await?;
    let view = crate::domain::users::view(&unit, &user).await?;
    unit.commit().await?;
    tracing::info!(tenant = %tenant.name, user = user.id, "user unblocked by an operator");
    Ok(Json(view))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct GenerateQuery {
    /// Nome do tenant.
    tenant_name: String,
    /// Início: `AAAA-MM-DD` (dia em São Paulo) ou instante RFC 3339.
    start_at: String,
    /// Fim: `AAAA-MM-DD` (o dia todo) ou instante RFC 3339.
    finish_at: String,
    /// Uma situação de destinatário: `pending`, `sent`, `delivered`, `read`, `replied` ou `failed`.
    #[serde(rename = "type")]
    kind: String,
}

/// An instant, or a São Paulo day (its start, or its end when `end`).
fn instant(raw: &str, field: &str, end: bool) -> Result<chrono::DateTime<chrono::Utc>, DomainError> {
    let raw = raw.trim();
    if let Ok(at) = chrono::DateTime::parse_from_rfc3339(raw) {
        return Ok(at.with_timezone(&chrono::Utc));
    }
    let day = chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| {
        DomainError::invalid_field("invalid_period", field, "Use uma data AAAA-MM-DD ou um instante RFC 3339.")
    })?;
    let start = crate::domain::local_time::day_start(day);
    Ok(if end { start + chrono::Duration::days(1) - chrono::Duration::milliseconds(1) } else { start })
}

/// Queues again the campaign-status webhooks of a tenant's recipients of one status whose
/// status moved within the period (docs/contracts.md#api-calls; docs/campaigns.md#webhooks).
#[utoipa::path(
    get, path = "/tenant/generate-campaign-status-webhook", tag = "tenants",
    operation_id = "tenants_generate_campaign_status_webhook",
    summary = "Gera webhooks de status de campanha de um tenant (um tipo por chamada)",
    description = "Para cada destinatário cuja situação é `type` e mudou no período, uma nova entrega a \
        cada endpoint ativo inscrito em `campaign.status`. Responde quantos destinatários entraram na fila.",
    params(GenerateQuery),
    responses(
        (status = 200, description = "`{queued}`", body = Queued, example = json!({ "queued": 42 })),
        (status = 404, description = "Tenant não encontrado (`tenant_not_found`).", body = ErrorBody),
        (status = 422, description = "Período ou tipo inválido.", body = ErrorBody),
    )
)]
async fn generate_campaign_status_webhook(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<GenerateQuery>,
) -> AppResult<Json<Queued>> {
    use crate::domain::campaigns::RecipientStatus;
    let kind = RecipientStatus::parse(&query.kind).ok_or_else(|| {
        DomainError::invalid_field(
            "invalid_type",
            "type",
            format!("Tipo desconhecido: use {}.", RecipientStatus::listed()),
        )
    })?;
    let start = instant(&query.start_at, "startAt", false)?;
    let finish = instant(&query.finish_at, "finishAt", true)?;
    if finish < start {
        return Err(DomainError::invalid("invalid_period", "O fim do período é anterior ao início.").into());
    }
    let name = TenantName::parse(query.tenant_name.trim()).map_err(|_| AppError::TenantNotFound)?;
    let tenant = crate::context::CurrentTenant::find(&state, name).await?;
    let unit = tenant.unit(&state).await?;
    let queued = crate::domain::webhooks::replay_campaign_status(&unit, kind, start, finish).await?;
    unit.commit().await?;
    tracing::info!(tenant = %tenant.name, status = %query.kind, queued, "campaign-status webhooks generated by an operator");
    Ok(Json(Queued { queued }))
}

/// How many recipients' webhooks were queued again.
#[derive(Serialize, ToSchema)]
struct Queued {
    #[schema(example = 42)]
    queued: u64,
}
