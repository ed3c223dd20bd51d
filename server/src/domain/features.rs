//! The fixed catalogue of feature options (docs/contracts.md#plans-features-and-limits). A plan
//! switches some on by default; each tenant can then switch each one on or off, and the server
//! refuses what a disabled feature covers with 403 `feature_disabled`.

/// A feature option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feature {
    Campaigns,
    Chatbot,
    Analytics,
    Reports,
    TwoFactor,
    Webhooks,
}

impl Feature {
    /// Every option, in the catalogue's order.
    pub const ALL: [Feature; 6] =
        [Self::Campaigns, Self::Chatbot, Self::Analytics, Self::Reports, Self::TwoFactor, Self::Webhooks];

    /// The option's name, as stored in `tenant_features.option` and sent by `POST /api/tenant/feature`.
    pub fn option(self) -> &'static str {
        match self {
            Self::Campaigns => "campaigns",
            Self::Chatbot => "chatbot",
            Self::Analytics => "analytics",
            Self::Reports => "reports",
            Self::TwoFactor => "two_factor",
            Self::Webhooks => "webhooks",
        }
    }

    /// Its pt_BR label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Campaigns => "Campanhas",
            Self::Chatbot => "Chatbot",
            Self::Analytics => "Analytics",
            Self::Reports => "Relatórios",
            Self::TwoFactor => "Autenticação em dois fatores",
            Self::Webhooks => "Webhooks de status de campanha",
        }
    }

    /// What a caller of something this feature covers reads when the tenant has it off.
    pub fn disabled_message(self) -> &'static str {
        match self {
            Self::Campaigns => "As campanhas não estão habilitadas para esta empresa.",
            Self::Chatbot => "O chatbot não está habilitado para esta empresa.",
            Self::Analytics => "Os painéis de analytics não estão habilitados para esta empresa.",
            Self::Reports => "Os relatórios não estão habilitados para esta empresa.",
            Self::TwoFactor => "A autenticação em dois fatores não está habilitada para esta empresa.",
            Self::Webhooks => "Os webhooks não estão habilitados para esta empresa.",
        }
    }

    /// The option of this name.
    pub fn parse(option: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.option() == option)
    }
}

/// `(option, label)` of every feature, in the catalogue's order.
pub fn catalogue() -> impl Iterator<Item = (&'static str, &'static str)> {
    Feature::ALL.into_iter().map(|f| (f.option(), f.label()))
}

/// Whether `option` is one of the catalogue's.
pub fn is_feature(option: &str) -> bool {
    Feature::parse(option).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_parses_back_to_itself() {
        for feature in Feature::ALL {
            assert_eq!(Feature::parse(feature.option()), Some(feature));
        }
        assert_eq!(Feature::parse("nope"), None);
    }
}
