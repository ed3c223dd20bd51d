//! The tenant a request is for: resolved from the `Host` first thing, failing closed
//! (docs/tenancy.md#resolution).
//!
//! An unknown, unprovisioned or soft-deleted tenant, or a host outside `BASE_DOMAIN`, answers 404
//! `tenant_not_found` before any handler runs. Handlers and resolvers receive [`CurrentTenant`].

use std::{collections::HashSet, sync::Arc};

use axum::{
    extract::{FromRequestParts, Request, State},
    http::{header::HOST, request::Parts},
    middleware::Next,
    response::Response,
};

use crate::{
    cache::TenantEntry,
    domain::{self, tenants, unit::Unit},
    entities::control::tenant,
    error::AppError,
    state::AppState,
    tenancy::{Databases, HostTenant, TenantDb, TenantName, tenant_from_host},
};

/// The tenant a request is for (also what the CLI resolves a `--tenant` to).
#[derive(Clone, Debug)]
pub struct CurrentTenant {
    pub name: TenantName,
    pub record: tenant::Model,
    /// The feature options switched on for the tenant.
    pub features: Arc<HashSet<String>>,
}

impl CurrentTenant {
    /// The active tenant of this name, if any: how the server resolves a host and the CLI a
    /// `--tenant` argument.
    pub async fn lookup(dbs: &Databases, name: TenantName) -> Result<Option<Self>, domain::Error> {
        let Some(record) = tenants::find_active(dbs.control(), &name).await? else { return Ok(None) };
        let features = Arc::new(tenants::enabled_features(dbs.control(), record.id).await?);
        Ok(Some(Self { name, record, features }))
    }

    /// The active tenant of this name, or `tenant_not_found`; from the cache when it is there.
    pub async fn find(state: &AppState, name: TenantName) -> Result<Self, AppError> {
        let caches = state.bus.caches();
        if let Some(entry) = caches.tenant(&name) {
            return Ok(Self { name, record: entry.record.clone(), features: entry.features.clone() });
        }
        let ticket = caches.tenant_ticket();
        let found = Self::lookup(&state.dbs, name).await?.ok_or(AppError::TenantNotFound)?;
        let entry = TenantEntry { record: found.record.clone(), features: found.features.clone() };
        caches.store_tenant(ticket, found.name.clone(), Arc::new(entry));
        Ok(found)
    }

    /// Whether a feature option is switched on for the tenant.
    pub fn has_feature(&self, option: &str) -> bool {
        self.features.contains(option)
    }

    /// This tenant's database.
    pub async fn open(&self, dbs: &Databases) -> Result<TenantDb, domain::Error> {
        Ok(dbs.tenant(&self.name, &self.record.pool).await?)
    }

    /// This tenant's database.
    pub async fn db(&self, state: &AppState) -> Result<TenantDb, AppError> {
        Ok(self.open(&state.dbs).await?)
    }

    /// A read or a write that raises nothing: a plain transaction on this tenant's database.
    pub async fn begin(&self, state: &AppState) -> Result<sea_orm::DatabaseTransaction, AppError> {
        Ok(self.db(state).await?.begin().await?)
    }

    /// A transaction that only reads (on SQLite, beside the writer: docs/performance.md).
    pub async fn read(&self, state: &AppState) -> Result<crate::tenancy::Reading, AppError> {
        Ok(self.db(state).await?.read().await?)
    }

    /// A unit of work whose raised events reach the bus after its commit.
    pub async fn unit(&self, state: &AppState) -> Result<Unit, AppError> {
        let publisher: Arc<dyn domain::events::Publisher> = Arc::new(state.bus.clone());
        Ok(Unit::begin(&self.db(state).await?, publisher).await?)
    }

    /// Whether this is the operators' tenant.
    pub fn is_backoffice(&self, state: &AppState) -> bool {
        self.name == state.config.backoffice_tenant
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
    // Every log line of the request names its tenant (the span is the request's, app.rs).
    tracing::Span::current().record("tenant", name.as_str());
    let current = CurrentTenant::find(&state, name).await?;
    request.extensions_mut().insert(current);
    Ok(next.run(request).await)
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentTenant {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        // Present on every route behind `resolve`; absent means the route was mounted outside it.
        parts.extensions.get::<CurrentTenant>().cloned().ok_or(AppError::TenantNotFound)
    }
}
