//! Instances: a tenant's messaging connections (spec §3: id, name, activated; on creation also
//! isOfficial, isUnlimited), each with a connector to its provider (`provider`) from which
//! message history is synchronised (`sync`).

pub mod provider;
pub mod sync;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set};

use crate::{
    domain::error::{Error, Result},
    entities::tenant::{instance, instance_log},
};

/// An instance as lists show it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstanceSummary {
    pub id: i32,
    pub name: String,
    pub activated: bool,
    pub is_official: bool,
    pub is_unlimited: bool,
    pub status: String,
    /// Whether a provider is configured (its secret is never shown).
    pub has_provider: bool,
    pub provider_base_url: Option<String>,
    pub last_sync_at: Option<chrono::DateTime<Utc>>,
}

impl From<instance::Model> for InstanceSummary {
    fn from(i: instance::Model) -> Self {
        Self {
            id: i.id,
            name: i.name,
            activated: i.activated,
            is_official: i.is_official,
            is_unlimited: i.is_unlimited,
            status: i.status,
            has_provider: i.provider_base_url.is_some(),
            provider_base_url: i.provider_base_url,
            last_sync_at: i.last_sync_at,
        }
    }
}

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

async fn ensure_free(db: &impl ConnectionTrait, name: &str, except: Option<i32>) -> Result<()> {
    let mut query = instance::Entity::find().filter(instance::Column::Name.eq(name));
    if let Some(id) = except {
        query = query.filter(instance::Column::Id.ne(id));
    }
    if query.one(db).await?.is_some() {
        return Err(Error::invalid_field("name_taken", "name", "Já existe uma instância com este nome."));
    }
    Ok(())
}

/// An instance by id, or 404.
pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<instance::Model> {
    instance::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("instance_not_found", "Instância não encontrada."))
}

/// Creates an instance (disconnected until its provider says otherwise).
pub async fn create(db: &impl ConnectionTrait, new: NewInstance) -> Result<instance::Model> {
    let name = check_name(&new.name)?;
    ensure_free(db, &name, None).await?;
    let now = Utc::now();
    let created = instance::ActiveModel {
        name: Set(name),
        activated: Set(true),
        is_official: Set(new.is_official),
        is_unlimited: Set(new.is_unlimited),
        status: Set("disconnected".into()),
        provider_base_url: Set(new.provider.as_ref().map(|p| p.base_url.clone())),
        provider_secret: Set(new.provider.map(|p| p.secret)),
        last_sync_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    log_status(db, created.id, "disconnected", Some("instância criada")).await?;
    Ok(created)
}

/// Changes an instance; a new status is written to the instance log.
pub async fn update(db: &impl ConnectionTrait, id: i32, changes: InstanceChanges) -> Result<instance::Model> {
    let found = find(db, id).await?;
    let previous_status = found.status.clone();
    let mut active = found.into_active_model();
    if let Some(name) = changes.name {
        let name = check_name(&name)?;
        ensure_free(db, &name, Some(id)).await?;
        active.name = Set(name);
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
        active.provider_secret = Set(Some(provider.secret));
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
    Ok(updated)
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
