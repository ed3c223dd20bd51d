//! The fixed catalogue of feature options (DESIGN §3). A plan switches some on by default; each
//! tenant can then switch each one on or off.

/// Option names, as stored in `tenant_features.option` and sent by `POST /api/tenant/feature`.
pub const FEATURES: &[(&str, &str)] = &[
    ("campaigns", "Campanhas"),
    ("chatbot", "Chatbot"),
    ("analytics", "Analytics"),
    ("reports", "Relatórios"),
    ("two_factor", "Autenticação em dois fatores"),
    ("webhooks", "Webhooks de status de campanha"),
];

/// Whether `option` is one of the catalogue's.
pub fn is_feature(option: &str) -> bool {
    FEATURES.iter().any(|(name, _)| *name == option)
}
