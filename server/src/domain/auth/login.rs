//! The password step of logging in, and logging out (docs/auth.md#guessing-limits).
//!
//! Every failure is recorded (it feeds the login-failures report) and gives the caller the same
//! answer whatever the cause — unknown email, wrong password, blocked account — so nobody learns
//! which emails exist or whether a password was right. Guessing is bounded per account, whatever
//! the number of addresses it comes from:
//! * an account blocked after `lockout_threshold` wrong passwords in a row stays blocked for
//!   [`lock_duration`] (15 minutes, doubling with each block in a row, at most a day) or until an
//!   administrator or operator unblocks it; while blocked its password is not even checked;
//! * administrators are never blocked by strangers (that would let anyone lock a company out of its
//!   own back-office): their wrong passwords are counted per address instead (an address that
//!   guessed wrong [`ADMIN_TRIES_PER_ADDRESS`] times is refused for that account), and across all
//!   addresses at most [`ADMIN_TRIES_PER_ACCOUNT`] per window, beyond which only addresses the
//!   administrator logged in from recently are still checked.

use std::sync::LazyLock;

use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter, Set,
    sea_query::{Expr, ExprTrait},
};
use tokio::sync::OnceCell;

use crate::{
    domain::{
        auth::two_factor,
        error::Result,
        events::Raised,
        passwords::{self, Verified},
        templates::ADMIN_ROLE,
        unit::Unit,
        users,
    },
    entities::tenant::{login_failure, refresh_token, role, user},
};

/// What the caller presented.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub email: String,
    pub password: String,
    /// The address the server saw (or the trusted proxy reported).
    pub client_addr: String,
    /// The `ip` the client claimed in the body: stored, never trusted.
    pub body_ip: Option<String>,
}

/// How the password step ended.
#[derive(Debug)]
pub enum Outcome {
    /// Logged in.
    Success(user::Model),
    /// Password right; a TOTP code is needed next.
    TwoFactorRequired(user::Model),
    /// Refused, whatever the cause.
    Failed,
}

/// Why a login failed, as stored in `login_failures.reason`.
pub mod reason {
    pub const UNKNOWN_EMAIL: &str = "unknown_email";
    pub const WRONG_PASSWORD: &str = "wrong_password";
    pub const BLOCKED: &str = "blocked";
    pub const LOCKED_OUT: &str = "locked_out";
    pub const WRONG_CODE: &str = "wrong_two_factor_code";
    /// An administrator's password not checked: too many wrong guesses from this address, or from
    /// everywhere (docs/auth.md#guessing-limits).
    pub const THROTTLED: &str = "throttled";
}

/// Wrong passwords one address may try on one administrator per window.
pub const ADMIN_TRIES_PER_ADDRESS: u32 = 5;
/// Wrong passwords all addresses together may try on one administrator per window.
pub const ADMIN_TRIES_PER_ACCOUNT: u32 = 20;
/// The window of both administrator limits.
pub const ADMIN_WINDOW: std::time::Duration = std::time::Duration::from_secs(15 * 60);
/// An address counts as the administrator's own when a login from it succeeded this recently.
const KNOWN_ADDRESS_DAYS: i64 = 30;

/// How long the `lockouts`-th block in a row lasts: 15 minutes, doubling, at most a day.
pub fn lock_duration(lockouts: i32) -> Duration {
    let doublings = lockouts.clamp(1, 8) - 1;
    (Duration::minutes(15) * (1 << doublings)).min(Duration::days(1))
}

/// The per-address and per-account counters of administrators' wrong passwords, kept where every
/// replica sees them (the rate limiter).
#[async_trait::async_trait]
pub trait AdminGuesses: Send + Sync {
    /// Whether this request's address may have this administrator's password checked now;
    /// `known_address`: the administrator logged in from it recently.
    async fn may_try(&self, user_id: i32, known_address: bool) -> bool;
    /// Counts a wrong password for this administrator from this request's address.
    async fn spend(&self, user_id: i32);
}

/// A hash to verify against when the password is not going to be checked, so every path costs
/// the same time.
static DUMMY_HASH: LazyLock<OnceCell<String>> = LazyLock::new(OnceCell::new);

async fn dummy_hash(tenant: &str) -> &'static str {
    DUMMY_HASH.get_or_init(|| passwords::hash(tenant, "dummy password for timing equality")).await
}

/// Spends the time a real check would, for an answer that is decided already.
async fn pretend_to_verify(tenant: &str, password: &str) {
    let _ = passwords::verify(tenant, password, dummy_hash(tenant).await).await;
}

/// What a login attempt is about, read before the password is checked: the user the email names,
/// whether they are an administrator, and whether the limits let the password be checked at all.
/// The three steps — [`prepare`] (a short read), [`verify`] (argon2, no database connection
/// held) and [`conclude`] (a short write) — keep a connection from waiting on a hash: a tenant's
/// logins would otherwise queue behind each other's 30 ms of hashing.
#[derive(Debug)]
pub struct Attempt {
    user: Option<user::Model>,
    admin: bool,
    /// Why the password is not going to be checked, if it is not.
    skip: Option<&'static str>,
}

/// The password check's result, computed with no connection held.
#[derive(Debug)]
pub struct Checked {
    verified: Verified,
    /// The password hashed again, when the stored hash uses parameters below today's.
    rehashed: Option<String>,
}

/// Step 1: who the email names and whether their password may be checked now.
pub async fn prepare(
    db: &impl ConnectionTrait,
    credentials: &Credentials,
    admins: &dyn AdminGuesses,
) -> Result<Attempt> {
    // An API token's principal never logs in, whatever password someone gave it.
    let found = users::find_by_email(db, &credentials.email).await?;
    let Some(user) = found.filter(|u| u.kind != crate::domain::api_tokens::INTEGRATION) else {
        return Ok(Attempt { user: None, admin: false, skip: Some(reason::UNKNOWN_EMAIL) });
    };
    if users::is_blocked(&user, Utc::now()) {
        return Ok(Attempt { user: Some(user), admin: false, skip: Some(reason::BLOCKED) });
    }
    let admin = is_admin(db, &user).await?;
    let skip = if admin && !admins.may_try(user.id, known_address(db, user.id, &credentials.client_addr).await?).await {
        Some(reason::THROTTLED)
    } else {
        None
    };
    Ok(Attempt { user: Some(user), admin, skip })
}

/// Step 2: the password against the stored hash — or against a dummy one, taking the same time,
/// when the attempt is refused already (no oracle, not even a timing one).
/// The hashing runs on `tenant`'s budget (`passwords`).
pub async fn verify(tenant: &str, attempt: &Attempt, password: &str) -> Checked {
    match (&attempt.user, attempt.skip) {
        (Some(user), None) => {
            let verified = passwords::verify(tenant, password, &user.password_hash).await;
            let rehashed =
                if verified == Verified::YesRehash { Some(passwords::hash(tenant, password).await) } else { None };
            Checked { verified, rehashed }
        }
        _ => {
            pretend_to_verify(tenant, password).await;
            Checked { verified: Verified::No, rehashed: None }
        }
    }
}

/// Step 3: records what happened (failures, blocks, a login) under the guessing limits.
pub async fn conclude(
    unit: &Unit,
    attempt: Attempt,
    credentials: &Credentials,
    checked: Checked,
    lockout_threshold: i32,
    admins: &dyn AdminGuesses,
) -> Result<Outcome> {
    let db = unit;
    let now = Utc::now();
    let Some(user) = attempt.user else {
        record_failure(db, credentials, None, reason::UNKNOWN_EMAIL).await?;
        return Ok(Outcome::Failed);
    };
    if let Some(why) = attempt.skip {
        record_failure(db, credentials, Some(user.id), why).await?;
        return Ok(Outcome::Failed);
    }
    // The row as it is now: other attempts may have counted failures (or blocked) meanwhile.
    let mut user = users::find(db, user.id).await?;
    if users::is_blocked(&user, now) {
        record_failure(db, credentials, Some(user.id), reason::BLOCKED).await?;
        return Ok(Outcome::Failed);
    }
    if user.blocked_at.is_some() {
        // The block expired: the account starts over (the count of blocks in a row stays).
        user = clear_block(db, user).await?;
    }
    if checked.verified == Verified::No {
        if attempt.admin {
            admins.spend(user.id).await;
        }
        let user_id = user.id;
        // Counted in the database, so concurrent guesses cannot overwrite each other's count.
        user::Entity::update_many()
            .col_expr(user::Column::FailedLogins, Expr::col(user::Column::FailedLogins).add(1))
            .col_expr(user::Column::UpdatedAt, Expr::value(now))
            .filter(user::Column::Id.eq(user_id))
            .exec(db)
            .await?;
        let user = users::find(db, user_id).await?;
        let locked = !attempt.admin && lockout_threshold > 0 && user.failed_logins >= lockout_threshold;
        if locked {
            let lockouts = user.lockouts + 1;
            let mut active = user.into_active_model();
            active.failed_logins = Set(0);
            active.blocked_at = Set(Some(now));
            active.locked_until = Set(Some(now + lock_duration(lockouts)));
            active.lockouts = Set(lockouts);
            active.update(db).await?;
            users::sessions::end_all(unit, user_id).await?;
            tracing::warn!(user_id, lockouts, "user blocked after consecutive login failures");
            metrics::counter!(crate::metrics::names::LOCKOUTS).increment(1);
        }
        let why = if locked { reason::LOCKED_OUT } else { reason::WRONG_PASSWORD };
        record_failure(db, credentials, Some(user_id), why).await?;
        return Ok(Outcome::Failed);
    }
    let mut active = user.into_active_model();
    active.failed_logins = Set(0);
    active.lockouts = Set(0);
    if let Some(hash) = checked.rehashed {
        active.password_hash = Set(hash);
    }
    active.updated_at = Set(now);
    let user = active.update(db).await?;
    if two_factor::is_enabled(db, user.id).await? {
        return Ok(Outcome::TwoFactorRequired(user));
    }
    Ok(Outcome::Success(mark_logged_in(unit, user).await?))
}

async fn clear_block(db: &impl ConnectionTrait, user: user::Model) -> Result<user::Model> {
    let mut active = user.into_active_model();
    active.blocked_at = Set(None);
    active.locked_until = Set(None);
    active.failed_logins = Set(0);
    active.updated_at = Set(Utc::now());
    Ok(active.update(db).await?)
}

async fn is_admin(db: &impl ConnectionTrait, user: &user::Model) -> Result<bool> {
    Ok(role::Entity::find_by_id(user.role_id).one(db).await?.is_some_and(|r| r.name == ADMIN_ROLE))
}

/// Whether the user logged in from this address recently (a refresh token was issued to it).
async fn known_address(db: &impl ConnectionTrait, user_id: i32, address: &str) -> Result<bool> {
    let since = Utc::now() - Duration::days(KNOWN_ADDRESS_DAYS);
    Ok(refresh_token::Entity::find()
        .filter(refresh_token::Column::UserId.eq(user_id))
        .filter(refresh_token::Column::ClientAddr.eq(address))
        .filter(refresh_token::Column::CreatedAt.gte(since))
        .count(db)
        .await?
        > 0)
}

/// Records the login time of a user who passed every step.
pub async fn mark_logged_in(unit: &Unit, user: user::Model) -> Result<user::Model> {
    // A login starts the day online: yesterday's "ausente (almoço)" does not carry over.
    let now = Utc::now();
    let was_online = user.is_connected && !user.away;
    let mut active = user.into_active_model();
    active.last_login_at = Set(Some(now));
    active.is_connected = Set(true);
    active.away = Set(false);
    active.away_reason = Set(None);
    if !was_online {
        active.status_since = Set(Some(now));
    }
    let user = active.update(unit).await?;
    unit.raise(Raised::AuthChanged { user_id: Some(user.id), entitlement: false });
    Ok(user)
}

/// Stores one failed attempt.
pub async fn record_failure(
    db: &impl ConnectionTrait,
    credentials: &Credentials,
    user_id: Option<i32>,
    why: &str,
) -> Result<()> {
    login_failure::ActiveModel {
        email: Set(credentials.email.trim().to_lowercase().chars().take(254).collect()),
        user_id: Set(user_id),
        reason: Set(why.to_owned()),
        client_addr: Set(credentials.client_addr.clone()),
        body_ip: Set(credentials.body_ip.clone().map(|ip| ip.chars().take(64).collect())),
        occurred_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    metrics::counter!(crate::metrics::names::LOGIN_FAILURES, "reason" => why.to_owned()).increment(1);
    Ok(())
}

/// Logging out: the presented refresh token's family is revoked and, when the access token named
/// the session, that session ends everywhere: its refresh tokens, its access tokens (revoked on
/// every replica until they would expire) and its sockets; the user is marked away.
pub async fn log_out(unit: &Unit, refresh_token: Option<&str>, session: Option<&EndedSession>) -> Result<()> {
    if let Some(token) = refresh_token {
        super::refresh::revoke(unit, token).await?;
    }
    if let Some(session) = session {
        super::refresh::revoke_family(unit, &session.sid).await?;
        // Published in this order: the session's sockets close first, then managers and the
        // user's other sessions hear the user is away.
        unit.raise(Raised::SessionRevoked { sid: session.sid.clone(), until: session.until });
        users::set_connected(unit, session.user_id, false).await?;
    }
    Ok(())
}

/// The session a logout ends, from its access token: whose, which login, and until when its
/// access tokens would otherwise work.
#[derive(Debug, Clone)]
pub struct EndedSession {
    pub user_id: i32,
    pub sid: String,
    pub until: chrono::DateTime<Utc>,
}
