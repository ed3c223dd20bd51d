//! Logging in, shared by REST (`/api/auth/*`) and GraphQL (`logIn`, `refreshToken`): rate limits,
//! the password and code steps, issuing the token pair, and the refresh cookie both set. JSON
//! shapes stay in the transports.

use std::time::Duration;

use axum_extra::extract::cookie::{Cookie, SameSite};
use chrono::Duration as ChronoDuration;

use crate::{
    context::{ClientAddr, CurrentTenant},
    domain::{
        auth::{
            login::{self, Credentials, Outcome},
            refresh::{self, IssuedRefresh, Rotation},
            tokens::IssuedAccess,
            two_factor::{self, CodeCheck},
        },
        roles, users,
    },
    entities::tenant::user,
    error::{AppError, AppResult, Unauthorized},
    ratelimit::Limit,
    state::AppState,
};

/// Name of the refresh cookie (docs/decisions.md, refresh cookie).
pub const REFRESH_COOKIE: &str = "bo_refresh";

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

/// The cookie that removes the refresh cookie.
pub fn expired_refresh_cookie() -> Cookie<'static> {
    let mut cookie = Cookie::build((REFRESH_COOKIE, "")).path("/").http_only(true).build();
    cookie.make_removal();
    cookie
}

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
    TwoFactor {
        challenge: String,
    },
}

/// Wrong codes one two-factor challenge takes before it dies (it lives 5 minutes).
const CHALLENGE_LIMIT: Limit = Limit { max: 5, window: Duration::from_secs(600) };

/// The administrators' guess counters of `domain::auth::login`, in the rate limiter (shared by
/// every replica through Redis).
struct AdminGuessCounters<'a> {
    state: &'a AppState,
    tenant: &'a CurrentTenant,
    addr: &'a ClientAddr,
}

impl AdminGuessCounters<'_> {
    fn keys(&self, user_id: i32) -> (String, String) {
        let account = format!("admin-guess:{}:{user_id}", self.tenant.name);
        (format!("{account}:{}", self.addr.0), account)
    }
}

#[async_trait::async_trait]
impl login::AdminGuesses for AdminGuessCounters<'_> {
    async fn may_try(&self, user_id: i32, known_address: bool) -> bool {
        let (per_address, per_account) = self.keys(user_id);
        let window = login::ADMIN_WINDOW;
        let address_ok =
            self.state.limiter.check(&per_address, Limit { max: login::ADMIN_TRIES_PER_ADDRESS, window }).await.is_ok();
        address_ok
            && (known_address
                || self
                    .state
                    .limiter
                    .check(&per_account, Limit { max: login::ADMIN_TRIES_PER_ACCOUNT, window })
                    .await
                    .is_ok())
    }

    async fn spend(&self, user_id: i32) {
        let (per_address, per_account) = self.keys(user_id);
        let window = login::ADMIN_WINDOW;
        let _ = self.state.limiter.hit(&per_address, Limit { max: login::ADMIN_TRIES_PER_ADDRESS, window }).await;
        let _ = self.state.limiter.hit(&per_account, Limit { max: login::ADMIN_TRIES_PER_ACCOUNT, window }).await;
    }
}

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
    let admins = AdminGuessCounters { state, tenant, addr };
    let tx = tenant.begin(state).await?;
    let attempt = login::prepare(&tx, &credentials, &admins).await?;
    tx.commit().await?;
    // The password is hashed with no database connection held.
    let checked = login::verify(tenant.name.as_str(), &attempt, &credentials.password).await;
    let unit = tenant.unit(state).await?;
    let threshold = state.config.lockout_threshold;
    let outcome = login::conclude(&unit, attempt, &credentials, checked, threshold, &admins).await?;
    // Commit whatever happened: failures and lockouts must be kept.
    unit.commit().await?;
    match outcome {
        Outcome::Failed => {
            count_failure(state, addr).await;
            Err(AppError::LoginFailed)
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
    let claims = state.keys.verify_challenge(challenge, &tenant.name).map_err(|_| AppError::LoginFailed)?;
    // A challenge takes at most a few wrong codes; then it is dead, even for the right one.
    let challenge_key = format!("2fa-challenge:{}", crate::domain::auth::tokens::hash_token(challenge));
    if state.limiter.check(&challenge_key, CHALLENGE_LIMIT).await.is_err() {
        return Err(AppError::LoginFailed);
    }
    let unit = tenant.unit(state).await?;
    // A challenge issued before the account's sessions were last ended (a new password, a
    // block, "end every session") proves a password that may no longer be the account's.
    let Some(user) = users::find(&unit, claims.user_id())
        .await
        .ok()
        .filter(|u| !users::is_blocked(u, chrono::Utc::now()))
        .filter(|u| claims.iat_ms >= u.valid_after.timestamp_millis())
    else {
        return Err(AppError::LoginFailed);
    };
    let check = two_factor::verify_login(&unit, &state.secrets, tenant.name.as_str(), &user, code).await?;
    if let CodeCheck::Throttled { retry_after } = check {
        unit.commit().await?;
        return Err(AppError::RateLimited(retry_after));
    }
    if check != CodeCheck::Accepted {
        let _ = state.limiter.hit(&challenge_key, CHALLENGE_LIMIT).await;
        let credentials = Credentials {
            email: user.email.clone(),
            password: String::new(),
            client_addr: addr.0.to_string(),
            body_ip: None,
        };
        login::record_failure(&unit, &credentials, Some(user.id), login::reason::WRONG_CODE).await?;
        unit.commit().await?;
        count_failure(state, addr).await;
        return Err(AppError::LoginFailed);
    }
    let user = login::mark_logged_in(&unit, user).await?;
    unit.commit().await?;
    start(state, tenant, addr, user).await
}

/// The caller replaces their own password (docs/account.md#my-password): a wrong current
/// password counts as a failed login of the address (the same limits), every other session ends,
/// and the caller goes on in a new session.
pub async fn change_password(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    account: &user::Model,
    current: &str,
    new: &str,
) -> AppResult<Session> {
    check_rate(state, addr).await?;
    let unit = tenant.unit(state).await?;
    let changed = match users::account::change_own_password(&unit, account, current, new).await {
        Ok(changed) => changed,
        Err(users::account::ChangeRefused::WrongCurrent) => {
            drop(unit);
            count_failure(state, addr).await;
            return Err(users::account::wrong_current_password().into());
        }
        Err(users::account::ChangeRefused::Invalid(err)) => return Err(err.into()),
    };
    unit.commit().await?;
    start(state, tenant, addr, changed).await
}

/// The caller replaces their own password without typing the current one, which a login of the
/// last [`PRESENCE_WINDOW_SECONDS`] stands for (GraphQL `updateUserPassword(password)`, the
/// specification's signature): the same limits and rules as [`change_password`].
pub async fn change_password_after_login(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    caller: &crate::context::CurrentUser,
    new: &str,
) -> AppResult<Session> {
    check_rate(state, addr).await?;
    require_presence(state, tenant, addr, caller, None).await?;
    let unit = tenant.unit(state).await?;
    let changed = users::account::change_after_login(&unit, &caller.user, new).await?;
    unit.commit().await?;
    start(state, tenant, addr, changed).await
}

/// How recent a login must be to stand as proof of presence for changing a password or
/// two-factor without typing the current password.
pub const PRESENCE_WINDOW_SECONDS: i64 = 5 * 60;

/// Proof that the caller is the person, not only the holder of a token (a stolen access token
/// must not become a permanent takeover): the current password, checked under the login limits
/// of the address — or, without it, a token issued by a password login in the last
/// [`PRESENCE_WINDOW_SECONDS`]. Asked before changing the password or two-factor.
pub async fn require_presence(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    caller: &crate::context::CurrentUser,
    current_password: Option<&str>,
) -> AppResult<()> {
    match current_password {
        Some(current) => {
            check_rate(state, addr).await?;
            let stored = &caller.user.password_hash;
            if crate::domain::passwords::verify(tenant.name.as_str(), current, stored).await
                == crate::domain::passwords::Verified::No
            {
                count_failure(state, addr).await;
                return Err(users::account::wrong_current_password().into());
            }
            Ok(())
        }
        None => {
            let now = chrono::Utc::now().timestamp();
            if caller.authenticated_at.is_some_and(|at| now - at <= PRESENCE_WINDOW_SECONDS) {
                return Ok(());
            }
            Err(crate::domain::Error::invalid_field(
                "reauthentication_required",
                "currentPassword",
                "Confirme a sua senha atual para continuar.",
            )
            .into())
        }
    }
}

fn refresh_ttl(state: &AppState) -> ChronoDuration {
    ChronoDuration::days(state.config.refresh_token_ttl_days)
}

/// Issues the token pair for a user who passed every step.
pub async fn start(
    state: &AppState,
    tenant: &CurrentTenant,
    addr: &ClientAddr,
    user: user::Model,
) -> AppResult<Session> {
    let tx = tenant.begin(state).await?;
    let refresh = refresh::issue(&tx, user.id, &addr.0.to_string(), refresh_ttl(state)).await?;
    let routes = roles::routes_of_role(&tx, user.role_id).await?;
    let two_factor_enrollment_required =
        roles::role_requires_two_factor(&tx, user.role_id).await? && !two_factor::is_enabled(&tx, user.id).await?;
    tx.commit().await?;
    Ok(Session {
        two_factor_enrollment_required,
        access: state.keys.issue_login_access(user.id, &tenant.name, &refresh.family),
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
    let unit = tenant.unit(state).await?;
    let rotation = refresh::rotate(&unit, &presented, &addr.0.to_string(), refresh_ttl(state)).await?;
    if let Rotation::Replayed { family, .. } = &rotation {
        // The session's access tokens die with it on every replica, and its sockets close — not
        // 15 minutes later when they would expire.
        let until = chrono::Utc::now() + state.keys.access_ttl();
        crate::domain::auth::sessions::record_revocation(state.dbs.control(), &tenant.name, family, until).await?;
        unit.raise(crate::domain::events::Raised::SessionRevoked { sid: family.clone(), until });
    }
    unit.commit().await?;
    match rotation {
        Rotation::Rejected | Rotation::Replayed { .. } => Err(AppError::Unauthorized(Unauthorized::RefreshExpired)),
        Rotation::Rotated { user, refresh } => {
            Ok((state.keys.issue_access(user.id, &tenant.name, &refresh.family), refresh))
        }
    }
}

/// Logs out: the refresh token's session and the access token's session end on every replica
/// (docs/auth.md#logging-out). Nothing to end is not an error: a client can always clear itself.
pub async fn log_out(
    state: &AppState,
    tenant: &CurrentTenant,
    refresh_token: Option<&str>,
    access_token: Option<&str>,
) -> AppResult<()> {
    let session = access_token
        .and_then(|token| state.keys.verify_access(token, &tenant.name).ok())
        .map(|claims| login::EndedSession {
            user_id: claims.user_id(),
            until: chrono::DateTime::from_timestamp(claims.exp, 0).unwrap_or_else(chrono::Utc::now),
            sid: claims.sid,
        })
        .filter(|session| !session.sid.is_empty());
    if let Some(session) = &session {
        crate::domain::auth::sessions::record_revocation(
            state.dbs.control(),
            &tenant.name,
            &session.sid,
            session.until,
        )
        .await?;
    }
    let unit = tenant.unit(state).await?;
    login::log_out(&unit, refresh_token, session.as_ref()).await?;
    unit.commit().await?;
    Ok(())
}
