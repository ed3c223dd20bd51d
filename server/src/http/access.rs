//! The REST side of access control (docs/contracts.md#roles-and-route-permissions): one declarative
//! rule per API route, looked up by one middleware before any handler runs, which hands it to the
//! shared decision (`context::access::decide`).
//!
//! A route is written once: its handler's `#[utoipa::path]` carries the method, the path and the
//! documentation, and [`ApiRoutes::route`] registers it from there (utoipa-axum's `routes!`) with
//! its rule, so a route without a rule or without documentation cannot be written, and no second
//! list of paths exists. The middleware also fails closed: a matched route missing from the table
//! answers 403 to everyone. The tenant feature a route needs is the `feature` field of its screen
//! in `web/src/config/route-catalogue.json` — the same field the web menu reads.

use std::{collections::HashMap, sync::Arc};

use axum::{
    Router,
    extract::{MatchedPath, Request, State},
    http::Method,
    middleware::Next,
    response::{IntoResponse, Response},
};
use utoipa::openapi::{
    RefOr,
    path::{Operation, PathItem, Paths},
    schema::Schema,
};
use utoipa_axum::router::UtoipaMethodRouter;

pub use crate::context::access::{Access, Rule};
use crate::{
    context::{
        access::decide,
        caller::{CurrentUser, authenticate},
        client::client_ip,
        tenant::CurrentTenant,
    },
    domain::{self, audit, features::Feature},
    error::AppError,
    state::AppState,
};

/// One route's rule.
#[derive(Debug, Clone)]
pub struct RouteRule {
    pub method: Method,
    /// The path as registered under `/api`, e.g. `/users/{id}`.
    pub path: String,
    pub access: Access,
    pub feature: Option<Feature>,
    /// What the audit log calls the route's successful calls, when they are recorded
    /// (`domain::audit::audited` decides from the route's documentation).
    pub audit: Option<Arc<audit::Action>>,
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
    index: HashMap<(Method, String), Indexed>,
}

/// A route's rule and, when its calls are recorded, the audit log's name for them.
type Indexed = (Rule, Option<Arc<audit::Action>>);

impl RouteRules {
    fn new(rules: Vec<RouteRule>) -> Self {
        let index = rules
            .iter()
            .map(|r| ((r.method.clone(), format!("/api{}", r.path)), (r.rule(), r.audit.clone())))
            .collect();
        Self { rules, index }
    }

    pub fn all(&self) -> &[RouteRule] {
        &self.rules
    }

    /// The rule of a matched route (`/api/...` as axum's `MatchedPath` writes it). `HEAD` is
    /// `GET`'s (axum answers it with the `GET` handler).
    pub fn get(&self, method: &Method, matched: &str) -> Option<Rule> {
        self.entry(method, matched).map(|(rule, _)| *rule)
    }

    /// What the audit log calls a matched route's calls, when they are recorded.
    pub fn audited(&self, method: &Method, matched: &str) -> Option<Arc<audit::Action>> {
        self.entry(method, matched).and_then(|(_, action)| action.clone())
    }

    fn entry(&self, method: &Method, matched: &str) -> Option<&Indexed> {
        let method = if method == Method::HEAD { &Method::GET } else { method };
        self.index.get(&(method.clone(), matched.to_owned()))
    }

    /// The methods that have a rule at a matched path.
    pub fn methods(&self, matched: &str) -> Vec<Method> {
        let mut methods: Vec<Method> =
            self.index.keys().filter(|(_, path)| path == matched).map(|(method, _)| method.clone()).collect();
        methods.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        methods
    }
}

/// A handler as utoipa-axum's `routes!` collects it: the schemas its documentation names, its path
/// and operation, and the axum method router.
pub type Documented = UtoipaMethodRouter<AppState>;

/// The API router under construction, with its rules and its documentation.
#[derive(Default)]
pub struct ApiRoutes {
    router: Router<AppState>,
    rules: Vec<RouteRule>,
    paths: Paths,
    schemas: Vec<(String, RefOr<Schema>)>,
}

impl ApiRoutes {
    /// Registers a documented handler (`routes!(handler)`) with who may call it. The feature it
    /// needs is the one of the catalogue route its access names, if any.
    pub fn route(self, access: Access, handler: Documented) -> Self {
        let feature = access.route().and_then(catalogue_feature);
        self.add(access, feature, handler)
    }

    /// Like [`Self::route`], for a route that belongs to another screen than the route name its
    /// access checks (the bot's configuration is read by the Maria dashboard's permission but is
    /// the chatbot's): the feature is the one of `screen` in the catalogue.
    pub fn route_on(self, screen: &'static str, access: Access, handler: Documented) -> Self {
        let feature = catalogue_feature(screen);
        assert!(domain::catalogue::route(screen).is_some(), "unknown screen {screen}");
        self.add(access, feature, handler)
    }

    fn add(mut self, access: Access, feature: Option<Feature>, (schemas, paths, handler): Documented) -> Self {
        if let Some(name) = access.route() {
            assert!(domain::catalogue::route(name).is_some(), "a rule names unknown route {name}");
        }
        for (path, item) in &paths.paths {
            for (method, operation) in operations(item) {
                let audit = audited(&method, operation).map(Arc::new);
                self.rules.push(RouteRule { method, path: path.clone(), access, feature, audit });
            }
            self.router = self.router.route(path, handler.clone());
        }
        self.paths.merge(paths);
        self.schemas.extend(schemas);
        self
    }

    /// Adds the routes of another area.
    pub fn merge(mut self, other: ApiRoutes) -> Self {
        self.router = self.router.merge(other.router);
        self.rules.extend(other.rules);
        self.paths.merge(other.paths);
        self.schemas.extend(other.schemas);
        self
    }

    pub fn into_parts(self) -> (Router<AppState>, RouteRules) {
        (self.router, RouteRules::new(self.rules))
    }

    /// The documentation gathered from the handlers: their paths and the schemas they name.
    pub fn documentation(self) -> (Paths, Vec<(String, RefOr<Schema>)>, RouteRules) {
        (self.paths, self.schemas, RouteRules::new(self.rules))
    }
}

fn catalogue_feature(name: &str) -> Option<Feature> {
    domain::catalogue::route(name).and_then(domain::catalogue::Route::feature)
}

/// The methods a documented path item answers, with their operations.
fn operations(item: &PathItem) -> Vec<(Method, &Operation)> {
    [
        (Method::GET, item.get.as_ref()),
        (Method::POST, item.post.as_ref()),
        (Method::PUT, item.put.as_ref()),
        (Method::PATCH, item.patch.as_ref()),
        (Method::DELETE, item.delete.as_ref()),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.map(|o| (method, o)))
    .collect()
}

/// The audit log's name for an operation's calls, if they are recorded: its id, summary and area
/// (the first tag), as its documentation gives them.
fn audited(method: &Method, operation: &Operation) -> Option<audit::Action> {
    let action = operation.operation_id.clone()?;
    let area = operation.tags.as_ref().and_then(|tags| tags.first()).cloned().unwrap_or_default();
    audit::audited(method.as_str(), &area, &action).then(|| audit::Action {
        label: operation.summary.clone().unwrap_or_else(|| action.clone()),
        action,
        area,
    })
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
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|axum::extract::ConnectInfo(addr)| addr.ip())
        .unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]));
    let client = client_ip(peer, request.headers(), &state.config.trusted_proxies.0);
    let user = if rule.access == Access::Public {
        None
    } else {
        match authenticate(&state, &tenant, request.headers(), client).await {
            Ok(user) => Some(user),
            Err(err) => return err.into_response(),
        }
    };
    if let Err(err) = decide(&state, &tenant, user.as_ref(), rule).await {
        return err.into_response();
    }
    let audit = rules.audited(request.method(), &matched).zip(user.as_ref()).map(|(action, user)| {
        let actor = user.actor(client);
        // The path as the client asked it (`/api/...`): this router is nested under `/api`.
        let path = request
            .extensions()
            .get::<axum::extract::OriginalUri>()
            .map_or_else(|| request.uri().path().to_owned(), |uri| uri.path().to_owned());
        (action, actor, request.method().to_string(), path)
    });
    if let Some(user) = user {
        request.extensions_mut().insert::<CurrentUser>(user);
    }
    let response = next.run(request).await;
    if let Some((action, actor, method, path)) = audit
        && response.status().is_success()
    {
        let done = audit::Done { method, path, status: response.status().as_u16() };
        record(&state, &tenant, &actor, &action, &done).await;
    }
    response
}

/// Appends a call to the tenant's audit log once its handler has answered (the change is
/// committed by then: docs/audit.md#what-a-row-proves). A failure to write is logged loudly and
/// does not turn the caller's success into an error.
pub(crate) async fn record(
    state: &AppState,
    tenant: &CurrentTenant,
    actor: &audit::Actor,
    action: &audit::Action,
    done: &audit::Done,
) {
    let written = async {
        let tx = tenant.begin(state).await?;
        audit::record(&tx, actor, action, done).await?;
        tx.commit().await?;
        Ok::<(), AppError>(())
    };
    if let Err(err) = written.await {
        tracing::error!(error = %err, action = %action.action, user = actor.user_id, "audit log: the row was not written");
    }
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
