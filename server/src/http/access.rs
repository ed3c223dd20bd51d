//! The REST side of access control (docs/contracts.md#roles-and-route-permissions): one declarative
//! rule per API route, looked up by one middleware before any handler runs, which hands it to the
//! shared decision (`context::access::decide`).
//!
//! Routes are registered only through [`ApiRoutes`], whose methods take the rule together with
//! the handler, so a route without a rule cannot be written. The middleware also fails closed: a
//! matched route missing from the table answers 403 to everyone. Which routes a tenant feature
//! covers is declared once, in [`FEATURE_GATES`], and attached to each route's rule at
//! registration.

use std::{collections::HashMap, sync::Arc};

use axum::{
    Router,
    extract::{MatchedPath, Request, State},
    handler::Handler,
    http::Method,
    middleware::Next,
    response::{IntoResponse, Response},
    routing::{MethodFilter, on},
};

pub use crate::context::access::{Access, Rule};
use crate::{
    context::{
        access::decide,
        caller::{CurrentUser, authenticate},
        tenant::CurrentTenant,
    },
    domain::{self, features::Feature},
    error::AppError,
    state::AppState,
};

/// Which API routes (by path prefix under `/api`) each tenant feature covers: with the feature
/// off, they answer 403 `feature_disabled` (docs/contracts.md#plans-features-and-limits).
pub const FEATURE_GATES: &[(&str, Feature)] = &[
    ("/dashboard", Feature::Analytics),
    ("/tenant/syncAnalytics", Feature::Analytics),
    ("/dashboard-report", Feature::Reports),
    ("/tenant/sheets", Feature::Reports),
    ("/bot", Feature::Chatbot),
    ("/campaigns", Feature::Campaigns),
    ("/webhooks", Feature::Webhooks),
];

/// The feature a route path belongs to, if any.
pub fn feature_of(path: &str) -> Option<Feature> {
    FEATURE_GATES
        .iter()
        .find(|(prefix, _)| path == *prefix || path.strip_prefix(prefix).is_some_and(|rest| rest.starts_with('/')))
        .map(|(_, feature)| *feature)
}

/// One route's rule.
#[derive(Debug, Clone)]
pub struct RouteRule {
    pub method: Method,
    /// The path as registered under `/api`, e.g. `/users/{id}`.
    pub path: &'static str,
    pub access: Access,
    pub feature: Option<Feature>,
}

impl RouteRule {
    fn rule(&self) -> Rule {
        Rule { access: self.access, feature: self.feature }
    }
}

/// Every API route's rule, looked up by method and matched path.
#[derive(Debug, Default)]
pub struct RouteRules {
    rules: Vec<RouteRule>,
    index: HashMap<(Method, String), Rule>,
}

impl RouteRules {
    fn new(rules: Vec<RouteRule>) -> Self {
        let index = rules.iter().map(|r| ((r.method.clone(), format!("/api{}", r.path)), r.rule())).collect();
        Self { rules, index }
    }

    pub fn all(&self) -> &[RouteRule] {
        &self.rules
    }

    /// The rule of a matched route (`/api/...` as axum's `MatchedPath` writes it). `HEAD` is
    /// `GET`'s (axum answers it with the `GET` handler).
    pub fn get(&self, method: &Method, matched: &str) -> Option<Rule> {
        let method = if method == Method::HEAD { &Method::GET } else { method };
        self.index.get(&(method.clone(), matched.to_owned())).copied()
    }

    /// The methods that have a rule at a matched path.
    pub fn methods(&self, matched: &str) -> Vec<Method> {
        let mut methods: Vec<Method> =
            self.index.keys().filter(|(_, path)| path == matched).map(|(method, _)| method.clone()).collect();
        methods.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        methods
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
        if let Some(name) = access.route() {
            assert!(domain::catalogue::route(name).is_some(), "rule for {path} names unknown route {name}");
        }
        self.router = self.router.route(path, on(filter, handler));
        self.rules.push(RouteRule { method, path, access, feature: feature_of(path) });
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

/// Middleware: authenticates the caller when the route needs one and applies the route's rule.
pub async fn enforce(
    State((state, rules)): State<(AppState, Arc<RouteRules>)>,
    mut request: Request,
    next: Next,
) -> Response {
    let matched = request.extensions().get::<MatchedPath>().map(|m| m.as_str().to_owned()).unwrap_or_default();
    let Some(rule) = rules.get(request.method(), &matched) else {
        let methods = rules.methods(&matched);
        if !methods.is_empty() {
            // A known path asked with another method (`OPTIONS`, a typo): nothing to log.
            return not_allowed(request.method(), &methods);
        }
        tracing::error!(path = %matched, method = %request.method(), "API route without an access rule: refused");
        return AppError::Domain(domain::Error::forbidden(
            "route_without_rule",
            "Acesso não configurado para esta rota.",
        ))
        .into_response();
    };
    let Some(tenant) = request.extensions().get::<CurrentTenant>().cloned() else {
        return AppError::TenantNotFound.into_response();
    };
    let user = if rule.access == Access::Public {
        None
    } else {
        match authenticate(&state, &tenant, request.headers()).await {
            Ok(user) => Some(user),
            Err(err) => return err.into_response(),
        }
    };
    if let Err(err) = decide(&state, &tenant, user.as_ref(), rule).await {
        return err.into_response();
    }
    if let Some(user) = user {
        request.extensions_mut().insert::<CurrentUser>(user);
    }
    next.run(request).await
}

/// `OPTIONS` → 204 and `Allow`; any other method a path does not serve → 405 and `Allow`.
fn not_allowed(method: &Method, methods: &[Method]) -> Response {
    use axum::http::{HeaderValue, StatusCode, header::ALLOW};
    let mut allow: Vec<&str> = methods.iter().map(Method::as_str).collect();
    if methods.contains(&Method::GET) {
        allow.push("HEAD");
    }
    allow.push("OPTIONS");
    let mut response = if method == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        let body =
            serde_json::json!({ "code": "method_not_allowed", "message": "Método não permitido.", "errors": [] });
        (StatusCode::METHOD_NOT_ALLOWED, axum::Json(body)).into_response()
    };
    if let Ok(value) = HeaderValue::from_str(&allow.join(", ")) {
        response.headers_mut().insert(ALLOW, value);
    }
    response
}
