//! Departments of a tenant (docs/contracts.md#entities-and-storage-keys: id, name, activated).

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryOrder, Set};

use crate::{
    domain::{
        error::{Error, Result},
        events::Raised,
        unit::Unit,
    },
    entities::tenant::department,
};

/// A department as the API shows it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct DepartmentView {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

impl From<department::Model> for DepartmentView {
    fn from(d: department::Model) -> Self {
        Self { id: d.id, name: d.name, activated: d.activated }
    }
}

fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(Error::invalid_field("invalid_name", "name", "Informe um nome de até 80 caracteres."));
    }
    Ok(name.to_owned())
}

/// Every department, by name.
pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<DepartmentView>> {
    let all = department::Entity::find().order_by_asc(department::Column::Name).all(db).await?;
    Ok(all.into_iter().map(Into::into).collect())
}

/// Adds a department; the tenant's bots, which route by department name, are reloaded.
pub async fn create(unit: &Unit, name: &str) -> Result<DepartmentView> {
    let db = unit;
    // A taken name is refused by the unique constraint (`name_taken`, see `domain::error`).
    let name = check_name(name)?;
    let now = Utc::now();
    let created = department::ActiveModel {
        name: Set(name),
        activated: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    unit.raise(Raised::BotsChanged);
    Ok(created.into())
}

/// Renames and/or (de)activates a department.
/// The bots route by department name, and each member's own view (`userInfo`, kept with the auth
/// state) shows the department's name and whether it is active: both are dropped on every replica.
pub async fn update(unit: &Unit, id: i32, name: Option<&str>, activated: Option<bool>) -> Result<DepartmentView> {
    let db = unit;
    let found = department::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("department_not_found", "Departamento não encontrado."))?;
    let mut active = found.into_active_model();
    if let Some(name) = name {
        active.name = Set(check_name(name)?);
    }
    if let Some(activated) = activated {
        active.activated = Set(activated);
    }
    active.updated_at = Set(Utc::now());
    let updated = active.update(db).await?;
    unit.raise(Raised::BotsChanged);
    unit.raise(Raised::AuthChanged { user_id: None, entitlement: false });
    Ok(updated.into())
}
