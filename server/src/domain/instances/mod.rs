//! Instances: a tenant's messaging connections (docs/contracts.md#entities-and-storage-keys: id, name, activated; on creation also
//! isOfficial, isUnlimited), each with a connector to its provider (`provider`) from which
//! message history is synchronised (`sync`).

pub mod cloud;
pub mod connector;
pub mod evolution;
pub mod message_templates;
pub mod provider;
pub mod summary;
pub mod sync;

pub use connector::Kind;
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
        webhook_events,
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
    pub provider: Option<ConnectionInput>,
}

/// A connection as a client gives it, by kind.
#[derive(Debug, Clone)]
pub enum ConnectionInput {
    Generic(provider::ProviderConfig),
    /// An official number; on a change, secrets left out keep the stored ones.
    Cloud(cloud::CloudInput),
    /// A number paired through an Evolution API gateway (its address checked like a provider's).
    Evolution {
        input: evolution::EvolutionInput,
        allow_private: bool,
    },
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
    pub provider: Option<ConnectionInput>,
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

/// The instance's generic provider with its secret opened, if it has one (`None` for another kind:
/// what only the generic contract offers — history synchronisation — asks this).
pub fn provider_of(
    instance: &instance::Model,
    secrets: &Secrets,
    tenant: &TenantName,
) -> Result<Option<provider::ProviderConfig>> {
    match connection_of(instance, secrets, tenant)? {
        Some(Connection::Generic(config)) => Ok(Some(config)),
        _ => Ok(None),
    }
}

/// The instance's connection, whatever its kind, with its secrets opened; `None` when it has none.
pub fn connection_of(instance: &instance::Model, secrets: &Secrets, tenant: &TenantName) -> Result<Option<Connection>> {
    let Some(stored) = instance.provider_secret.as_deref() else {
        return Ok(None);
    };
    let unreadable = || {
        Error::invalid("provider_secret_unreadable", "O segredo do provedor não pôde ser lido: informe-o novamente.")
    };
    let secret = secrets.open(&secret_scope(tenant, instance.id), stored).map_err(|err| {
        tracing::error!(instance = instance.id, error = %err, "provider secret does not open");
        unreadable()
    })?;
    match Kind::stored(&instance.provider_kind) {
        Kind::Generic => Ok(instance
            .provider_base_url
            .clone()
            .map(|base_url| Connection::Generic(provider::ProviderConfig { base_url, secret }))),
        Kind::Cloud => {
            let account = instance.provider_account.as_deref().and_then(|a| serde_json::from_str(a).ok());
            let secrets = serde_json::from_str(&secret).ok();
            match (account, secrets) {
                (Some(account), Some(secrets)) => Ok(Some(Connection::Cloud(cloud::CloudConfig { account, secrets }))),
                _ => Err(unreadable()),
            }
        }
        Kind::Evolution => {
            let account = instance.provider_account.as_deref().and_then(|a| serde_json::from_str(a).ok());
            let secrets = serde_json::from_str(&secret).ok();
            match (account, secrets) {
                (Some(account), Some(secrets)) => {
                    Ok(Some(Connection::Evolution(evolution::EvolutionConfig { account, secrets, webhook_url: None })))
                }
                _ => Err(unreadable()),
            }
        }
    }
}

/// The gateway account of an `evolution` instance (shown on the instances screen).
pub fn evolution_account(instance: &instance::Model) -> Option<evolution::EvolutionAccount> {
    (Kind::stored(&instance.provider_kind) == Kind::Evolution)
        .then(|| instance.provider_account.as_deref().and_then(|a| serde_json::from_str(a).ok()))
        .flatten()
}

/// The official number's account of a `cloud` instance (shown on the instances screen).
pub fn cloud_account(instance: &instance::Model) -> Option<cloud::CloudAccount> {
    (Kind::stored(&instance.provider_kind) == Kind::Cloud)
        .then(|| instance.provider_account.as_deref().and_then(|a| serde_json::from_str(a).ok()))
        .flatten()
}

/// Writes a connection onto `active` (its secrets sealed for the instance); an official number
/// already connected to another instance is refused.
async fn set_connection(
    unit: &Unit,
    secrets: &Secrets,
    active: &mut instance::ActiveModel,
    current: Option<&instance::Model>,
    input: ConnectionInput,
) -> Result<()> {
    let id = *active.id.as_ref();
    let scope = secret_scope(unit.tenant(), id);
    match input {
        ConnectionInput::Generic(config) => {
            active.provider_kind = Set(Kind::Generic.as_str().to_owned());
            active.provider_base_url = Set(Some(config.base_url));
            active.provider_secret = Set(Some(secrets.seal(&scope, &config.secret)));
            active.provider_account = Set(None);
            active.provider_account_key = Set(None);
        }
        ConnectionInput::Cloud(input) => {
            let stored = match current.map(|c| connection_of(c, secrets, unit.tenant())) {
                Some(Ok(Some(Connection::Cloud(config)))) => Some(config.secrets),
                _ => None,
            };
            let config = input.settle(stored.as_ref())?;
            let taken = instance::Entity::find()
                .filter(instance::Column::ProviderKind.eq(Kind::Cloud.as_str()))
                .filter(instance::Column::ProviderAccountKey.eq(&config.account.phone_number_id))
                .filter(instance::Column::Id.ne(id))
                .one(unit)
                .await?;
            if let Some(taken) = taken {
                return Err(Error::invalid_field(
                    "cloud_number_taken",
                    "cloud.phoneNumberId",
                    format!("Este número já está conectado à instância \"{}\".", taken.name),
                ));
            }
            let sealed = serde_json::to_string(&config.secrets).map_err(|e| Error::Internal(e.into()))?;
            active.provider_kind = Set(Kind::Cloud.as_str().to_owned());
            active.provider_base_url = Set(None);
            active.provider_secret = Set(Some(secrets.seal(&scope, &sealed)));
            active.provider_account_key = Set(Some(config.account.phone_number_id.clone()));
            active.provider_account =
                Set(Some(serde_json::to_string(&config.account).map_err(|e| Error::Internal(e.into()))?));
        }
        ConnectionInput::Evolution { input, allow_private } => {
            let stored = match current.map(|c| connection_of(c, secrets, unit.tenant())) {
                Some(Ok(Some(Connection::Evolution(config)))) => Some(config),
                _ => None,
            };
            let config = input.settle(stored.as_ref().map(|c| (&c.account, &c.secrets)), allow_private)?;
            let key = format!("{}/{}", config.account.base_url, config.account.instance_name);
            let taken = instance::Entity::find()
                .filter(instance::Column::ProviderKind.eq(Kind::Evolution.as_str()))
                .filter(instance::Column::ProviderAccountKey.eq(&key))
                .filter(instance::Column::Id.ne(id))
                .one(unit)
                .await?;
            if let Some(taken) = taken {
                return Err(Error::invalid_field(
                    "evolution_instance_taken",
                    "evolution.instanceName",
                    format!("Esta instância do gateway já está ligada à instância \"{}\".", taken.name),
                ));
            }
            let sealed = serde_json::to_string(&config.secrets).map_err(|e| Error::Internal(e.into()))?;
            active.provider_kind = Set(Kind::Evolution.as_str().to_owned());
            active.provider_base_url = Set(None);
            active.provider_secret = Set(Some(secrets.seal(&scope, &sealed)));
            active.provider_account_key = Set(Some(key));
            active.provider_account =
                Set(Some(serde_json::to_string(&config.account).map_err(|e| Error::Internal(e.into()))?));
        }
    }
    Ok(())
}

/// An instance's connection with its secrets opened.
#[derive(Debug, Clone)]
pub enum Connection {
    Generic(provider::ProviderConfig),
    Cloud(cloud::CloudConfig),
    Evolution(evolution::EvolutionConfig),
}

impl Connection {
    pub fn kind(&self) -> Kind {
        match self {
            Connection::Generic(_) => Kind::Generic,
            Connection::Cloud(_) => Kind::Cloud,
            Connection::Evolution(_) => Kind::Evolution,
        }
    }
}

/// The connector of `connection`.
pub fn open(connection: Connection, reach: &connector::Reach) -> Result<Box<dyn connector::Connector>> {
    Ok(match connection {
        Connection::Generic(config) => Box::new(provider::Provider::new(config, reach.allow_private)?),
        Connection::Cloud(config) => Box::new(cloud::CloudClient::new(config, reach)?),
        Connection::Evolution(config) => Box::new(evolution::EvolutionClient::new(config, reach)?),
    })
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
            set_connection(unit, secrets, &mut active, None, provider).await?;
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

/// A new pairing code for the instance's number, pushed by its provider (an Evolution gateway
/// renews it about every 20 seconds): an open "Conectar número" dialog shows it at once instead of
/// waiting for its next ask. Only for those who see everything — whoever scans it pairs a phone
/// with the number — and never stored: it is stale in seconds.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InstancePairingCode {
    pub instance_id: i32,
    pub qrcode: String,
}

impl DomainEvent for InstancePairingCode {
    const NAME: &'static str = "InstancePairingCode";
}

/// The longest pairing code passed on (Baileys' are about 240 characters).
const MAX_PAIRING_CODE: usize = 2048;

/// Raises [`InstancePairingCode`]; a blank or oversized code is nothing to show.
pub fn pairing_code(unit: &Unit, instance_id: i32, qrcode: &str) {
    let qrcode = qrcode.trim();
    if !qrcode.is_empty() && qrcode.len() <= MAX_PAIRING_CODE {
        unit.raise(InstancePairingCode { instance_id, qrcode: qrcode.to_owned() }.to(Audience::managers()));
    }
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
    let current = found.clone();
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
        set_connection(unit, secrets, &mut active, Some(&current), provider).await?;
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
    let status_changed = new_status.is_some();
    if let Some(status) = new_status {
        log_status(db, id, &status, Some(&format!("antes: {previous_status}"))).await?;
    }
    if shown_to_users {
        unit.raise(Raised::AuthChanged { user_id: None, entitlement: false });
    }
    let summary = updated_event(unit, updated);
    if status_changed {
        status_hook(unit, &summary, &previous_status).await?;
    }
    Ok(summary)
}

/// The `data` of `instance.status`.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstanceStatusData {
    /// A instância como `GET /api/instances` a mostra, já com o novo `status`.
    pub instance: InstanceSummary,
    /// O status de antes.
    pub previous_status: String,
}

/// `instance.status` for integrators: a number connected, dropped, or is asking to be paired.
async fn status_hook(unit: &Unit, summary: &InstanceSummary, previous: &str) -> Result<()> {
    webhook_events::emit(unit, webhook_events::INSTANCE_STATUS, || InstanceStatusData {
        instance: summary.clone(),
        previous_status: previous.to_owned(),
    })
    .await
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
    let summary = updated_event(unit, updated);
    status_hook(unit, &summary, &previous).await?;
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
