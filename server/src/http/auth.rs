//! `/api/auth/*` and `/api/ip`: login (with the two-factor step), refresh, logout, userInfo.
//!
//! Answers follow spec §7 to the field: login → `{access_token, origin_backoffice,
//! has_permission_routes}`; refresh → `{refreshToken: {token}}`. The refresh token travels in an
//! httpOnly cookie for browsers, and in the body only for clients that ask (`refresh_in_body`).

use axum::{Json, extract::State};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{
    domain::{auth::refresh, users},
    error::AppResult,
    http::{
        access::{Access, ApiRoutes, CurrentUser},
        extract::{ApiJson, ClientAddr},
        tenant::CurrentTenant,
    },
    sessions::{self, LoginResult, Session},
    state::AppState,
};

/// Name of the refresh cookie, sent only to `/api/auth` and `/graphql`.
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

async fn login_step(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    jar: CookieJar,
    ApiJson(body): ApiJson<LoginBody>,
) -> AppResult<(CookieJar, Json<Value>)> {
    match sessions::login(&state, &tenant, &addr, body.email, body.password, body_ip(body.ip)).await? {
        LoginResult::TwoFactor { challenge } => {
            Ok((jar, Json(json!({ "two_factor_required": true, "challenge": challenge }))))
        }
        LoginResult::Session(session) => Ok(session_answer(&state, jar, &session, body.refresh_in_body)),
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
    let session = sessions::complete_two_factor(&state, &tenant, &addr, &body.challenge, &body.code).await?;
    Ok(session_answer(&state, jar, &session, body.refresh_in_body))
}

fn session_answer(state: &AppState, jar: CookieJar, session: &Session, refresh_in_body: bool) -> (CookieJar, Json<Value>) {
    let mut body = json!({
        "access_token": session.access.token,
        "token_type": "Bearer",
        "expires_in": state.keys.access_ttl_seconds(),
        "origin_backoffice": session.origin_backoffice,
        "has_permission_routes": session.routes,
        "two_factor_enrollment_required": session.two_factor_enrollment_required,
    });
    if refresh_in_body {
        body["refresh_token"] = json!(session.refresh.token);
    }
    (jar.add(refresh_cookie(state, session.refresh.token.clone())), Json(body))
}

/// The httpOnly refresh cookie.
pub fn refresh_cookie(state: &AppState, token: String) -> Cookie<'static> {
    Cookie::build((REFRESH_COOKIE, token))
        .http_only(true)
        .secure(state.config.secure_cookies())
        .same_site(SameSite::Strict)
        .path("/")
        .max_age(cookie::time::Duration::days(state.config.refresh_token_ttl_days))
        .build()
}

fn expired_cookie() -> Cookie<'static> {
    let mut cookie = Cookie::build((REFRESH_COOKIE, "")).path("/").http_only(true).build();
    cookie.make_removal();
    cookie
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
    let presented = from_body.or_else(|| jar.get(REFRESH_COOKIE).map(|c| c.value().to_owned()));
    let (access, refresh) = sessions::refresh(&state, &tenant, &addr, presented).await?;
    let mut body = json!({
        "refreshToken": { "token": access.token },
        "expires_in": state.keys.access_ttl_seconds(),
    });
    if in_body {
        body["refresh_token"] = json!(refresh.token);
    }
    Ok((jar.add(refresh_cookie(&state, refresh.token)), Json(body)))
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
    let tx = tenant.begin(&state).await?;
    if let Some(token) = presented {
        refresh::revoke(&tx, &token).await?;
    }
    if let Some(claims) =
        crate::http::access::bearer(&headers).and_then(|t| state.keys.verify_access(t, &tenant.name).ok())
    {
        users::set_connected(&tx, claims.user_id(), false).await?;
    }
    tx.commit().await?;
    Ok((jar.add(expired_cookie()), Json(json!({ "message": "Sessão encerrada." }))))
}

async fn user_info(State(state): State<AppState>, tenant: CurrentTenant, current: CurrentUser) -> AppResult<Json<Value>> {
    let tx = tenant.begin(&state).await?;
    let view = users::view(&tx, &current.user).await?;
    tx.commit().await?;
    Ok(Json(json!({ "user": view, "has_permission_routes": current.routes })))
}
