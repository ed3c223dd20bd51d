//! The password step of logging in. Every failure is recorded (it feeds the login-failures
//! report) and gives the caller the same answer whatever the cause, so no one can learn which
//! emails exist. After `lockout_threshold` consecutive wrong passwords the user is blocked and
//! their sessions end; an administrator unblocks (`PATCH /api/users/{id}`).

use std::sync::LazyLock;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, IntoActiveModel, Set};
use tokio::sync::OnceCell;

use crate::{
    domain::{
        auth::{
            sessions::{self, SessionsEnded},
            two_factor,
        },
        error::Result,
        passwords::{self, Verified},
        users,
    },
    entities::tenant::{login_failure, user},
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
    /// Refused. `blocked` is true only when the password was right but the account is blocked,
    /// so the hint reveals nothing to someone who does not know the password. `locked_out` is
    /// set when this failure blocked the account (its sessions ended).
    Failed { blocked: bool, locked_out: Option<SessionsEnded> },
}

/// Why a login failed, as stored in `login_failures.reason`.
pub mod reason {
    pub const UNKNOWN_EMAIL: &str = "unknown_email";
    pub const WRONG_PASSWORD: &str = "wrong_password";
    pub const BLOCKED: &str = "blocked";
    pub const LOCKED_OUT: &str = "locked_out";
    pub const WRONG_CODE: &str = "wrong_two_factor_code";
}

/// A hash to verify against when the email is unknown, so both paths cost the same time.
static DUMMY_HASH: LazyLock<OnceCell<String>> = LazyLock::new(OnceCell::new);

async fn dummy_hash() -> &'static str {
    DUMMY_HASH.get_or_init(|| passwords::hash("dummy password for timing equality")).await
}

/// Checks email and password.
pub async fn check_password(db: &impl ConnectionTrait, credentials: &Credentials, lockout_threshold: i32) -> Result<Outcome> {
    let found = users::find_by_email(db, &credentials.email).await?;
    let stored = match &found {
        Some(user) => user.password_hash.clone(),
        None => dummy_hash().await.to_owned(),
    };
    let verified = passwords::verify(&credentials.password, &stored).await;
    let Some(user) = found else {
        record_failure(db, credentials, None, reason::UNKNOWN_EMAIL).await?;
        return Ok(Outcome::Failed { blocked: false, locked_out: None });
    };
    if user.blocked_at.is_some() {
        record_failure(db, credentials, Some(user.id), reason::BLOCKED).await?;
        return Ok(Outcome::Failed { blocked: verified != Verified::No, locked_out: None });
    }
    if verified == Verified::No {
        let failures = user.failed_logins + 1;
        let locked = lockout_threshold > 0 && failures >= lockout_threshold;
        let user_id = user.id;
        let mut active = user.into_active_model();
        active.failed_logins = Set(failures);
        if locked {
            active.blocked_at = Set(Some(Utc::now()));
        }
        active.updated_at = Set(Utc::now());
        active.update(db).await?;
        let mut ended = None;
        if locked {
            ended = Some(sessions::end_all(db, user_id).await?);
            tracing::warn!(user_id, failures, "user blocked after consecutive login failures");
        }
        let why = if locked { reason::LOCKED_OUT } else { reason::WRONG_PASSWORD };
        record_failure(db, credentials, Some(user_id), why).await?;
        return Ok(Outcome::Failed { blocked: false, locked_out: ended });
    }
    let rehash = verified == Verified::YesRehash;
    let mut active = user.clone().into_active_model();
    active.failed_logins = Set(0);
    if rehash {
        active.password_hash = Set(passwords::hash(&credentials.password).await);
    }
    active.updated_at = Set(Utc::now());
    let user = active.update(db).await?;
    if two_factor::is_enabled(db, user.id).await? {
        return Ok(Outcome::TwoFactorRequired(user));
    }
    Ok(Outcome::Success(mark_logged_in(db, user).await?))
}

/// Records the login time of a user who passed every step.
pub async fn mark_logged_in(db: &impl ConnectionTrait, user: user::Model) -> Result<user::Model> {
    let mut active = user.into_active_model();
    active.last_login_at = Set(Some(Utc::now()));
    active.is_connected = Set(true);
    Ok(active.update(db).await?)
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
    Ok(())
}
