//! TOTP two-factor authentication (RFC 6238: SHA-1, 6 digits, 30-second steps, ±1 step of clock
//! skew). Enrollment stores a secret that counts only once confirmed by a code; each accepted code
//! records its time step, and a step at or before the last accepted one is refused (no replay).
//! Secrets are stored sealed (`crate::secrets`), and wrong codes are limited per user across every
//! check ([`CODE_TRIES`] per [`CODE_WINDOW_MINUTES`]; docs/auth.md#guessing-limits).

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, IntoActiveModel, QueryFilter, QuerySelect,
    Set,
};
use totp_rs::{Algorithm, Secret, TOTP};

use crate::{
    domain::{
        error::{Error, Result},
        events::Raised,
        sealing::Scope,
        unit::Unit,
    },
    entities::tenant::{user, user_setting},
    secrets::Secrets,
};

mod recovery;

const STEP_SECONDS: u64 = 30;
const DIGITS: usize = 6;
/// Issuer shown in authenticator apps.
pub const ISSUER: &str = "Back-office";

/// A new secret to show as a QR code.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Enrollment {
    /// Base32, for typing into an app by hand.
    pub secret: String,
    /// `otpauth://totp/...`, the QR code's content.
    pub otpauth_url: String,
}

fn totp(secret_b32: &str, account: &str) -> Result<TOTP> {
    let bytes = Secret::Encoded(secret_b32.to_owned())
        .to_bytes()
        .map_err(|_| Error::invalid("two_factor_corrupt", "Segredo de dois fatores inválido; refaça a ativação."))?;
    TOTP::new(Algorithm::SHA1, DIGITS, 1, STEP_SECONDS, bytes, Some(ISSUER.to_owned()), account.to_owned())
        .map_err(|_| Error::invalid("two_factor_corrupt", "Segredo de dois fatores inválido; refaça a ativação."))
}

/// A user's two-factor settings, held until the transaction ends: every caller goes on to
/// check a code against the failure budget and the last accepted step, then write both back. On
/// PostgreSQL, guesses sent side by side would otherwise each read the same budget (five wrong
/// codes per window became five per request in flight) and the same code could be accepted
/// twice; SQLite's writer already holds the whole file from `BEGIN`.
async fn settings_of(db: &impl ConnectionTrait, user_id: i32) -> Result<user_setting::Model> {
    let mut query = user_setting::Entity::find().filter(user_setting::Column::UserId.eq(user_id));
    if db.get_database_backend() == DbBackend::Postgres {
        query = query.lock_exclusive();
    }
    if let Some(found) = query.one(db).await? {
        return Ok(found);
    }
    let now = Utc::now();
    Ok(user_setting::ActiveModel {
        user_id: Set(user_id),
        two_factor_enabled: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// Whether a user has two-factor on.
pub async fn is_enabled(db: &impl ConnectionTrait, user_id: i32) -> Result<bool> {
    Ok(user_setting::Entity::find()
        .filter(user_setting::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .is_some_and(|s| s.two_factor_enabled))
}

/// How a code check ended. Wrong codes are counted (and must be committed), so they are an
/// outcome to commit and then answer, not an error that rolls back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCheck {
    Accepted,
    /// Wrong, malformed, or a code already used.
    Wrong,
    /// The user spent their wrong codes for the window; nothing was checked.
    Throttled {
        retry_after: std::time::Duration,
    },
}

impl CodeCheck {
    /// The error a wrong or throttled check answers, for code steps that are not the login's.
    pub fn into_result(self) -> Result<()> {
        match self {
            Self::Accepted => Ok(()),
            Self::Wrong => Err(wrong_code()),
            Self::Throttled { retry_after } => Err(Error::throttled(retry_after)),
        }
    }
}

/// Wrong codes a user may enter per window, across every place a code is asked for (login,
/// confirming, turning off): a stolen session cannot brute-force its way to disabling two-factor.
pub const CODE_TRIES: i32 = 5;
/// The window of [`CODE_TRIES`].
pub const CODE_WINDOW_MINUTES: i64 = 15;

fn wrong_code() -> Error {
    Error::invalid_field("invalid_code", "code", "Código inválido ou já utilizado.")
}

/// What a user's seed is sealed for: their tenant (`scope`) and id, so it opens nowhere else.
fn seed_scope(scope: &str, user_id: i32) -> String {
    Scope::TwoFactorSeed { user_id }.of(scope)
}

/// The stored secret, opened.
fn open_secret(secrets: &Secrets, scope: &str, stored: &str) -> Result<String> {
    secrets.open(scope, stored).map_err(|err| {
        tracing::error!(error = %err, "two-factor secret does not open");
        Error::invalid("two_factor_corrupt", "Segredo de dois fatores inválido; refaça a ativação.")
    })
}

/// Checks `code` against the user's secret within their budget of wrong codes; on success the
/// code's step is recorded (never accepted twice) and the budget refilled.
async fn check_code(
    db: &impl ConnectionTrait,
    secrets: &Secrets,
    scope: &str,
    user: &user::Model,
    settings: user_setting::Model,
    code: &str,
) -> Result<(CodeCheck, user_setting::Model)> {
    let now = Utc::now();
    let window = chrono::Duration::minutes(CODE_WINDOW_MINUTES);
    let window_open = settings.two_factor_failures_since.is_some_and(|since| now - since < window);
    if window_open && settings.two_factor_failures >= CODE_TRIES {
        let since = settings.two_factor_failures_since.unwrap_or(now);
        let retry_after = (since + window - now).to_std().unwrap_or_default();
        return Ok((CodeCheck::Throttled { retry_after }, settings));
    }
    let Some(stored) = settings.two_factor_secret.clone() else { return Ok((CodeCheck::Wrong, settings)) };
    let secret = open_secret(secrets, &seed_scope(scope, user.id), &stored)?;
    let mut active = settings.clone().into_active_model();
    let accepted = match recovery::normalize(code) {
        Some(recovery) => recovery::spend(settings.recovery_codes.as_deref(), &recovery).map(|left| {
            active.recovery_codes = Set(Some(left));
        }),
        None => accepted_step(&secret, &user.email, code, settings.two_factor_last_step).map(|step| {
            active.two_factor_last_step = Set(Some(step));
        }),
    };
    let check = match accepted {
        Some(()) => {
            active.two_factor_failures = Set(0);
            active.two_factor_failures_since = Set(None);
            CodeCheck::Accepted
        }
        None => {
            let (failures, since) = if window_open {
                (settings.two_factor_failures + 1, settings.two_factor_failures_since)
            } else {
                (1, Some(now))
            };
            active.two_factor_failures = Set(failures);
            active.two_factor_failures_since = Set(since);
            CodeCheck::Wrong
        }
    };
    active.updated_at = Set(now);
    Ok((check, active.update(db).await?))
}

/// Starts (or restarts) enrollment: a new secret, not active until confirmed. The answer is the
/// only time the secret is shown; it is stored sealed.
pub async fn enroll(
    db: &impl ConnectionTrait,
    secrets: &Secrets,
    scope: &str,
    user: &user::Model,
) -> Result<Enrollment> {
    let settings = settings_of(db, user.id).await?;
    if settings.two_factor_enabled {
        return Err(Error::conflict("two_factor_already_enabled", "A autenticação em dois fatores já está ativa."));
    }
    let secret = Secret::generate_secret().to_encoded().to_string();
    let otpauth_url = totp(&secret, &user.email)?.get_url();
    let mut active = settings.into_active_model();
    active.two_factor_secret = Set(Some(secrets.seal(&seed_scope(scope, user.id), &secret)));
    active.two_factor_confirmed_at = Set(None);
    active.two_factor_last_step = Set(None);
    active.updated_at = Set(Utc::now());
    active.update(db).await?;
    Ok(Enrollment { secret, otpauth_url })
}

/// Confirms enrollment with a code from the app: two-factor is on from now, with ten new recovery
/// codes (returned once; only their digests are kept).
pub async fn confirm(
    unit: &Unit,
    secrets: &Secrets,
    scope: &str,
    user: &user::Model,
    code: &str,
) -> Result<(CodeCheck, Option<Vec<String>>)> {
    let db = unit;
    let settings = settings_of(db, user.id).await?;
    if settings.two_factor_enabled {
        return Err(Error::conflict("two_factor_already_enabled", "A autenticação em dois fatores já está ativa."));
    }
    if settings.two_factor_secret.is_none() {
        return Err(Error::invalid("two_factor_not_enrolled", "Gere o QR code antes de confirmar."));
    }
    let (check, settings) = check_code(db, secrets, scope, user, settings, code).await?;
    if check != CodeCheck::Accepted {
        return Ok((check, None));
    }
    let (codes, digests) = recovery::generate();
    let mut active = settings.into_active_model();
    active.two_factor_enabled = Set(true);
    active.two_factor_confirmed_at = Set(Some(Utc::now()));
    active.recovery_codes = Set(Some(digests));
    active.update(db).await?;
    // A role that requires two-factor opens its routes to this user now.
    unit.raise(Raised::AuthChanged { user_id: Some(user.id), entitlement: false });
    Ok((check, Some(codes)))
}

/// Replaces the recovery codes (the old ones stop working) after a valid code; the new ones are
/// returned once.
pub async fn renew_recovery_codes(
    unit: &Unit,
    secrets: &Secrets,
    scope: &str,
    user: &user::Model,
    code: &str,
) -> Result<(CodeCheck, Option<Vec<String>>)> {
    let db = unit;
    let settings = settings_of(db, user.id).await?;
    if !settings.two_factor_enabled {
        return Err(Error::conflict("two_factor_not_enabled", "A autenticação em dois fatores não está ativa."));
    }
    let (check, settings) = check_code(db, secrets, scope, user, settings, code).await?;
    if check != CodeCheck::Accepted {
        return Ok((check, None));
    }
    let (codes, digests) = recovery::generate();
    let mut active = settings.into_active_model();
    active.recovery_codes = Set(Some(digests));
    active.updated_at = Set(Utc::now());
    active.update(db).await?;
    // The user's own view (`userInfo`, kept with the auth state) counts the codes left.
    unit.raise(Raised::AuthChanged { user_id: Some(user.id), entitlement: false });
    Ok((check, Some(codes)))
}

/// How many recovery codes a stored set holds.
pub fn recovery_codes_count(stored: Option<&str>) -> usize {
    recovery::count(stored)
}

/// Turns two-factor off; needs a valid code (`None` for an administrator resetting another
/// user's device).
pub async fn disable(
    unit: &Unit,
    secrets: &Secrets,
    scope: &str,
    user: &user::Model,
    code: Option<&str>,
) -> Result<CodeCheck> {
    let db = unit;
    let mut settings = settings_of(db, user.id).await?;
    if !settings.two_factor_enabled {
        return Err(Error::conflict("two_factor_not_enabled", "A autenticação em dois fatores não está ativa."));
    }
    if let Some(code) = code {
        let (check, checked) = check_code(db, secrets, scope, user, settings, code).await?;
        if check != CodeCheck::Accepted {
            return Ok(check);
        }
        settings = checked;
    }
    let mut active = settings.into_active_model();
    active.two_factor_enabled = Set(false);
    active.two_factor_secret = Set(None);
    active.two_factor_confirmed_at = Set(None);
    active.two_factor_last_step = Set(None);
    active.recovery_codes = Set(None);
    active.updated_at = Set(Utc::now());
    active.update(db).await?;
    unit.raise(Raised::AuthChanged { user_id: Some(user.id), entitlement: false });
    Ok(CodeCheck::Accepted)
}

/// Checks a login code (the app's, or a recovery code) and records it so it cannot be used again.
pub async fn verify_login(
    db: &impl ConnectionTrait,
    secrets: &Secrets,
    scope: &str,
    user: &user::Model,
    code: &str,
) -> Result<CodeCheck> {
    let settings = settings_of(db, user.id).await?;
    if !settings.two_factor_enabled {
        return Ok(CodeCheck::Wrong);
    }
    Ok(check_code(db, secrets, scope, user, settings, code).await?.0)
}

/// The time step a code belongs to (now ±1 step), if later than the last accepted one.
fn accepted_step(secret: &str, account: &str, code: &str, last_step: Option<i64>) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp(secret, account).ok()?;
    let now = Utc::now().timestamp().max(0) as u64;
    let current = now / STEP_SECONDS;
    for step in [current.saturating_sub(1), current, current + 1] {
        if totp.generate(step * STEP_SECONDS) == code {
            let step = step as i64;
            if last_step.is_some_and(|last| step <= last) {
                return None;
            }
            return Some(step);
        }
    }
    None
}

/// The code an app would show now for `secret` (tests compute codes with it).
pub fn code_at(secret_b32: &str, unix_seconds: u64) -> Option<String> {
    let bytes = Secret::Encoded(secret_b32.to_owned()).to_bytes().ok()?;
    TOTP::new(Algorithm::SHA1, DIGITS, 1, STEP_SECONDS, bytes, None, String::new())
        .ok()
        .map(|t| t.generate(unix_seconds))
}
