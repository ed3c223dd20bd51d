//! Instances: a tenant's messaging connections (spec §3: id, name, activated; on creation also
//! isOfficial, isUnlimited).

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::{domain::error::Result, entities::tenant::instance};

/// An instance as lists show it.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InstanceSummary {
    pub id: i32,
    pub name: String,
    pub activated: bool,
    pub is_official: bool,
    pub is_unlimited: bool,
    pub status: String,
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
