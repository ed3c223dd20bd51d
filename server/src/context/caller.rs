//! Who is calling: the bearer token checked against the 401 contract (docs/auth.md#the-401-contract)
//! and the user, role and route permissions it stands for.

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, header::AUTHORIZATION, request::Parts},
};
use std::{net::IpAddr, sync::Arc};

use sea_orm::EntityTrait;

use crate::{
    cache::AuthEntry,
    context::tenant::CurrentTenant,
    domain::{
        api_tokens, audit,
        auth::{tokens::TokenError, two_factor},
        conversations::Viewer,
        roles, users,
    },
    entities::tenant::{role, user},
    error::{AppError, Unauthorized},
    ratelimit::Limit,
    state::AppState,
};

/// The kind of user a person is (an API token's principal is `api_tokens::INTEGRATION`).
const PERSON: &str = "person";

/// The logged-in user of a request (set by the access check of each transport): the user's
/// cached auth state ([`AuthEntry`]: the user, role, routes, two-factor gate, inbox entitlement),
/// shared with the cache rather than copied into every request, and the token's session.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    entry: Arc<AuthEntry>,
    /// The session (login) of the token.
    pub session: String,
    /// When the person proved who they are for this token (a login's token; `None` after a
    /// refresh): `auth::require_presence` reads it.
    pub authenticated_at: Option<i64>,
    /// The API token the request came with (docs/api-tokens.md), when it was not a session's.
    pub api_token: Option<i32>,
}

impl std::ops::Deref for CurrentUser {
    type Target = AuthEntry;

    fn deref(&self) -> &AuthEntry {
        &self.entry
    }
}

impl CurrentUser {
    /// Whether the user's role permits this route name.
    pub fn may(&self, route: &str) -> bool {
        self.routes.iter().any(|r| r == route)
    }

    /// The audit log's actor for this caller, calling from `client`.
    pub fn actor(&self, client: IpAddr) -> audit::Actor {
        audit::Actor {
            user_id: Some(self.user.id),
            user_name: self.user.name.clone(),
            api_token: self.api_token,
            session: self.api_token.is_none().then(|| self.session.clone()),
            ip: Some(client),
        }
    }

    /// Whether the user's role is the tenant's administrator role.
    pub fn is_admin(&self) -> bool {
        self.role.as_ref().is_some_and(|r| r.name == crate::domain::templates::ADMIN_ROLE)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<CurrentUser>().cloned().ok_or(AppError::Unauthorized(Unauthorized::NoToken))
    }
}

/// The bearer token of a request, if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim()).filter(|t| !t.is_empty())
}

/// Whether the request carries an `Authorization: Bearer ...` header at all, readable or not.
pub fn presents_bearer(headers: &HeaderMap) -> bool {
    headers
        .get(AUTHORIZATION)
        .is_some_and(|v| v.as_bytes().len() > 7 && v.as_bytes()[..7].eq_ignore_ascii_case(b"bearer "))
}

/// Checks the bearer token and loads its user (cached: `cache`). A token of another tenant, a
/// deleted or blocked user, or a token issued before the user's sessions were ended is `Token is
/// Invalid`. An API token (`bo_…`, REST and GraphQL only) is looked up by its hash and counted
/// against its rate; `client` is written as its last address.
pub async fn authenticate(
    state: &AppState,
    tenant: &CurrentTenant,
    headers: &HeaderMap,
    client: IpAddr,
) -> Result<CurrentUser, AppError> {
    let Some(token) = bearer(headers) else {
        // A Bearer header whose token is not even readable text was still a token: invalid.
        let kind = if presents_bearer(headers) { Unauthorized::Invalid } else { Unauthorized::NoToken };
        return Err(AppError::Unauthorized(kind));
    };
    if api_tokens::is_api_token(token) {
        return authenticate_api_token(state, tenant, token, client).await;
    }
    authenticate_token(state, tenant, token).await
}

/// An API token: valid (not revoked, not expired), within its rate, its principal loaded as a
/// person's user is. Its last use is written at most once a minute.
async fn authenticate_api_token(
    state: &AppState,
    tenant: &CurrentTenant,
    token: &str,
    client: IpAddr,
) -> Result<CurrentUser, AppError> {
    let now = chrono::Utc::now();
    let tx = tenant.read(state).await?;
    let found = api_tokens::find_valid(&tx, token, now).await?;
    tx.end();
    let found = match found {
        Ok(found) => found,
        Err(true) => return Err(AppError::Unauthorized(Unauthorized::AccessExpired)),
        Err(false) => return Err(AppError::Unauthorized(Unauthorized::Invalid)),
    };
    let limit = Limit { max: state.config.api_token_requests_per_minute, window: std::time::Duration::from_secs(60) };
    state
        .limiter
        .hit(&format!("api-token:{}:{}", tenant.name, found.id), limit)
        .await
        .map_err(AppError::RateLimited)?;
    let ip = client.to_string();
    if api_tokens::wants_touch(&found, &ip, now) {
        let tx = tenant.begin(state).await?;
        api_tokens::touch(&tx, found.id, &ip, now).await?;
        tx.commit().await?;
    }
    let entry = entry_of(state, tenant, found.user_id).await?;
    if entry.user.deleted_at.is_some() || entry.user.kind != api_tokens::INTEGRATION {
        return Err(AppError::Unauthorized(Unauthorized::Invalid));
    }
    Ok(CurrentUser {
        entry,
        session: format!("api-token:{}", found.id),
        authenticated_at: None,
        api_token: Some(found.id),
    })
}

/// The cached auth state of `user_id`, loaded on a miss; 401 when the user does not exist.
async fn entry_of(state: &AppState, tenant: &CurrentTenant, user_id: i32) -> Result<Arc<AuthEntry>, AppError> {
    if let Some(entry) = state.bus.caches().auth(&tenant.name, user_id) {
        return Ok(entry);
    }
    let ticket = state.bus.caches().auth_ticket();
    let Some(loaded) = load(state, tenant, user_id).await? else {
        return Err(AppError::Unauthorized(Unauthorized::Invalid));
    };
    let loaded = Arc::new(loaded);
    state.bus.caches().store_auth(ticket, tenant.name.clone(), user_id, loaded.clone());
    Ok(loaded)
}

/// [`authenticate`] for a session's token that came some other way (the socket's subprotocol or
/// query). API tokens never open a socket: one here is not a JWT, so it is `Token is Invalid`.
pub async fn authenticate_token(
    state: &AppState,
    tenant: &CurrentTenant,
    token: &str,
) -> Result<CurrentUser, AppError> {
    let claims = state.keys.verify_access(token, &tenant.name).map_err(|err| match err {
        TokenError::Expired => AppError::Unauthorized(Unauthorized::AccessExpired),
        TokenError::Invalid => AppError::Unauthorized(Unauthorized::Invalid),
    })?;
    // Logged out: the token is still well signed and unexpired, but its session is over.
    if state.bus.is_revoked(&claims.sid) {
        return Err(AppError::Unauthorized(Unauthorized::Invalid));
    }
    let entry = entry_of(state, tenant, claims.user_id()).await?;
    // Checked on every request, cached or not: a lockout's end, a deletion, a new password.
    let user = &entry.user;
    if user.deleted_at.is_some()
        || users::is_blocked(user, chrono::Utc::now())
        || claims.iat_ms < user.valid_after.timestamp_millis()
    {
        return Err(AppError::Unauthorized(Unauthorized::Invalid));
    }
    if user.kind != PERSON {
        return Err(AppError::Unauthorized(Unauthorized::Invalid));
    }
    Ok(CurrentUser { entry, session: claims.sid, authenticated_at: claims.auth_time, api_token: None })
}

/// A user's auth state, read in one transaction; `None` when the user does not exist.
async fn load(state: &AppState, tenant: &CurrentTenant, user_id: i32) -> Result<Option<AuthEntry>, AppError> {
    let tx = tenant.read(state).await?;
    let Some(user) = user::Entity::find_by_id(user_id).one(&tx).await? else { return Ok(None) };
    let role = role::Entity::find_by_id(user.role_id).one(&tx).await?;
    let routes = roles::routes_of_role(&tx, user.role_id).await?;
    // A token's principal has no second factor to enrol: the token is its only credential.
    let must_enroll_two_factor = match &role {
        Some(role) if role.require_two_factor && user.kind == PERSON => !two_factor::is_enabled(&tx, user.id).await?,
        _ => false,
    };
    let viewer = Viewer::of_role(&tx, &user, role.as_ref().map(|r| r.name.as_str())).await?;
    tx.end();
    Ok(Some(AuthEntry { user, role, routes, must_enroll_two_factor, viewer, own_view: Default::default() }))
}
