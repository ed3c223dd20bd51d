//! Session orchestration shared by REST (`/api/auth/*`) and GraphQL (`logIn`, `refreshToken`):
//! rate limits, the password and code steps, and issuing the token pair. Transport details
//! (cookies, JSON shapes) stay in the handlers.

use std::time::Duration;

use chrono::Duration as ChronoDuration;

use crate::{
    domain::{
        auth::{
            login::{self, Credentials, Outcome},
            refresh::{self, IssuedRefresh, Rotation},
            tokens::IssuedAccess,
            two_factor,
        },
        permissions, users,
    },
    entities::tenant::user,
    error::{AppError, AppResult, Unauthorized},
    http::{extract::ClientAddr, tenant::CurrentTenant},
    ratelimit::Limit,
    state::AppState,
};

/// A new session: the access token, the refresh token and what the login answer shows.
#[derive(Debug)]
pub struct Session {
    pub user: user::Model,
    pub access: IssuedAccess,
    pub refresh: IssuedRefresh,
    pub routes: Vec<String>,
    pub origin_backoffice: bool,
    /// The role requires two-factor and the user has not turned it on yet.
    pub two_factor_enrollment_required: bool,
}

/// The password step's result.
#[derive(Debug)]
pub enum LoginResult {
    Session(Box<Session>),
    /// Exchange this challenge and a TOTP code at the second step.
    TwoFactor { challenge: String },
}

const BLOCKED_HINT: &str =
    "Sua conta está bloqueada após várias tentativas sem sucesso. Peça a um administrador para desbloqueá-la.";

fn failure_limit(state: &AppState) -> Limit {
    Limit { max: state.config.login_failures_per_address, window: Duration::from_secs(900) }
}

/// Per-address limits: all attempts per minute, and failures per 15 minutes (twice the lockout
/// threshold by default, so one address cannot lock out accounts faster than two per window).
async fn check_rate(state: &AppState, addr: &ClientAddr) -> AppResult<()> {
    let attempts = Limit { max: state.config.login_attempts_per_minute, window: Duration::from_secs(60) };
    state.limiter.hit(&format!("login:{}", addr.0), attempts).await.map_err(AppError::RateLimited)?;
    state.limiter.check(&format!("login-fail:{}", addr.0), failure_limit(state)).await.map_err(AppError::RateLimited)
}

async fn count_failure(state: &AppState, addr: &ClientAddr) {
    let _ = state.limiter.hit(&format!("login-fail:{}", addr.0), failure_limit(state)).await;
}

/// The password step.
pub async fn login(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    email: String,
    password: String,
    body_ip: Option<String>,
) -> AppResult<LoginResult> {
    check_rate(state, addr).await?;
    let credentials = Credentials { email, password, client_addr: addr.0.to_string(), body_ip };
    let tx = tenant.begin(state).await?;
    let outcome = login::check_password(&tx, &credentials, state.config.lockout_threshold).await?;
    // Commit whatever happened: failures and lockouts must be kept.
    tx.commit().await?;
    match outcome {
        Outcome::Failed { blocked, locked_out } => {
            if let Some(ended) = locked_out {
                state.bus.sessions_ended(&tenant.name, ended);
            }
            count_failure(state, addr).await;
            Err(AppError::LoginFailed { hint: blocked.then_some(BLOCKED_HINT) })
        }
        Outcome::TwoFactorRequired(user) => {
            Ok(LoginResult::TwoFactor { challenge: state.keys.issue_challenge(user.id, &tenant.name) })
        }
        Outcome::Success(user) => Ok(LoginResult::Session(Box::new(start(state, tenant, addr, user).await?))),
    }
}

/// The code step: a challenge from the password step and a TOTP code, each usable once.
pub async fn complete_two_factor(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    challenge: &str,
    code: &str,
) -> AppResult<Session> {
    check_rate(state, addr).await?;
    let claims =
        state.keys.verify_challenge(challenge, &tenant.name).map_err(|_| AppError::LoginFailed { hint: None })?;
    let tx = tenant.begin(state).await?;
    let Some(user) = users::find(&tx, claims.user_id()).await.ok().filter(|u| u.blocked_at.is_none()) else {
        return Err(AppError::LoginFailed { hint: None });
    };
    if !two_factor::verify_login(&tx, &user, code).await? {
        let credentials =
            Credentials { email: user.email.clone(), password: String::new(), client_addr: addr.0.to_string(), body_ip: None };
        login::record_failure(&tx, &credentials, Some(user.id), login::reason::WRONG_CODE).await?;
        tx.commit().await?;
        count_failure(state, addr).await;
        return Err(AppError::LoginFailed { hint: None });
    }
    let user = login::mark_logged_in(&tx, user).await?;
    tx.commit().await?;
    start(state, tenant, addr, user).await
}

fn refresh_ttl(state: &AppState) -> ChronoDuration {
    ChronoDuration::days(state.config.refresh_token_ttl_days)
}

/// Issues the token pair for a user who passed every step.
pub async fn start(state: &AppState, tenant: &CurrentTenant, addr: &ClientAddr, user: user::Model) -> AppResult<Session> {
    let tx = tenant.begin(state).await?;
    let refresh = refresh::issue(&tx, user.id, &addr.0.to_string(), refresh_ttl(state)).await?;
    let routes = permissions::routes_of_role(&tx, user.role_id).await?;
    let two_factor_enrollment_required = permissions::role_requires_two_factor(&tx, user.role_id).await?
        && !two_factor::is_enabled(&tx, user.id).await?;
    tx.commit().await?;
    Ok(Session {
        two_factor_enrollment_required,
        access: state.keys.issue_access(user.id, &tenant.name),
        refresh,
        routes,
        origin_backoffice: tenant.name == state.config.backoffice_tenant,
        user,
    })
}

/// Rotates a refresh token into a new pair; `Token is Expired` when impossible.
pub async fn refresh(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    presented: Option<String>,
) -> AppResult<(IssuedAccess, IssuedRefresh)> {
    let Some(presented) = presented.filter(|p| !p.is_empty()) else {
        return Err(AppError::Unauthorized(Unauthorized::RefreshExpired));
    };
    let tx = tenant.begin(state).await?;
    let rotation = refresh::rotate(&tx, &presented, &addr.0.to_string(), refresh_ttl(state)).await?;
    tx.commit().await?;
    match rotation {
        Rotation::Rejected => Err(AppError::Unauthorized(Unauthorized::RefreshExpired)),
        Rotation::Rotated { user, refresh } => Ok((state.keys.issue_access(user.id, &tenant.name), refresh)),
    }
}
