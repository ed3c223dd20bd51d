//! GraphQL (docs/contracts.md#api-calls) at `POST /graphql` and `POST /{tenant}/graphql`, on the same domain services
//! as REST. The schema is composed per area with `MergedObject`; every root field names its
//! access rule in [`rules::FIELD_RULES`] and checks it first thing.
//!
//! A bearer token that is present but invalid or expired gets the REST 401 contract before any
//! resolver runs (the web client's refresh logic reacts to HTTP 401); a missing token leaves the
//! request anonymous, so `logIn` works and every other field refuses with
//! `Authorization Token not found`.

mod auth;
mod context;
mod directory;
pub mod rules;
mod types;

use async_graphql::{EmptySubscription, MergedObject, Schema};
use axum::{
    Extension, Json, Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, header::SET_COOKIE},
    response::{IntoResponse, Response},
    routing::post,
};
use axum_extra::extract::CookieJar;

pub use context::GqlContext;
pub use directory::audited_actions;

use crate::{
    auth::REFRESH_COOKIE,
    context::{
        ClientAddr, CurrentTenant,
        caller::{authenticate, bearer},
    },
    edge,
    error::{AppError, Unauthorized},
    state::AppState,
};

/// Root queries of every area.
#[derive(MergedObject, Default)]
pub struct Query(auth::AuthQuery, directory::DirectoryQuery);

/// Root mutations of every area.
#[derive(MergedObject, Default)]
pub struct Mutation(auth::AuthMutation, directory::DirectoryMutation);

pub type AppSchema = Schema<Query, Mutation, EmptySubscription>;

/// Deepest selection and highest complexity a request may ask for.
pub const MAX_DEPTH: usize = 10;
pub const MAX_COMPLEXITY: usize = 500;

/// The schema with its limits.
pub fn schema() -> AppSchema {
    Schema::build(Query::default(), Mutation::default(), EmptySubscription)
        .limit_depth(MAX_DEPTH)
        .limit_complexity(MAX_COMPLEXITY)
        .finish()
}

/// `/graphql` and `/{tenant}/graphql` (behind tenant resolution), with the schema built once.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/graphql", post(execute))
        .route("/{tenant}/graphql", post(execute_for))
        .layer(Extension(schema()))
}

#[allow(clippy::too_many_arguments)] // axum extractors
async fn execute_for(
    Path(tenant_in_path): Path<String>,
    State(state): State<AppState>,
    Extension(schema): Extension<AppSchema>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    headers: HeaderMap,
    jar: CookieJar,
    body: axum::extract::Request,
) -> Response {
    // The path may only repeat the host's tenant (or name the default one on a bare host).
    if tenant_in_path != tenant.name.as_str() {
        return AppError::TenantNotFound.into_response();
    }
    execute(State(state), Extension(schema), tenant, addr, headers, jar, body).await
}

async fn execute(
    State(state): State<AppState>,
    Extension(schema): Extension<AppSchema>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    headers: HeaderMap,
    jar: CookieJar,
    body: axum::extract::Request,
) -> Response {
    // JSON only: a form or `text/plain` POST is what another site can make a browser send (CSRF).
    if !edge::is_json(body.headers()) {
        return AppError::UnsupportedMediaType.into_response();
    }
    let body = match edge::read_body(body, &state).await {
        Ok(body) => body,
        Err(err) => return err.into_response(),
    };
    let request: async_graphql::Request = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(_) => return AppError::BadRequest("O corpo não é uma requisição GraphQL em JSON.".into()).into_response(),
    };
    let user = if bearer(&headers).is_some() {
        match authenticate(&state, &tenant, &headers, addr.0).await {
            Ok(user) => Some(user),
            Err(err) => return err.into_response(),
        }
    } else if headers.contains_key(axum::http::header::AUTHORIZATION) {
        return AppError::Unauthorized(Unauthorized::NoToken).into_response();
    } else {
        None
    };
    let refresh_cookie = jar.get(REFRESH_COOKIE).map(|c| c.value().to_owned());
    // The schema is described only to logged-in users: strangers get `logIn` and nothing to map.
    let request = if user.is_none() { request.disable_introspection() } else { request };
    let context = GqlContext::new(state.clone(), tenant, addr, user, refresh_cookie);
    let outbox = context.cookies.clone();
    let response = schema.execute(request.data(context)).await;
    // A rate-limited field says how long to wait, as REST does: the longest wait asked for.
    let retry_after = response
        .errors
        .iter()
        .filter_map(|err| err.extensions.as_ref()?.get(context::RETRY_AFTER_EXTENSION).cloned())
        .filter_map(|value| match value {
            async_graphql::Value::Number(n) => n.as_u64(),
            _ => None,
        })
        .max();
    let mut http = Json(response).into_response();
    if let Some(seconds) = retry_after {
        http.headers_mut().insert(axum::http::header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    for cookie in outbox.lock().map(|c| c.clone()).unwrap_or_default() {
        if let Ok(value) = HeaderValue::from_str(&cookie.to_string()) {
            http.headers_mut().append(SET_COOKIE, value);
        }
    }
    http
}
