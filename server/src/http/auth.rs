//! `/api/auth/*` and `/api/ip`: login (with the two-factor step), refresh, logout, userInfo.
//!
//! Answers follow spec §7 to the field: login → `{access_token, origin_backoffice,
//! has_permission_routes}`; refresh → `{refreshToken: {token}}`. The refresh token travels in an
//! httpOnly cookie for browsers, and in the body only for clients that ask (`refresh_in_body`).

use std::time::Duration;

use axum::{Json, extract::State};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use chrono::Duration as ChronoDuration;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{
    domain::{
        Error as DomainError,
        auth::{
            login::{self, Credentials, Outcome},
            refresh::{self, Rotation},
            two_factor,
        },
        permissions, users,
    },
    entities::tenant::user,
    error::{AppError, AppResult, Unauthorized},
    http::{
        access::{Access, ApiRoutes, CurrentUser},
        extract::{ApiJson, ClientAddr},
        tenant::CurrentTenant,
    },
    ratelimit::Limit,
    state::AppState,
};

/// Name of the refresh cookie, sent only to `/api/auth`.
pub const REFRESH_COOKIE: &str = "bo_refresh";

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .get("/ip", Access::Public, ip)
        .post("/auth/login", Access::Public, login_step)
        .post("/auth/login/two-factor", Access::Public, two_factor_step)
        .post("/auth/refresh", Access::Public, refresh_session)
        .post("/auth/logout", Access::Public, logout)
        .get("/auth/userInfo", Access::Authenticated, user_info)
}

async fn ip(ClientAddr(addr): ClientAddr) -> Json<Value> {
    Json(json!({ "ip": addr.to_string() }))
}

#[derive(Deserialize)]
struct LoginBody {
    email: String,
    password: String,
    /// The address the client believes it has (spec); stored beside the one the server sees.
    #[serde(default)]
    ip: Option<Value>,
    /// Non-browser clients: also return the refresh token in the body.
    #[serde(default)]
    refresh_in_body: bool,
}

fn body_ip(value: Option<Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.is_empty() => Some(s),
        Value::Null => None,
        other => Some(other.to_string()),
    }
}

/// Per-address limits: all attempts per minute, and failures per 15 minutes (kept at twice the
/// lockout threshold, so one address cannot lock out accounts faster than two per window).
async fn check_rate(state: &AppState, addr: &ClientAddr) -> AppResult<()> {
    let attempts = Limit { max: state.config.login_attempts_per_minute, window: Duration::from_secs(60) };
    state.limiter.hit(&format!("login:{}", addr.0), attempts).await.map_err(AppError::RateLimited)?;
    let failures = Limit { max: state.config.login_failures_per_address, window: Duration::from_secs(900) };
    state.limiter.check(&format!("login-fail:{}", addr.0), failures).await.map_err(AppError::RateLimited)
}

async fn count_failure(state: &AppState, addr: &ClientAddr) {
    let failures = Limit { max: state.config.login_failures_per_address, window: Duration::from_secs(900) };
    let _ = state.limiter.hit(&format!("login-fail:{}", addr.0), failures).await;
}

const BLOCKED_HINT: &str =
    "Sua conta está bloqueada após várias tentativas sem sucesso. Peça a um administrador para desbloqueá-la.";

async fn login_step(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    jar: CookieJar,
    ApiJson(body): ApiJson<LoginBody>,
) -> AppResult<(CookieJar, Json<Value>)> {
    check_rate(&state, &addr).await?;
    let credentials = Credentials {
        email: body.email,
        password: body.password,
        client_addr: addr.0.to_string(),
        body_ip: body_ip(body.ip),
    };
    let db = tenant.db(&state).await?;
    let tx = db.begin().await.map_err(DomainError::from)?;
    let outcome = login::check_password(&tx, &credentials, state.config.lockout_threshold).await?;
    // Commit whatever happened: failures and lockouts must be kept.
    tx.commit().await.map_err(DomainError::from)?;
    match outcome {
        Outcome::Failed { blocked } => {
            count_failure(&state, &addr).await;
            Err(AppError::LoginFailed { hint: blocked.then_some(BLOCKED_HINT) })
        }
        Outcome::TwoFactorRequired(user) => Ok((
            jar,
            Json(json!({
                "two_factor_required": true,
                "challenge": state.keys.issue_challenge(user.id, &tenant.name),
            })),
        )),
        Outcome::Success(user) => start_session(&state, &tenant, &addr, jar, user, body.refresh_in_body).await,
    }
}

#[derive(Deserialize)]
struct TwoFactorBody {
    challenge: String,
    code: String,
    #[serde(default)]
    refresh_in_body: bool,
}

async fn two_factor_step(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    jar: CookieJar,
    ApiJson(body): ApiJson<TwoFactorBody>,
) -> AppResult<(CookieJar, Json<Value>)> {
    check_rate(&state, &addr).await?;
    let claims = state
        .keys
        .verify_challenge(&body.challenge, &tenant.name)
        .map_err(|_| AppError::LoginFailed { hint: None })?;
    let db = tenant.db(&state).await?;
    let tx = db.begin().await.map_err(DomainError::from)?;
    let found = users::find(&tx, claims.user_id()).await.ok().filter(|u| u.blocked_at.is_none());
    let Some(user) = found else {
        return Err(AppError::LoginFailed { hint: None });
    };
    if !two_factor::verify_login(&tx, &user, &body.code).await? {
        let credentials =
            Credentials { email: user.email.clone(), password: String::new(), client_addr: addr.0.to_string(), body_ip: None };
        login::record_failure(&tx, &credentials, Some(user.id), login::reason::WRONG_CODE).await?;
        tx.commit().await.map_err(DomainError::from)?;
        count_failure(&state, &addr).await;
        return Err(AppError::LoginFailed { hint: None });
    }
    let user = login::mark_logged_in(&tx, user).await?;
    tx.commit().await.map_err(DomainError::from)?;
    start_session(&state, &tenant, &addr, jar, user, body.refresh_in_body).await
}

fn refresh_ttl(state: &AppState) -> ChronoDuration {
    ChronoDuration::days(state.config.refresh_token_ttl_days)
}

fn refresh_cookie(state: &AppState, token: String) -> Cookie<'static> {
    Cookie::build((REFRESH_COOKIE, token))
        .http_only(true)
        .secure(state.config.secure_cookies())
        .same_site(SameSite::Strict)
        .path("/api/auth")
        .max_age(time_from_days(state.config.refresh_token_ttl_days))
        .build()
}

fn expired_cookie() -> Cookie<'static> {
    let mut cookie = Cookie::build((REFRESH_COOKIE, "")).path("/api/auth").http_only(true).build();
    cookie.make_removal();
    cookie
}

fn time_from_days(days: i64) -> cookie::time::Duration {
    cookie::time::Duration::days(days)
}

/// Issues the access token and a new refresh family for a user who passed every step.
async fn start_session(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    jar: CookieJar,
    user: user::Model,
    refresh_in_body: bool,
) -> AppResult<(CookieJar, Json<Value>)> {
    let db = tenant.db(state).await?;
    let tx = db.begin().await.map_err(DomainError::from)?;
    let refresh = refresh::issue(&tx, user.id, &addr.0.to_string(), refresh_ttl(state)).await?;
    let routes = permissions::routes_of_role(&tx, user.role_id).await?;
    tx.commit().await.map_err(DomainError::from)?;
    let access = state.keys.issue_access(user.id, &tenant.name);
    let mut body = json!({
        "access_token": access.token,
        "token_type": "Bearer",
        "expires_in": state.keys.access_ttl_seconds(),
        "origin_backoffice": tenant.name == state.config.backoffice_tenant,
        "has_permission_routes": routes,
    });
    if refresh_in_body {
        body["refresh_token"] = json!(refresh.token);
    }
    Ok((jar.add(refresh_cookie(state, refresh.token)), Json(body)))
}

#[derive(Deserialize, Default)]
struct RefreshBody {
    #[serde(default)]
    refresh_token: Option<String>,
}

async fn refresh_session(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    jar: CookieJar,
    body: Option<axum::Json<RefreshBody>>,
) -> AppResult<(CookieJar, Json<Value>)> {
    let from_body = body.and_then(|axum::Json(b)| b.refresh_token).filter(|t| !t.is_empty());
    let in_body = from_body.is_some();
    let Some(presented) = from_body.or_else(|| jar.get(REFRESH_COOKIE).map(|c| c.value().to_owned())) else {
        return Err(AppError::Unauthorized(Unauthorized::RefreshExpired));
    };
    let db = tenant.db(&state).await?;
    let tx = db.begin().await.map_err(DomainError::from)?;
    let rotation = refresh::rotate(&tx, &presented, &addr.0.to_string(), refresh_ttl(&state)).await?;
    tx.commit().await.map_err(DomainError::from)?;
    match rotation {
        Rotation::Rejected => Err(AppError::Unauthorized(Unauthorized::RefreshExpired)),
        Rotation::Rotated { user, refresh } => {
            let access = state.keys.issue_access(user.id, &tenant.name);
            let mut body = json!({
                "refreshToken": { "token": access.token },
                "expires_in": state.keys.access_ttl_seconds(),
            });
            if in_body {
                body["refresh_token"] = json!(refresh.token);
            }
            Ok((jar.add(refresh_cookie(&state, refresh.token)), Json(body)))
        }
    }
}

#[derive(Deserialize, Default)]
#[allow(dead_code)] // `data` and `ip` are accepted as the spec sends them; nothing needs them.
struct LogoutBody {
    #[serde(default)]
    data: Option<Value>,
    #[serde(default)]
    ip: Option<Value>,
    #[serde(default)]
    refresh_token: Option<String>,
}

/// Ends the session: revokes the refresh family and marks the user disconnected. Answers 200 even
/// with an expired or missing token, so a client can always clear itself (spec §7).
async fn logout(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    jar: CookieJar,
    headers: axum::http::HeaderMap,
    body: Option<axum::Json<LogoutBody>>,
) -> AppResult<(CookieJar, Json<Value>)> {
    let presented = body
        .and_then(|axum::Json(b)| b.refresh_token)
        .or_else(|| jar.get(REFRESH_COOKIE).map(|c| c.value().to_owned()));
    let db = tenant.db(&state).await?;
    let tx = db.begin().await.map_err(DomainError::from)?;
    if let Some(token) = presented {
        refresh::revoke(&tx, &token).await?;
    }
    if let Some(claims) =
        crate::http::access::bearer(&headers).and_then(|t| state.keys.verify_access(t, &tenant.name).ok())
    {
        users::set_connected(&tx, claims.user_id(), false).await?;
    }
    tx.commit().await.map_err(DomainError::from)?;
    Ok((jar.add(expired_cookie()), Json(json!({ "message": "Sessão encerrada." }))))
}

async fn user_info(State(state): State<AppState>, tenant: CurrentTenant, current: CurrentUser) -> AppResult<Json<Value>> {
    let db = tenant.db(&state).await?;
    let tx = db.begin().await.map_err(DomainError::from)?;
    let view = users::view(&tx, &current.user).await?;
    tx.commit().await.map_err(DomainError::from)?;
    Ok(Json(json!({ "user": view, "has_permission_routes": current.routes })))
}
