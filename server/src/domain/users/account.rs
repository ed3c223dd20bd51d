//! A person's own password, and the temporary password an administrator sets for someone who
//! forgot theirs (docs/account.md). No e-mail infrastructure is assumed: the administrator tells
//! the person the temporary password, and the person must replace it before anything else.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};

use super::{WEAK_PASSWORD, find, find_person};
use crate::{
    domain::{
        error::{Error, Result},
        events::Raised,
        passwords,
        unit::Unit,
    },
    entities::tenant::user,
};

/// Why a password change was refused.
#[derive(Debug)]
pub enum ChangeRefused {
    /// The current password typed is not the account's: counts as a failed login of the address.
    WrongCurrent,
    Invalid(Error),
}

impl From<Error> for ChangeRefused {
    fn from(err: Error) -> Self {
        Self::Invalid(err)
    }
}

/// Replaces the caller's password after checking the current one; every session of the account
/// ends (the caller's handler starts a new one) and a temporary password stops being one.
pub async fn change_own_password(
    unit: &Unit,
    account: &user::Model,
    current: &str,
    new: &str,
) -> std::result::Result<user::Model, ChangeRefused> {
    if passwords::verify(unit.tenant().as_str(), current, &account.password_hash).await == passwords::Verified::No {
        return Err(ChangeRefused::WrongCurrent);
    }
    if new == current {
        return Err(
            Error::invalid_field("same_password", "newPassword", "A nova senha deve ser diferente da atual.").into()
        );
    }
    if passwords::strength(new) < passwords::MIN_STRENGTH {
        return Err(Error::invalid_field("weak_password", "newPassword", WEAK_PASSWORD).into());
    }
    Ok(store(unit, find(unit, account.id).await?, new, false).await?)
}

/// Replaces the caller's password when the caller proved presence otherwise (a recent login):
/// the same rules as [`change_own_password`] — strength, and not the password the account has.
pub async fn change_after_login(unit: &Unit, account: &user::Model, new: &str) -> Result<user::Model> {
    if passwords::strength(new) < passwords::MIN_STRENGTH {
        return Err(Error::invalid_field("weak_password", "password", WEAK_PASSWORD));
    }
    if passwords::verify(unit.tenant().as_str(), new, &account.password_hash).await != passwords::Verified::No {
        return Err(Error::invalid_field("same_password", "password", "A nova senha deve ser diferente da atual."));
    }
    store(unit, find(unit, account.id).await?, new, false).await
}

/// The error a wrong current password answers (after it was counted).
pub fn wrong_current_password() -> Error {
    Error::invalid_field("invalid_current_password", "currentPassword", "Senha atual incorreta.")
}

/// An administrator sets a temporary password: the person's sessions end, and after logging in
/// with it they can only change it. Nobody sets their own (they change it in their settings).
pub async fn set_temporary_password(unit: &Unit, id: i32, password: &str, actor_id: i32) -> Result<user::Model> {
    if id == actor_id {
        return Err(Error::invalid(
            "temporary_password_self",
            "Para trocar a sua própria senha, use Configurações do usuário.",
        ));
    }
    if passwords::strength(password) < passwords::MIN_STRENGTH {
        return Err(Error::invalid_field("weak_password", "password", WEAK_PASSWORD));
    }
    let found = find_person(unit, id).await?;
    store(unit, found, password, true).await
}

async fn store(unit: &Unit, found: user::Model, password: &str, temporary: bool) -> Result<user::Model> {
    let id = found.id;
    super::sessions::end_all(unit, id).await?;
    // `end_all` moved `valid_after` and the connection flag in SQL: start from what is stored now.
    let found = find(unit, id).await.unwrap_or(found);
    let mut active = found.into_active_model();
    active.password_hash = Set(passwords::hash(unit.tenant().as_str(), password).await);
    active.must_change_password = Set(temporary);
    active.updated_at = Set(Utc::now());
    let saved = active.update(unit).await?;
    unit.raise(Raised::AuthChanged { user_id: Some(id), entitlement: false });
    Ok(saved)
}
