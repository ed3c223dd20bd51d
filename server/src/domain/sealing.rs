//! Keeping secrets at rest sealed with the current key (docs/operations.md#secrets-at-rest):
//! `migrate` seals any value still stored in clear (written before sealing existed, or by the demo
//! seed), and
//! `secrets rotate` re-seals what an earlier key sealed. Values sealed with the current key are
//! left alone, so both are idempotent and can be interrupted and run again.

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};

use crate::{
    domain::error::Result,
    entities::tenant::{instance, user_setting, webhook_endpoint},
    secrets::Secrets,
    tenancy::TenantName,
};

/// Re-seals every secret of a tenant that is not sealed with the current key; returns how many.
pub async fn reseal(db: &impl ConnectionTrait, secrets: &Secrets, tenant: &TenantName) -> Result<u64> {
    rehome(db, secrets, tenant, tenant).await
}

/// Re-seals every secret sealed for tenant `from` (with the current or previous key) for tenant
/// `to`: a tenant imported under another name (secrets are bound to their tenant's name). Values
/// already sealed for `to` with the current key are left alone, so it can be run again.
pub async fn rehome(db: &impl ConnectionTrait, secrets: &Secrets, from: &TenantName, to: &TenantName) -> Result<u64> {
    let mut changed = 0;
    let seeds =
        user_setting::Entity::find().filter(user_setting::Column::TwoFactorSecret.is_not_null()).all(db).await?;
    for settings in seeds {
        let Some(stored) = settings.two_factor_secret.clone() else { continue };
        let scope = |tenant: &TenantName| Scope::TwoFactorSeed { user_id: settings.user_id }.of(tenant.as_str());
        if let Some(sealed) = moved(secrets, &scope(from), &scope(to), &stored)? {
            let mut active = settings.into_active_model();
            active.two_factor_secret = Set(Some(sealed));
            active.update(db).await?;
            changed += 1;
        }
    }
    let providers = instance::Entity::find().filter(instance::Column::ProviderSecret.is_not_null()).all(db).await?;
    for found in providers {
        let Some(stored) = found.provider_secret.clone() else { continue };
        let scope = |tenant: &TenantName| Scope::ProviderSecret { instance_id: found.id }.of(tenant.as_str());
        if let Some(sealed) = moved(secrets, &scope(from), &scope(to), &stored)? {
            let mut active = found.into_active_model();
            active.provider_secret = Set(Some(sealed));
            active.update(db).await?;
            changed += 1;
        }
    }
    for endpoint in webhook_endpoint::Entity::find().all(db).await? {
        let scope = |tenant: &TenantName| Scope::WebhookSecret { endpoint_id: endpoint.id }.of(tenant.as_str());
        let current = moved(secrets, &scope(from), &scope(to), &endpoint.secret)?;
        let previous = match &endpoint.previous_secret {
            Some(stored) => moved(secrets, &scope(from), &scope(to), stored)?,
            None => None,
        };
        if current.is_some() || previous.is_some() {
            let mut active = endpoint.into_active_model();
            if let Some(sealed) = current {
                active.secret = Set(sealed);
            }
            if let Some(sealed) = previous {
                active.previous_secret = Set(Some(sealed));
            }
            active.update(db).await?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// The value sealed for `to` with the current key, or `None` when it already is.
fn moved(secrets: &Secrets, from: &str, to: &str, stored: &str) -> Result<Option<String>> {
    if secrets.is_current(to, stored) {
        return Ok(None);
    }
    let plain = secrets
        .open(from, stored)
        .map_err(|err| crate::domain::Error::invalid("secret_unreadable", err.to_string()))?;
    Ok(Some(secrets.seal(to, &plain)))
}

/// What a secret is sealed for: its tenant and the one row it belongs to, so a sealed value copied
/// to another row or tenant does not open. The three kinds of secret at rest are listed here, beside
/// the code that re-seals them, so a new kind cannot be sealed without `secrets rotate` knowing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A user's two-factor seed.
    TwoFactorSeed { user_id: i32 },
    /// An instance's provider secret.
    ProviderSecret { instance_id: i32 },
    /// A webhook endpoint's signing secret (current and previous).
    WebhookSecret { endpoint_id: i32 },
}

impl Scope {
    /// The scope string the value is sealed with, for `tenant`.
    pub fn of(self, tenant: &str) -> String {
        match self {
            Scope::TwoFactorSeed { user_id } => format!("{tenant}/user:{user_id}"),
            Scope::ProviderSecret { instance_id } => format!("{tenant}/instance:{instance_id}"),
            Scope::WebhookSecret { endpoint_id } => format!("{tenant}/webhook:{endpoint_id}"),
        }
    }
}
