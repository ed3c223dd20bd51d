//! Tenants (control database): lookup, listing, soft delete and restore, plans and features.
//! Creating one is `provisioning`.

pub mod backup;
pub mod backup_media;
mod provisioning;

pub use provisioning::{NewTenant, ProvisionStep, Provisioned, provision};

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{Expr, LikeExpr, OnConflict},
};

use crate::{
    domain::{
        error::{Error, Result},
        events::{Publisher, Raised},
        features,
        pages::{Page, Pagination},
        plans,
    },
    entities::control::{tenant, tenant_feature},
    tenancy::TenantName,
};

/// A feature option and whether it is on for a tenant (docs/contracts.md#entities-and-storage-keys "feature setting").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct FeatureSetting {
    pub option: String,
    pub enabled: bool,
}

/// A tenant as the API and the CLI show it (docs/contracts.md#entities-and-storage-keys fields).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantView {
    pub id: i32,
    pub name: String,
    pub cnpj: Option<String>,
    pub features: Vec<FeatureSetting>,
    pub template: String,
    pub pool: String,
    pub user_limit: i32,
    pub plan: String,
    pub ticket_limit: i32,
    /// Megabytes of media the tenant may keep (0 = unlimited).
    pub media_limit_mb: i32,
    #[serde(rename = "deleted_at")]
    pub deleted_at: Option<DateTime<Utc>>,
    #[serde(rename = "created_at")]
    pub created_at: DateTime<Utc>,
}

impl TenantView {
    fn new(model: tenant::Model, settings: Vec<tenant_feature::Model>) -> Self {
        let features = features::catalogue()
            .map(|(option, _)| FeatureSetting {
                option: option.to_owned(),
                enabled: settings.iter().any(|s| s.option == option && s.enabled),
            })
            .collect();
        Self {
            id: model.id,
            name: model.name,
            cnpj: model.cnpj,
            features,
            template: model.template,
            pool: model.pool,
            user_limit: model.user_limit,
            plan: model.plan,
            ticket_limit: model.ticket_limit,
            media_limit_mb: model.media_limit_mb,
            deleted_at: model.deleted_at,
            created_at: model.created_at,
        }
    }
}

pub(super) fn not_found() -> Error {
    Error::not_found("tenant_not_found", "Tenant não encontrado.")
}

/// A provisioned tenant by name, deleted or not.
pub async fn find_by_name(control: &impl ConnectionTrait, name: &TenantName) -> Result<tenant::Model> {
    tenant::Entity::find()
        .filter(tenant::Column::Name.eq(name.as_str()))
        .filter(tenant::Column::ProvisionedAt.is_not_null())
        .one(control)
        .await?
        .ok_or_else(not_found)
}

/// A provisioned tenant by id, deleted or not.
pub async fn find_by_id(control: &impl ConnectionTrait, id: i32) -> Result<tenant::Model> {
    tenant::Entity::find_by_id(id)
        .filter(tenant::Column::ProvisionedAt.is_not_null())
        .one(control)
        .await?
        .ok_or_else(not_found)
}

/// The tenant a host resolves to: provisioned and not deleted. `None` otherwise.
pub async fn find_active(control: &impl ConnectionTrait, name: &TenantName) -> Result<Option<tenant::Model>> {
    Ok(tenant::Entity::find()
        .filter(tenant::Column::Name.eq(name.as_str()))
        .filter(tenant::Column::ProvisionedAt.is_not_null())
        .filter(tenant::Column::DeletedAt.is_null())
        .one(control)
        .await?)
}

/// A tenant with its feature settings.
pub async fn view(control: &impl ConnectionTrait, model: tenant::Model) -> Result<TenantView> {
    let settings =
        tenant_feature::Entity::find().filter(tenant_feature::Column::TenantId.eq(model.id)).all(control).await?;
    Ok(TenantView::new(model, settings))
}

/// Sort keys of the tenant list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    #[default]
    Id,
    Name,
    CreatedAt,
}

/// What part of the tenant list to read (defaults: docs/contracts.md#constants, page 1, 4 per page, id descending).
#[derive(Debug, Clone)]
pub struct ListQuery {
    pub include_deleted: bool,
    pub only_deleted: bool,
    pub search: Option<String>,
    pub page: u64,
    pub limit: u64,
    pub sort_by: SortBy,
    pub descending: bool,
}

impl Default for ListQuery {
    fn default() -> Self {
        Self {
            include_deleted: false,
            only_deleted: false,
            search: None,
            page: 1,
            limit: 4,
            sort_by: SortBy::Id,
            descending: true,
        }
    }
}

/// The largest page anyone may ask for.
pub const MAX_PAGE_SIZE: u64 = 500;

/// Lists provisioned tenants, newest first by default; deleted ones only when asked.
pub async fn list(control: &impl ConnectionTrait, query: &ListQuery) -> Result<Page<TenantView>> {
    let limit = query.limit.clamp(1, MAX_PAGE_SIZE);
    let page = query.page.max(1);
    let mut condition = Condition::all().add(tenant::Column::ProvisionedAt.is_not_null());
    if query.only_deleted {
        condition = condition.add(tenant::Column::DeletedAt.is_not_null());
    } else if !query.include_deleted {
        condition = condition.add(tenant::Column::DeletedAt.is_null());
    }
    if let Some(search) = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let digits: String = search.chars().filter(char::is_ascii_digit).collect();
        // Literally: `%` and `_` in the search are characters, not wildcards (`a_c` finds "a_c",
        // not "abc"), escaped with `\` — SQLite's LIKE has no escape character unless told.
        let pattern = format!("%{}%", escape_like(&search.to_lowercase()));
        let mut any = Condition::any().add(tenant::Column::Name.like(LikeExpr::new(pattern).escape('\\')));
        if !digits.is_empty() {
            // A range, not `LIKE 'x%'`: a plain btree serves it under any collation, so
            // PostgreSQL can combine it with the name's trigram index (BitmapOr).
            let mut cnpj = Condition::all().add(tenant::Column::Cnpj.gte(digits.clone()));
            if let Some(upper) = digit_prefix_upper_bound(&digits) {
                cnpj = cnpj.add(tenant::Column::Cnpj.lt(upper));
            }
            any = any.add(cnpj);
        }
        condition = condition.add(any);
    }
    let column = match query.sort_by {
        SortBy::Id => tenant::Column::Id,
        SortBy::Name => tenant::Column::Name,
        SortBy::CreatedAt => tenant::Column::CreatedAt,
    };
    let order = if query.descending { sea_orm::Order::Desc } else { sea_orm::Order::Asc };
    let select = tenant::Entity::find().filter(condition);
    let total = select.clone().count(control).await?;
    let page_of = select
        .order_by(column, order.clone())
        .order_by(tenant::Column::Id, order)
        .offset((page - 1).saturating_mul(limit))
        .limit(limit);
    let models = crate::domain::pages::all(control, page_of).await?;
    let ids: Vec<i32> = models.iter().map(|m| m.id).collect();
    let settings =
        tenant_feature::Entity::find().filter(tenant_feature::Column::TenantId.is_in(ids)).all(control).await?;
    let data = models
        .into_iter()
        .map(|model| {
            let own = settings.iter().filter(|s| s.tenant_id == model.id).cloned().collect();
            TenantView::new(model, own)
        })
        .collect();
    Ok(Page { data, pagination: Pagination { page, limit, total, pages: total.div_ceil(limit) } })
}

/// `text` with LIKE's wildcards (`%`, `_`) and the escape character itself (`\`) escaped by `\`,
/// for a pattern used with `ESCAPE '\'`.
pub fn escape_like(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// The smallest digit string greater than every string starting with `prefix` ("0429" → "043");
/// `None` when the prefix is all nines.
fn digit_prefix_upper_bound(prefix: &str) -> Option<String> {
    let trimmed = prefix.trim_end_matches('9');
    let last = trimmed.chars().last()?;
    let next = char::from_digit(last.to_digit(10)? + 1, 10)?;
    Some(format!("{}{next}", &trimmed[..trimmed.len() - 1]))
}

/// Every provisioned tenant (deleted too), for operators' batch work such as `migrate`. Reads
/// only names and pools.
pub async fn all_names(control: &impl ConnectionTrait) -> Result<Vec<(TenantName, String)>> {
    let rows: Vec<(String, String)> = tenant::Entity::find()
        .select_only()
        .column(tenant::Column::Name)
        .column(tenant::Column::Pool)
        .filter(tenant::Column::ProvisionedAt.is_not_null())
        .order_by_asc(tenant::Column::Id)
        .into_tuple()
        .all(control)
        .await?;
    Ok(rows.into_iter().filter_map(|(name, pool)| TenantName::parse(&name).ok().map(|name| (name, pool))).collect())
}

/// Names of the tenants that resolve (provisioned, not deleted), oldest first: what nightly jobs
/// run over.
pub async fn list_active_names(control: &impl ConnectionTrait) -> Result<Vec<String>> {
    Ok(tenant::Entity::find()
        .select_only()
        .column(tenant::Column::Name)
        .filter(tenant::Column::ProvisionedAt.is_not_null())
        .filter(tenant::Column::DeletedAt.is_null())
        .order_by_asc(tenant::Column::Id)
        .into_tuple()
        .all(control)
        .await?)
}

/// Soft-deletes a tenant: its hosts stop resolving, its data stays. The back-office tenant (whose
/// users are the operators) can never be deleted.
pub async fn delete(
    control: &impl ConnectionTrait,
    model: tenant::Model,
    backoffice: &TenantName,
    changed: &dyn Publisher,
) -> Result<tenant::Model> {
    if model.name == backoffice.as_str() {
        return Err(Error::conflict("backoffice_tenant", "O tenant do back-office não pode ser excluído."));
    }
    if model.deleted_at.is_some() {
        return Err(Error::conflict("tenant_already_deleted", "O tenant já está excluído."));
    }
    let mut active = model.into_active_model();
    active.deleted_at = Set(Some(Utc::now()));
    active.updated_at = Set(Utc::now());
    let deleted = active.update(control).await?;
    if let Ok(name) = TenantName::parse(&deleted.name) {
        changed.publish(&name, Raised::TenantClosed);
    }
    Ok(deleted)
}

/// What purging a tenant removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Purged {
    /// Media objects (originals and thumbnails) deleted.
    pub media_objects: u64,
}

/// Erases a soft-deleted tenant for good (`backoffice-cli tenant purge`, docs/operations.md#purging-a-tenant):
/// its media, its storage (file or schema), then its control record — the name becomes free.
/// Each step can run again: a purge cut short is finished by running it once more.
pub async fn purge(
    dbs: &crate::tenancy::Databases,
    store: &crate::domain::media::MediaStore,
    model: tenant::Model,
) -> Result<Purged> {
    if model.deleted_at.is_none() {
        return Err(Error::conflict(
            "tenant_not_deleted",
            "Só um tenant excluído pode ser apagado de vez: exclua-o antes (`tenant delete`).",
        ));
    }
    let name = TenantName::parse(&model.name)?;
    let media_objects = store.delete_tenant(name.as_str()).await?;
    dbs.drop_tenant_storage(&name, &model.pool).await?;
    let control = dbs.control();
    tenant_feature::Entity::delete_many().filter(tenant_feature::Column::TenantId.eq(model.id)).exec(control).await?;
    tenant::Entity::delete_by_id(model.id).exec(control).await?;
    Ok(Purged { media_objects })
}

/// Tells every replica a tenant's record changed (the write above is its own transaction).
fn announce(changed: &dyn Publisher, model: tenant::Model) -> Result<tenant::Model> {
    if let Ok(name) = TenantName::parse(&model.name) {
        changed.publish(&name, Raised::TenantChanged);
    }
    Ok(model)
}

/// Brings a soft-deleted tenant back.
pub async fn restore(
    control: &impl ConnectionTrait,
    model: tenant::Model,
    changed: &dyn Publisher,
) -> Result<tenant::Model> {
    if model.deleted_at.is_none() {
        return Err(Error::conflict("tenant_not_deleted", "O tenant não está excluído."));
    }
    let mut active = model.into_active_model();
    active.deleted_at = Set(None);
    active.updated_at = Set(Utc::now());
    announce(changed, active.update(control).await?)
}

/// Sets a tenant's plan; limits default to the plan's unless given (`0` = unlimited).
pub async fn set_plan(
    control: &impl ConnectionTrait,
    model: tenant::Model,
    plan_code: &str,
    user_limit: Option<i32>,
    ticket_limit: Option<i32>,
    media_limit_mb: Option<i32>,
    changed: &dyn Publisher,
) -> Result<tenant::Model> {
    let plan = plans::find(control, plan_code).await?;
    let user_limit = check_limit("user", user_limit.unwrap_or(plan.user_limit))?;
    let ticket_limit = check_limit("ticket", ticket_limit.unwrap_or(plan.ticket_limit))?;
    let media_limit_mb = check_limit("media", media_limit_mb.unwrap_or(plan.media_limit_mb))?;
    let mut active = model.into_active_model();
    active.plan = Set(plan.code);
    active.user_limit = Set(user_limit);
    active.ticket_limit = Set(ticket_limit);
    active.media_limit_mb = Set(media_limit_mb);
    active.updated_at = Set(Utc::now());
    announce(changed, active.update(control).await?)
}

pub(crate) fn check_limit(field: &str, value: i32) -> Result<i32> {
    if value < 0 {
        return Err(Error::invalid_field(
            "invalid_limit",
            field,
            "O limite deve ser zero (ilimitado) ou um número positivo.",
        ));
    }
    Ok(value)
}

/// Switches one feature option on or off for a tenant.
pub async fn set_feature(
    control: &impl ConnectionTrait,
    tenant: &tenant::Model,
    option: &str,
    enabled: bool,
    changed: &dyn Publisher,
) -> Result<()> {
    let tenant_id = tenant.id;
    if !features::is_feature(option) {
        let known: Vec<&str> = features::catalogue().map(|(name, _)| name).collect();
        return Err(Error::invalid_field(
            "unknown_feature",
            "option",
            format!("Funcionalidade \"{option}\" não existe. Opções: {}.", known.join(", ")),
        ));
    }
    tenant_feature::Entity::insert(tenant_feature::ActiveModel {
        tenant_id: Set(tenant_id),
        option: Set(option.to_owned()),
        enabled: Set(enabled),
        created_at: Set(Utc::now()),
        updated_at: Set(Utc::now()),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([tenant_feature::Column::TenantId, tenant_feature::Column::Option])
            .update_column(tenant_feature::Column::Enabled)
            .value(tenant_feature::Column::UpdatedAt, Expr::current_timestamp())
            .to_owned(),
    )
    .exec_without_returning(control)
    .await?;
    announce(changed, tenant.clone())?;
    Ok(())
}

/// The feature options switched on for a tenant.
pub async fn enabled_features(control: &impl ConnectionTrait, tenant_id: i32) -> Result<HashSet<String>> {
    let options: Vec<String> = tenant_feature::Entity::find()
        .select_only()
        .column(tenant_feature::Column::Option)
        .filter(tenant_feature::Column::TenantId.eq(tenant_id))
        .filter(tenant_feature::Column::Enabled.eq(true))
        .into_tuple()
        .all(control)
        .await?;
    Ok(options.into_iter().collect())
}

/// Whether a feature is on for a tenant.
pub async fn feature_enabled(control: &impl ConnectionTrait, tenant_id: i32, option: &str) -> Result<bool> {
    Ok(tenant_feature::Entity::find()
        .filter(tenant_feature::Column::TenantId.eq(tenant_id))
        .filter(tenant_feature::Column::Option.eq(option))
        .filter(tenant_feature::Column::Enabled.eq(true))
        .count(control)
        .await?
        > 0)
}

#[cfg(test)]
mod tests {
    use super::{digit_prefix_upper_bound, escape_like};

    #[test]
    fn like_wildcards_and_the_escape_character_are_escaped() {
        assert_eq!(escape_like("a_c"), "a\\_c");
        assert_eq!(escape_like("100%"), "100\\%");
        assert_eq!(escape_like("a\\b"), "a\\\\b");
        assert_eq!(escape_like("loja-azul"), "loja-azul");
    }

    #[test]
    fn digit_prefixes_have_an_exclusive_upper_bound() {
        assert_eq!(digit_prefix_upper_bound("04211").as_deref(), Some("04212"));
        assert_eq!(digit_prefix_upper_bound("0429").as_deref(), Some("043"));
        assert_eq!(digit_prefix_upper_bound("999"), None);
        assert_eq!(digit_prefix_upper_bound(""), None);
    }
}
