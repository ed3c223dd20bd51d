//! What resolvers get from the request: state, tenant, caller, and cookies to set.

use std::sync::{Arc, Mutex};

use async_graphql::{Context, ErrorExtensions};
use axum_extra::extract::cookie::Cookie;

use crate::{
    domain,
    error::{AppError, Unauthorized},
    graphql::rules,
    http::{access::{Access, CurrentUser}, extract::ClientAddr, tenant::CurrentTenant},
    state::AppState,
};

pub struct GqlContext {
    pub state: AppState,
    pub tenant: CurrentTenant,
    pub addr: ClientAddr,
    pub user: Option<CurrentUser>,
    pub refresh_cookie: Option<String>,
    /// Cookies a resolver wants set on the HTTP response.
    pub cookies: Arc<Mutex<Vec<Cookie<'static>>>>,
}

impl GqlContext {
    pub fn new(
        state: AppState,
        tenant: CurrentTenant,
        addr: ClientAddr,
        user: Option<CurrentUser>,
        refresh_cookie: Option<String>,
    ) -> Self {
        Self { state, tenant, addr, user, refresh_cookie, cookies: Arc::new(Mutex::new(Vec::new())) }
    }

    pub fn set_cookie(&self, cookie: Cookie<'static>) {
        if let Ok(mut cookies) = self.cookies.lock() {
            cookies.push(cookie);
        }
    }
}

/// Applies a root field's rule (from [`rules::FIELD_RULES`]); returns the context and the caller
/// (`None` for public fields).
pub fn guard<'a>(ctx: &'a Context<'_>, field: &str) -> async_graphql::Result<(&'a GqlContext, Option<&'a CurrentUser>)> {
    let gql = ctx.data::<GqlContext>()?;
    let Some(access) = rules::rule(field) else {
        tracing::error!(field, "GraphQL field without an access rule: refused");
        return Err(to_error(AppError::Domain(domain::Error::forbidden("field_without_rule", "Acesso não configurado."))));
    };
    if access == Access::Public {
        return Ok((gql, gql.user.as_ref()));
    }
    let user = gql.user.as_ref().ok_or_else(|| to_error(AppError::Unauthorized(Unauthorized::NoToken)))?;
    let allowed = match access {
        Access::Public | Access::Authenticated => true,
        Access::Route(name) => user.may(name),
        Access::Operator(name) => gql.tenant.name == gql.state.config.backoffice_tenant && user.may(name),
    };
    if !allowed {
        return Err(to_error(AppError::Domain(domain::Error::forbidden(
            "forbidden",
            "Você não tem permissão para acessar este recurso.",
        ))));
    }
    Ok((gql, Some(user)))
}

/// An application error as a GraphQL error: the pt_BR message, and `code` (plus field errors)
/// in the extensions. Internal errors are logged and stay opaque.
pub fn to_error(err: AppError) -> async_graphql::Error {
    use crate::domain::Error as D;
    let (code, message, fields): (&str, String, Vec<domain::FieldError>) = match &err {
        AppError::Domain(D::Invalid { code, message, fields }) => (code, message.clone(), fields.clone()),
        AppError::Domain(D::NotFound { code, message } | D::Conflict { code, message } | D::Forbidden { code, message }) => {
            (code, message.clone(), Vec::new())
        }
        AppError::Domain(D::Storage(_) | D::Db(_)) => {
            tracing::error!(error = %err, "GraphQL resolver failed");
            ("internal_error", "Erro interno. Tente novamente em instantes.".into(), Vec::new())
        }
        AppError::Unauthorized(Unauthorized::NoToken) => ("unauthorized", "Authorization Token not found".into(), Vec::new()),
        AppError::Unauthorized(Unauthorized::Invalid) => ("unauthorized", "Token is Invalid".into(), Vec::new()),
        AppError::Unauthorized(Unauthorized::AccessExpired) => ("unauthorized", "Token has expired".into(), Vec::new()),
        AppError::Unauthorized(Unauthorized::RefreshExpired) => ("unauthorized", "Token is Expired".into(), Vec::new()),
        AppError::LoginFailed { .. } => ("invalid_credentials", crate::error::LOGIN_FAILED.into(), Vec::new()),
        AppError::RateLimited(retry) => (
            "rate_limited",
            format!("Muitas tentativas. Tente novamente em {} segundos.", retry.as_secs().max(1)),
            Vec::new(),
        ),
        AppError::TenantNotFound => ("tenant_not_found", "Tenant não encontrado.".into(), Vec::new()),
        AppError::NotFound => ("not_found", "Recurso não encontrado.".into(), Vec::new()),
        AppError::BadRequest(message) => ("bad_request", message.clone(), Vec::new()),
        AppError::PayloadTooLarge => ("payload_too_large", "O corpo da requisição é grande demais.".into(), Vec::new()),
    };
    let hint = match &err {
        AppError::LoginFailed { hint } => *hint,
        _ => None,
    };
    async_graphql::Error::new(message).extend_with(|_, ext| {
        ext.set("code", code);
        if !fields.is_empty() {
            let list: Vec<async_graphql::Value> = fields
                .iter()
                .map(|f| {
                    let mut map = async_graphql::indexmap::IndexMap::new();
                    map.insert(async_graphql::Name::new("field"), async_graphql::Value::from(f.field.clone()));
                    map.insert(async_graphql::Name::new("message"), async_graphql::Value::from(f.message.clone()));
                    async_graphql::Value::Object(map)
                })
                .collect();
            ext.set("errors", async_graphql::Value::List(list));
        }
        if let Some(hint) = hint {
            ext.set("hint", hint);
        }
    })
}

/// `?`-friendly conversion for resolvers.
pub trait OrGql<T> {
    fn gql(self) -> async_graphql::Result<T>;
}

impl<T, E: Into<AppError>> OrGql<T> for Result<T, E> {
    fn gql(self) -> async_graphql::Result<T> {
        self.map_err(|e| to_error(e.into()))
    }
}
