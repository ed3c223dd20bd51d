//! Server-side access control (DESIGN §5): one declarative rule per API route, enforced by one
//! middleware before any handler runs.
//!
//! Routes are registered only through [`ApiRoutes`], whose methods take the rule together with
//! the handler, so a route without a rule cannot be written. The middleware also fails closed: a
//! matched route missing from the table answers 403 to everyone.
//!
//! Authentication follows the 401 contract of spec §8 / DESIGN §4 to the letter (see [`Unauthorized`]).

use std::collections::HashMap;

use axum::{
    Router,
    extract::{FromRequestParts, MatchedPath, Request, State},
    handler::Handler,
    http::{Method, header::AUTHORIZATION, request::Parts},
    middleware::Next,
    response::{IntoResponse, Response},
    routing::{MethodFilter, on},
};
use sea_orm::EntityTrait;

use crate::{
    domain::{
        Error as DomainError,
        auth::{tokens::TokenError, two_factor},
        permissions,
    },
    entities::tenant::{role, user},
    error::{AppError, Unauthorized},
    http::tenant::CurrentTenant,
    state::AppState,
};

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone (the tenant still has to resolve).
    Public,
    /// Any logged-in user of the tenant.
    Authenticated,
    /// A user whose role permits this route name of the catalogue.
    Route(&'static str),
    /// A back-office operator (a user of the back-office tenant) whose role permits this route.
    Operator(&'static str),
}

/// One route's rule.
#[derive(Debug, Clone)]
pub struct RouteRule {
    pub method: Method,
    /// The path as registered under `/api`, e.g. `/users/{id}`.
    pub path: &'static str,
    pub access: Access,
}

/// Every API route's rule, looked up by method and matched path.
#[derive(Debug, Default)]
pub struct RouteRules {
    rules: Vec<RouteRule>,
    index: HashMap<(Method, String), Access>,
}

impl RouteRules {
    fn new(rules: Vec<RouteRule>) -> Self {
        let index = rules.iter().map(|r| ((r.method.clone(), format!("/api{}", r.path)), r.access)).collect();
        Self { rules, index }
    }

    pub fn all(&self) -> &[RouteRule] {
        &self.rules
    }

    fn get(&self, method: &Method, matched: &str) -> Option<Access> {
        self.index.get(&(method.clone(), matched.to_owned())).copied()
    }
}

/// The API router under construction, with its rules.
pub struct ApiRoutes {
    router: Router<AppState>,
    rules: Vec<RouteRule>,
}

impl Default for ApiRoutes {
    fn default() -> Self {
        Self { router: Router::new(), rules: Vec::new() }
    }
}

macro_rules! method {
    ($name:ident, $method:ident) => {
        pub fn $name<H, T>(self, path: &'static str, access: Access, handler: H) -> Self
        where
            H: Handler<T, AppState>,
            T: 'static,
        {
            self.add(Method::$method, MethodFilter::$method, path, access, handler)
        }
    };
}

impl ApiRoutes {
    method!(get, GET);
    method!(post, POST);
    method!(put, PUT);
    method!(patch, PATCH);
    method!(delete, DELETE);

    fn add<H, T>(mut self, method: Method, filter: MethodFilter, path: &'static str, access: Access, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        if let Access::Route(name) | Access::Operator(name) = access {
            assert!(crate::domain::catalogue::route(name).is_some(), "rule for {path} names unknown route {name}");
        }
        self.router = self.router.route(path, on(filter, handler));
        self.rules.push(RouteRule { method, path, access });
        self
    }

    /// Adds the routes of another area.
    pub fn merge(mut self, other: ApiRoutes) -> Self {
        self.router = self.router.merge(other.router);
        self.rules.extend(other.rules);
        self
    }

    pub fn into_parts(self) -> (Router<AppState>, RouteRules) {
        (self.router, RouteRules::new(self.rules))
    }
}

/// The logged-in user of a request, set by [`enforce`].
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user: user::Model,
    pub role: Option<role::Model>,
    /// Route names the user's role permits.
    pub routes: Vec<String>,
    /// The role requires two-factor and the user has not turned it on: checked routes are closed.
    pub must_enroll_two_factor: bool,
}

impl CurrentUser {
    pub fn may(&self, route: &str) -> bool {
        self.routes.iter().any(|r| r == route)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<CurrentUser>().cloned().ok_or(AppError::Unauthorized(Unauthorized::NoToken))
    }
}

/// The bearer token of a request, if any.
pub fn bearer(parts: &axum::http::HeaderMap) -> Option<&str> {
    let value = parts.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim()).filter(|t| !t.is_empty())
}

/// Middleware: applies the route's rule.
pub async fn enforce(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let matched = request.extensions().get::<MatchedPath>().map(|m| m.as_str().to_owned()).unwrap_or_default();
    let Some(access) = state.rules.get(request.method(), &matched) else {
        tracing::error!(path = %matched, method = %request.method(), "API route without an access rule: refused");
        return AppError::Domain(DomainError::forbidden("route_without_rule", "Acesso não configurado para esta rota."))
            .into_response();
    };
    if access == Access::Public {
        return next.run(request).await;
    }
    let Some(tenant) = request.extensions().get::<CurrentTenant>().cloned() else {
        return AppError::TenantNotFound.into_response();
    };
    let current = match authenticate(&state, &tenant, request.headers()).await {
        Ok(current) => current,
        Err(err) => return err.into_response(),
    };
    let allowed = match access {
        Access::Public | Access::Authenticated => true,
        Access::Route(name) => current.may(name),
        Access::Operator(name) => tenant.name == state.config.backoffice_tenant && current.may(name),
    };
    if allowed && current.must_enroll_two_factor && matches!(access, Access::Route(_) | Access::Operator(_)) {
        return AppError::Domain(DomainError::forbidden(
            "two_factor_enrollment_required",
            "Seu perfil exige autenticação em dois fatores: ative-a em Configurações para continuar.",
        ))
        .into_response();
    }
    if !allowed {
        let err = match access {
            Access::Operator(_) if tenant.name != state.config.backoffice_tenant => DomainError::forbidden(
                "backoffice_only",
                "Somente operadores do back-office podem fazer isto.",
            ),
            _ => DomainError::forbidden("forbidden", "Você não tem permissão para acessar este recurso."),
        };
        return AppError::Domain(err).into_response();
    }
    request.extensions_mut().insert(current);
    next.run(request).await
}

/// Checks the bearer token and loads its user. A token of another tenant, a deleted or blocked
/// user, or a token issued before the user's sessions were ended is `Token is Invalid`.
pub async fn authenticate(
    state: &AppState,
    tenant: &CurrentTenant,
    headers: &axum::http::HeaderMap,
) -> Result<CurrentUser, AppError> {
    let Some(token) = bearer(headers) else {
        // A Bearer header whose token is not even readable text was still a token: invalid.
        let presented = headers
            .get(AUTHORIZATION)
            .is_some_and(|v| v.as_bytes().len() > 7 && v.as_bytes()[..7].eq_ignore_ascii_case(b"bearer "));
        return Err(AppError::Unauthorized(if presented { Unauthorized::Invalid } else { Unauthorized::NoToken }));
    };
    let claims = state.keys.verify_access(token, &tenant.name).map_err(|err| match err {
        TokenError::Expired => AppError::Unauthorized(Unauthorized::AccessExpired),
        TokenError::Invalid => AppError::Unauthorized(Unauthorized::Invalid),
    })?;
    let tx = tenant.begin(state).await?;
    let found = user::Entity::find_by_id(claims.user_id()).one(&tx).await?;
    let Some(user) = found.filter(|u| {
        u.deleted_at.is_none() && u.blocked_at.is_none() && claims.iat_ms >= u.valid_after.timestamp_millis()
    }) else {
        return Err(AppError::Unauthorized(Unauthorized::Invalid));
    };
    let role = role::Entity::find_by_id(user.role_id).one(&tx).await?;
    let routes = permissions::routes_of_role(&tx, user.role_id).await?;
    let must_enroll_two_factor = match &role {
        Some(role) if role.require_two_factor => !two_factor::is_enabled(&tx, user.id).await?,
        _ => false,
    };
    tx.commit().await?;
    Ok(CurrentUser { user, role, routes, must_enroll_two_factor })
}
