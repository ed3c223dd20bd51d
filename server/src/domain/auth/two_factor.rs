//! TOTP two-factor authentication (RFC 6238: SHA-1, 6 digits, 30-second steps, ±1 step of clock
//! skew). Enrollment stores a secret that counts only once confirmed by a code; each accepted code
//! records its time step, and a step at or before the last accepted one is refused (no replay).

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};
use totp_rs::{Algorithm, Secret, TOTP};

use crate::{
    domain::error::{Error, Result},
    entities::tenant::{user, user_setting},
};

const STEP_SECONDS: u64 = 30;
const DIGITS: usize = 6;
/// Issuer shown in authenticator apps.
pub const ISSUER: &str = "Back-office";

/// A new secret to show as a QR code.
#[derive(Debug, Clone, serde::Serialize)]
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

async fn settings_of(db: &impl ConnectionTrait, user_id: i32) -> Result<user_setting::Model> {
    if let Some(found) =
        user_setting::Entity::find().filter(user_setting::Column::UserId.eq(user_id)).one(db).await?
    {
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

/// Starts (or restarts) enrollment: a new secret, not active until confirmed.
pub async fn enroll(db: &impl ConnectionTrait, user: &user::Model) -> Result<Enrollment> {
    let settings = settings_of(db, user.id).await?;
    if settings.two_factor_enabled {
        return Err(Error::conflict("two_factor_already_enabled", "A autenticação em dois fatores já está ativa."));
    }
    let secret = Secret::generate_secret().to_encoded().to_string();
    let otpauth_url = totp(&secret, &user.email)?.get_url();
    let mut active = settings.into_active_model();
    active.two_factor_secret = Set(Some(secret.clone()));
    active.two_factor_confirmed_at = Set(None);
    active.two_factor_last_step = Set(None);
    active.updated_at = Set(Utc::now());
    active.update(db).await?;
    Ok(Enrollment { secret, otpauth_url })
}

/// Confirms enrollment with a code from the app: two-factor is on from now.
pub async fn confirm(db: &impl ConnectionTrait, user: &user::Model, code: &str) -> Result<()> {
    let settings = settings_of(db, user.id).await?;
    if settings.two_factor_enabled {
        return Err(Error::conflict("two_factor_already_enabled", "A autenticação em dois fatores já está ativa."));
    }
    let Some(secret) = settings.two_factor_secret.clone() else {
        return Err(Error::invalid("two_factor_not_enrolled", "Gere o QR code antes de confirmar."));
    };
    let step = accepted_step(&secret, &user.email, code, settings.two_factor_last_step)?;
    let mut active = settings.into_active_model();
    active.two_factor_enabled = Set(true);
    active.two_factor_confirmed_at = Set(Some(Utc::now()));
    active.two_factor_last_step = Set(Some(step));
    active.updated_at = Set(Utc::now());
    active.update(db).await?;
    Ok(())
}

/// Turns two-factor off; needs a valid code (or `without_code` for an administrator resetting
/// another user's device).
pub async fn disable(db: &impl ConnectionTrait, user: &user::Model, code: Option<&str>) -> Result<()> {
    let settings = settings_of(db, user.id).await?;
    if !settings.two_factor_enabled {
        return Err(Error::conflict("two_factor_not_enabled", "A autenticação em dois fatores não está ativa."));
    }
    if let Some(code) = code {
        let secret = settings.two_factor_secret.clone().unwrap_or_default();
        accepted_step(&secret, &user.email, code, settings.two_factor_last_step)?;
    }
    let mut active = settings.into_active_model();
    active.two_factor_enabled = Set(false);
    active.two_factor_secret = Set(None);
    active.two_factor_confirmed_at = Set(None);
    active.two_factor_last_step = Set(None);
    active.updated_at = Set(Utc::now());
    active.update(db).await?;
    Ok(())
}

/// Checks a login code and records its step so it cannot be used again.
pub async fn verify_login(db: &impl ConnectionTrait, user: &user::Model, code: &str) -> Result<bool> {
    let settings = settings_of(db, user.id).await?;
    let Some(secret) = settings.two_factor_secret.clone().filter(|_| settings.two_factor_enabled) else {
        return Ok(false);
    };
    match accepted_step(&secret, &user.email, code, settings.two_factor_last_step) {
        Ok(step) => {
            let mut active = settings.into_active_model();
            active.two_factor_last_step = Set(Some(step));
            active.updated_at = Set(Utc::now());
            active.update(db).await?;
            Ok(true)
        }
        Err(Error::Invalid { .. }) => Ok(false),
        Err(other) => Err(other),
    }
}

/// The time step a code belongs to (now ±1 step), if later than the last accepted one.
fn accepted_step(secret: &str, account: &str, code: &str, last_step: Option<i64>) -> Result<i64> {
    let invalid = || Error::invalid_field("invalid_code", "code", "Código inválido ou já utilizado.");
    let code = code.trim();
    if code.len() != DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    let totp = totp(secret, account)?;
    let now = Utc::now().timestamp().max(0) as u64;
    let current = now / STEP_SECONDS;
    for step in [current.saturating_sub(1), current, current + 1] {
        if totp.generate(step * STEP_SECONDS) == code {
            let step = step as i64;
            if last_step.is_some_and(|last| step <= last) {
                return Err(invalid());
            }
            return Ok(step);
        }
    }
    Err(invalid())
}

/// The code an app would show now for `secret` (tests compute codes with it).
pub fn code_at(secret_b32: &str, unix_seconds: u64) -> Option<String> {
    let bytes = Secret::Encoded(secret_b32.to_owned()).to_bytes().ok()?;
    TOTP::new(Algorithm::SHA1, DIGITS, 1, STEP_SECONDS, bytes, None, String::new())
        .ok()
        .map(|t| t.generate(unix_seconds))
}
