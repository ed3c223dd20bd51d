//! Instances: a tenant's messaging connections (docs/contracts.md#entities-and-storage-keys: id, name, activated; on creation also
//! isOfficial, isUnlimited), each with a connector to its provider (`provider`) from which
//! message history is synchronised (`sync`).

pub mod provider;
pub mod summary;
pub mod sync;

pub use summary::InstanceSummary;

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};

use crate::{
    domain::{
        error::{Error, Result},
        events::{Audience, DomainEvent, Raised},
        sealing::Scope,
        unit::Unit,
    },
    entities::tenant::{instance, instance_log},
    secrets::Secrets,
    tenancy::TenantName,
};

/// Every instance but `remove_ids`, by name.
pub async fn list(db: &impl ConnectionTrait, remove_ids: &[i32]) -> Result<Vec<InstanceSummary>> {
    let mut query = instance::Entity::find().order_by_asc(instance::Column::Name);
    if !remove_ids.is_empty() {
        query = query.filter(instance::Column::Id.is_not_in(remove_ids.to_vec()));
    }
    Ok(query.all(db).await?.into_iter().map(Into::into).collect())
}

/// An instance to create (spec: name, isOfficial, isUnlimited) with its connector.
#[derive(Debug, Clone, Default)]
pub struct NewInstance {
    pub name: String,
    pub is_official: bool,
    pub is_unlimited: bool,
    pub provider: Option<provider::ProviderConfig>,
}

/// Fields to change; `None` leaves them.
#[derive(Debug, Clone, Default)]
pub struct InstanceChanges {
    pub name: Option<String>,
    pub activated: Option<bool>,
    pub is_official: Option<bool>,
    pub is_unlimited: Option<bool>,
    /// A connection status reported by the provider (`connected`, `disconnected`, `qrcode`...).
    pub status: Option<String>,
    pub provider: Option<provider::ProviderConfig>,
}

/// Connection statuses an instance can report.
pub const STATUSES: &[&str] = &["connected", "disconnected", "qrcode", "connecting"];

fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(Error::invalid_field("invalid_name", "name", "Informe um nome de até 80 caracteres."));
    }
    Ok(name.to_owned())
}

/// An instance by id, or 404.
pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<instance::Model> {
    instance::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("instance_not_found", "Instância não encontrada."))
}

/// The instance's provider connector with its secret opened, if it has one.
pub fn provider_of(
    instance: &instance::Model,
    secrets: &Secrets,
    tenant: &TenantName,
) -> Result<Option<provider::ProviderConfig>> {
    let (Some(base_url), Some(stored)) = (instance.provider_base_url.clone(), instance.provider_secret.as_deref())
    else {
        return Ok(None);
    };
    let scope = secret_scope(tenant, instance.id);
    let secret = secrets.open(&scope, stored).map_err(|err| {
        tracing::error!(instance = instance.id, error = %err, "provider secret does not open");
        Error::invalid("provider_secret_unreadable", "O segredo do provedor não pôde ser lido: informe-o novamente.")
    })?;
    Ok(Some(provider::ProviderConfig { base_url, secret }))
}

/// What a provider secret is sealed for: its tenant and instance, so it opens nowhere else.
pub fn secret_scope(tenant: &TenantName, instance_id: i32) -> String {
    Scope::ProviderSecret { instance_id }.of(tenant.as_str())
}

/// Creates an instance (disconnected until its provider says otherwise); raises `InstanceUpdated`.
/// The provider secret is stored sealed.
pub async fn create(unit: &Unit, secrets: &Secrets, new: NewInstance) -> Result<InstanceSummary> {
    let db = unit;
    // A taken name is refused by the unique constraint (`name_taken`, see `domain::error`).
    let name = check_name(&new.name)?;
    let now = Utc::now();
    let created = instance::ActiveModel {
        name: Set(name),
        activated: Set(true),
        is_official: Set(new.is_official),
        is_unlimited: Set(new.is_unlimited),
        status: Set("disconnected".into()),
        provider_base_url: Set(None),
        provider_secret: Set(None),
        last_sync_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    // The secret is sealed for the instance's id, known only now.
    let created = match new.provider {
        Some(provider) => {
            let mut active = created.into_active_model();
            active.provider_base_url = Set(Some(provider.base_url));
            let scope = secret_scope(unit.tenant(), *active.id.as_ref());
            active.provider_secret = Set(Some(secrets.seal(&scope, &provider.secret)));
            active.update(db).await?
        }
        None => created,
    };
    log_status(db, created.id, "disconnected", Some("instância criada")).await?;
    Ok(updated_event(unit, created))
}

/// An instance was created or changed (name, activation, connection status, provider).
#[derive(Debug, Clone, serde::Serialize)]
pub struct InstanceUpdated {
    pub instance: InstanceSummary,
}

impl DomainEvent for InstanceUpdated {
    const NAME: &'static str = "InstanceUpdated";
}

/// Raises `InstanceUpdated` for a written instance (and drops the copies the provider endpoint
/// keeps) and answers its summary.
fn updated_event(unit: &Unit, model: instance::Model) -> InstanceSummary {
    let summary = InstanceSummary::from(model);
    let audience = Audience::of_instance(summary.id);
    unit.raise(Raised::InstancesChanged);
    unit.raise(InstanceUpdated { instance: summary.clone() }.to(audience));
    summary
}

/// Changes an instance; a new status is written to the instance log. Raises `InstanceUpdated`.
pub async fn update(unit: &Unit, secrets: &Secrets, id: i32, changes: InstanceChanges) -> Result<InstanceSummary> {
    let db = unit;
    let found = find(db, id).await?;
    let previous_status = found.status.clone();
    // Every linked user's own view (`userInfo`) shows the instance's name and whether it is active.
    let shown_to_users = changes.name.is_some() || changes.activated.is_some();
    let mut active = found.into_active_model();
    if let Some(name) = changes.name {
        active.name = Set(check_name(&name)?);
    }
    if let Some(activated) = changes.activated {
        active.activated = Set(activated);
    }
    if let Some(official) = changes.is_official {
        active.is_official = Set(official);
    }
    if let Some(unlimited) = changes.is_unlimited {
        active.is_unlimited = Set(unlimited);
    }
    if let Some(provider) = changes.provider {
        active.provider_base_url = Set(Some(provider.base_url));
        active.provider_secret = Set(Some(secrets.seal(&secret_scope(unit.tenant(), id), &provider.secret)));
    }
    let new_status = match changes.status {
        Some(status) if !STATUSES.contains(&status.as_str()) => {
            return Err(Error::invalid_field(
                "invalid_status",
                "status",
                format!("Status \"{status}\" inválido: use {}.", STATUSES.join(", ")),
            ));
        }
        Some(status) if status != previous_status => Some(status),
        _ => None,
    };
    if let Some(status) = &new_status {
        active.status = Set(status.clone());
    }
    active.updated_at = Set(Utc::now());
    let updated = active.update(db).await?;
    if let Some(status) = new_status {
        log_status(db, id, &status, Some(&format!("antes: {previous_status}"))).await?;
    }
    if shown_to_users {
        unit.raise(Raised::AuthChanged { user_id: None, entitlement: false });
    }
    Ok(updated_event(unit, updated))
}

/// A connection status the provider reported: written to the instance log, raised as
/// `InstanceUpdated` (unchanged statuses change nothing). Answers whether it changed: the caller
/// tells the instance's campaigns (`campaigns::sending::instance_status_changed`).
pub async fn set_status(unit: &Unit, id: i32, status: &str) -> Result<bool> {
    check_status(status)?;
    let found = find(unit, id).await?;
    if found.status == status {
        return Ok(false);
    }
    let previous = found.status.clone();
    let mut active = found.into_active_model();
    active.status = Set(status.to_owned());
    active.updated_at = Set(Utc::now());
    let updated = active.update(unit).await?;
    log_status(unit, id, status, Some(&format!("antes: {previous}; informado pelo provedor"))).await?;
    updated_event(unit, updated);
    Ok(true)
}

/// Refuses a connection status the contract does not know (422).
pub fn check_status(status: &str) -> Result<()> {
    if !STATUSES.contains(&status) {
        return Err(Error::invalid_field(
            "invalid_status",
            "data.status",
            format!("Status \"{status}\" inválido: use {}.", STATUSES.join(", ")),
        ));
    }
    Ok(())
}

/// Appends to the instance log (the instance-logs report reads it).
pub async fn log_status(db: &impl ConnectionTrait, instance_id: i32, status: &str, detail: Option<&str>) -> Result<()> {
    instance_log::ActiveModel {
        instance_id: Set(instance_id),
        status: Set(status.to_owned()),
        detail: Set(detail.map(str::to_owned)),
        occurred_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
