//! `/api/tenant*`: tenant management for back-office operators (spec §7 Tenants; DESIGN §2–§3).
//! Every route is `Operator("tenants")`: a user of the back-office tenant whose role has the
//! `tenants` route. Tenants' own users get 403 `backoffice_only`.
//!
//! `filter_users` / `{filterUsers}` (the spec does not show its values) selects by deletion:
//! `active` (default; also `false`), `deleted`, or `all` (also `true`).

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{
    domain::{
        Error as DomainError, features,
        tenants::{self, ListQuery, NewTenant, SortBy},
    },
    error::{AppError, AppResult},
    http::{
        access::{Access, ApiRoutes},
        extract::ApiJson,
    },
    state::AppState,
    tenancy::TenantName,
};

const RULE: Access = Access::Operator("tenants");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .get("/tenant/feature", RULE, get_features)
        .post("/tenant/feature", RULE, set_feature)
        .post("/tenant/paginated", RULE, paginated)
        .post("/tenant/delete", RULE, delete)
        .post("/tenant/restore", RULE, restore)
        .post("/tenant/set-plan", RULE, set_plan)
        .post("/tenant", RULE, create)
        .get("/tenant/{filterUsers}", RULE, list_all)
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
async fn list_all(State(state): State<AppState>, Path(filter): Path<String>) -> AppResult<Json<Value>> {
    let (include_deleted, only_deleted) = deletion_filter(Some(&filter))?;
    let query = ListQuery {
        include_deleted,
        only_deleted,
        limit: tenants::MAX_PAGE_SIZE,
        sort_by: SortBy::Name,
        descending: false,
        ..Default::default()
    };
    Ok(Json(json!(tenants::list(state.dbs.control(), &query).await?)))
}

#[derive(Deserialize, Default)]
struct PaginatedBody {
    #[serde(default)]
    filter_users: Option<Value>,
    #[serde(default)]
    pagination_page: Option<u64>,
    #[serde(default)]
    pagination_limit: Option<u64>,
    #[serde(default)]
    search: Option<String>,
    #[serde(default)]
    sort_name: Option<String>,
    #[serde(default)]
    sort_type: Option<String>,
}

/// The paginated, searchable list (spec §9 defaults: page 1, 4 per page, id descending).
async fn paginated(State(state): State<AppState>, ApiJson(body): ApiJson<PaginatedBody>) -> AppResult<Json<Value>> {
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
        page: body.pagination_page.unwrap_or(1).max(1),
        limit,
        sort_by,
        descending,
    };
    Ok(Json(json!(tenants::list(state.dbs.control(), &query).await?)))
}

/// `features` as the spec sends it: option names, or `{option, enabled}` objects.
#[derive(Deserialize)]
#[serde(untagged)]
enum FeatureItem {
    Name(String),
    Setting { option: String, enabled: bool },
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateBody {
    name: String,
    #[serde(default)]
    cnpj: Option<String>,
    #[serde(default)]
    features: Option<Vec<FeatureItem>>,
    #[serde(default)]
    template: Option<String>,
    #[serde(default)]
    pool: Option<String>,
    #[serde(default)]
    user_limit: Option<i32>,
    #[serde(default)]
    plan: Option<String>,
    #[serde(default)]
    ticket_limit: Option<i32>,
}

/// Provisions a tenant, as `backoffice-cli tenant create` does.
async fn create(State(state): State<AppState>, ApiJson(body): ApiJson<CreateBody>) -> AppResult<(StatusCode, Json<Value>)> {
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
        features,
    };
    let provisioned = tenants::provision(&state.dbs, new, None).await?;
    let view = tenants::view(state.dbs.control(), provisioned.tenant().clone()).await?;
    Ok((StatusCode::CREATED, Json(json!(view))))
}

#[derive(Deserialize)]
struct IdBody {
    id: i32,
}

async fn delete(State(state): State<AppState>, ApiJson(body): ApiJson<IdBody>) -> AppResult<Json<Value>> {
    let control = state.dbs.control();
    let tenant = tenants::find_by_id(control, body.id).await?;
    if tenant.name == state.config.backoffice_tenant.as_str() {
        return Err(DomainError::conflict("backoffice_tenant", "O tenant do back-office não pode ser excluído.").into());
    }
    let deleted = tenants::delete(control, tenant).await?;
    Ok(Json(json!(tenants::view(control, deleted).await?)))
}

async fn restore(State(state): State<AppState>, ApiJson(body): ApiJson<IdBody>) -> AppResult<Json<Value>> {
    let control = state.dbs.control();
    let tenant = tenants::find_by_id(control, body.id).await?;
    let restored = tenants::restore(control, tenant).await?;
    Ok(Json(json!(tenants::view(control, restored).await?)))
}

#[derive(Deserialize)]
struct SetPlanBody {
    id: i32,
    plan: String,
    /// User limit (0 = unlimited); the plan's default when absent.
    #[serde(default)]
    user: Option<i32>,
    /// Monthly ticket limit (0 = unlimited); the plan's default when absent.
    #[serde(default)]
    ticket: Option<i32>,
}

async fn set_plan(State(state): State<AppState>, ApiJson(body): ApiJson<SetPlanBody>) -> AppResult<Json<Value>> {
    let control = state.dbs.control();
    let tenant = tenants::find_by_id(control, body.id).await?;
    let updated = tenants::set_plan(control, tenant, &body.plan, body.user, body.ticket).await?;
    Ok(Json(json!(tenants::view(control, updated).await?)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TenantNameQuery {
    tenant_name: String,
}

async fn tenant_by_name(state: &AppState, raw: &str) -> AppResult<crate::entities::control::tenant::Model> {
    let name = TenantName::parse(raw.trim()).map_err(|_| {
        AppError::Domain(DomainError::not_found("tenant_not_found", "Tenant não encontrado."))
    })?;
    Ok(tenants::find_by_name(state.dbs.control(), &name).await?)
}

/// The tenant's feature settings, with pt_BR labels.
async fn get_features(
    State(state): State<AppState>,
    query: Result<Query<TenantNameQuery>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<Value>> {
    let Ok(Query(query)) = query else {
        return Err(AppError::BadRequest("Informe o parâmetro tenantName.".into()));
    };
    let tenant = tenant_by_name(&state, &query.tenant_name).await?;
    let view = tenants::view(state.dbs.control(), tenant).await?;
    let rows: Vec<Value> = view
        .features
        .iter()
        .map(|f| {
            let label = features::FEATURES.iter().find(|(name, _)| *name == f.option).map(|(_, l)| *l).unwrap_or_default();
            json!({ "option": f.option, "enabled": f.enabled, "label": label })
        })
        .collect();
    Ok(Json(json!(rows)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FeatureBody {
    option: String,
    enabled: bool,
    tenant_name: String,
}

/// Switches one feature (the web app sends one call per feature, in parallel).
async fn set_feature(State(state): State<AppState>, ApiJson(body): ApiJson<FeatureBody>) -> AppResult<Json<Value>> {
    let tenant = tenant_by_name(&state, &body.tenant_name).await?;
    tenants::set_feature(state.dbs.control(), tenant.id, &body.option, body.enabled).await?;
    Ok(Json(json!({ "option": body.option, "enabled": body.enabled, "tenantName": tenant.name })))
}
