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
    /// `generic` or `cloud` (docs/providers.md#kinds).
    pub provider_kind: String,
    /// An official number's ids and where Meta delivers its webhook; `null` for other kinds.
    pub cloud: Option<CloudView>,
    /// A gateway number's address and name at its Evolution API; `null` for other kinds.
    pub evolution: Option<super::evolution::EvolutionAccount>,
    pub last_sync_at: Option<chrono::DateTime<Utc>>,
}

/// An official number as the instances screen shows it (its secrets never are).
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloudView {
    pub phone_number_id: String,
    pub waba_id: String,
    /// The callback URL's path to paste in Meta's webhook configuration (on the tenant's host).
    #[schema(example = "/api/instance/7/cloud")]
    pub webhook_path: String,
}

impl From<instance::Model> for InstanceSummary {
    fn from(i: instance::Model) -> Self {
        let cloud = super::cloud_account(&i).map(|account| CloudView {
            phone_number_id: account.phone_number_id,
            waba_id: account.waba_id,
            webhook_path: format!("/api/instance/{}/cloud", i.id),
        });
        let evolution = super::evolution_account(&i);
        Self {
            evolution,
            id: i.id,
            name: i.name,
            activated: i.activated,
            is_official: i.is_official,
            is_unlimited: i.is_unlimited,
            status: i.status,
            has_provider: i.provider_secret.is_some(),
            provider_base_url: i.provider_base_url,
            provider_kind: i.provider_kind,
            cloud,
            last_sync_at: i.last_sync_at,
        }
    }
}
