//! How an instance is shown in lists and in the `InstanceUpdated` event.

use chrono::Utc;

use crate::entities::tenant::instance;

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
