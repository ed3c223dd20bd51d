//! Tenant resolution for every tenant-scoped route: runs first and fails closed (DESIGN §2).
//!
//! The `Host` header (or HTTP/2 authority) names the tenant; an unknown, unprovisioned or
//! soft-deleted tenant, or a host outside `BASE_DOMAIN`, answers 404 `tenant_not_found` before any
//! handler runs. Handlers receive the resolved tenant as [`CurrentTenant`].

use axum::{
    extract::{FromRequestParts, Request, State},
    http::{header::HOST, request::Parts},
    middleware::Next,
    response::Response,
};

use crate::{
    domain::tenants,
    entities::control::tenant,
    error::AppError,
    state::AppState,
    tenancy::{HostTenant, TenantDb, TenantName, tenant_from_host},
};

/// The tenant a request is for.
#[derive(Clone, Debug)]
pub struct CurrentTenant {
    pub name: TenantName,
    pub record: tenant::Model,
}

impl CurrentTenant {
    /// This tenant's database.
    pub async fn db(&self, state: &AppState) -> Result<TenantDb, AppError> {
        Ok(state.dbs.tenant(&self.name, &self.record.pool).await.map_err(crate::domain::Error::from)?)
    }

    /// A transaction on this tenant's database (the usual start of a handler).
    pub async fn begin(&self, state: &AppState) -> Result<sea_orm::DatabaseTransaction, AppError> {
        Ok(self.db(state).await?.begin().await?)
    }
}

/// Middleware: resolves the tenant or answers 404.
pub async fn resolve(State(state): State<AppState>, mut request: Request, next: Next) -> Result<Response, AppError> {
    let host = request
        .headers()
        .get(HOST)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
        .or_else(|| request.uri().authority().map(|a| a.as_str().to_owned()))
        .ok_or(AppError::TenantNotFound)?;
    let name = match tenant_from_host(&host, &state.config.base_domain) {
        Some(HostTenant::Tenant(name)) => name,
        Some(HostTenant::Bare) => state.config.default_tenant.clone().ok_or(AppError::TenantNotFound)?,
        None => return Err(AppError::TenantNotFound),
    };
    let record = tenants::find_active(state.dbs.control(), &name).await?.ok_or(AppError::TenantNotFound)?;
    request.extensions_mut().insert(CurrentTenant { name, record });
    Ok(next.run(request).await)
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentTenant {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        // Present on every route behind `resolve`; absent means the route was mounted outside it.
        parts.extensions.get::<CurrentTenant>().cloned().ok_or(AppError::TenantNotFound)
    }
}

/// The tenant a `tenantName` parameter names (DESIGN §2): the caller's own when absent or equal;
/// another tenant only for back-office operators — a tenant's own users get 403.
pub async fn target(state: &AppState, caller: &CurrentTenant, name: Option<&str>) -> Result<CurrentTenant, AppError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty() && *n != caller.name.as_str()) else {
        return Ok(caller.clone());
    };
    if caller.name != state.config.backoffice_tenant {
        return Err(crate::domain::Error::forbidden(
            "other_tenant",
            "Você só pode acessar os dados da sua própria empresa.",
        )
        .into());
    }
    let name = TenantName::parse(name).map_err(|_| AppError::TenantNotFound)?;
    let record = tenants::find_active(state.dbs.control(), &name).await?.ok_or(AppError::TenantNotFound)?;
    Ok(CurrentTenant { name, record })
}
