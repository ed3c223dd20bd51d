//! `TenantName`: a tenant's name, parsed once at the boundary so nothing behind it holds an invalid one.
//!
//! A name is the first label of the tenant's host, so it follows DNS label rules: `a-z`, `0-9`
//! and `-`, not starting or ending with `-`. It also names a file (SQLite) and a schema
//! (PostgreSQL), which these rules keep safe to quote — and its length is capped at
//! [`MAX_LEN`] = 56, not DNS's 63: the schema `tenant_{name}` must fit PostgreSQL's 63-byte
//! identifiers, which it truncates silently (two long names sharing their first 56 characters
//! would share one schema). One rule on every backend, so a tenant moves between them.

use std::{fmt, str::FromStr};

/// The longest name: `tenant_` (7 bytes) plus the name fills PostgreSQL's 63-byte identifiers.
pub const MAX_LEN: usize = 63 - "tenant_".len();

/// Labels that belong to the platform itself and can never be a tenant.
pub const RESERVED: &[&str] = &["www", "api", "static", "assets", "ws", "graphql"];

/// A valid tenant name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(transparent)]
pub struct TenantName(String);

/// Why a string is not a tenant name; the text is shown to people (pt_BR).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TenantNameError {
    #[error("O nome do tenant deve ter de 2 a 56 caracteres.")]
    Length,
    #[error("O nome do tenant aceita apenas letras minúsculas sem acento, números e hífen.")]
    Characters,
    #[error("O nome do tenant não pode começar nem terminar com hífen.")]
    Hyphen,
    #[error("O nome \"{0}\" é reservado e não pode ser usado por um tenant.")]
    Reserved(String),
}

impl TenantName {
    /// Parses a name by the DNS label rules and the platform's reserved labels.
    pub fn parse(value: &str) -> Result<Self, TenantNameError> {
        let len = value.chars().count();
        if !(2..=MAX_LEN).contains(&len) {
            return Err(TenantNameError::Length);
        }
        if !value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
            return Err(TenantNameError::Characters);
        }
        if value.starts_with('-') || value.ends_with('-') {
            return Err(TenantNameError::Hyphen);
        }
        if RESERVED.contains(&value) {
            return Err(TenantNameError::Reserved(value.to_owned()));
        }
        Ok(Self(value.to_owned()))
    }

    /// Parses the name of a tenant about to be created: the back-office tenant's own name is
    /// reserved too (only `init` creates that one).
    pub fn parse_new(value: &str, backoffice: &TenantName) -> Result<Self, TenantNameError> {
        let name = Self::parse(value)?;
        if &name == backoffice {
            return Err(TenantNameError::Reserved(value.to_owned()));
        }
        Ok(name)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The PostgreSQL schema holding this tenant: `tenant_{name}` with `-` as `_`. Injective,
    /// because names never contain `_`.
    pub fn schema(&self) -> String {
        format!("tenant_{}", self.0.replace('-', "_"))
    }
}

impl fmt::Display for TenantName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for TenantName {
    type Err = TenantNameError;
    fn from_str(value: &str) -> Result<Self, Self::Err> {
        Self::parse(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dns_labels_are_tenant_names() {
        for ok in ["ab", "acme", "loja-01", "a1", &"x".repeat(MAX_LEN)] {
            assert!(TenantName::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        assert_eq!(TenantName::parse("a"), Err(TenantNameError::Length));
        assert_eq!(TenantName::parse(&"x".repeat(57)), Err(TenantNameError::Length), "its schema would pass 63 bytes");
        assert_eq!(TenantName::parse(&"x".repeat(63)), Err(TenantNameError::Length));
        assert_eq!(TenantName::parse("Acme"), Err(TenantNameError::Characters));
        assert_eq!(TenantName::parse("a_b"), Err(TenantNameError::Characters));
        assert_eq!(TenantName::parse("açme"), Err(TenantNameError::Characters));
        assert_eq!(TenantName::parse("a.b"), Err(TenantNameError::Characters));
        assert_eq!(TenantName::parse("-ab"), Err(TenantNameError::Hyphen));
        assert_eq!(TenantName::parse("ab-"), Err(TenantNameError::Hyphen));
        assert!(matches!(TenantName::parse("www"), Err(TenantNameError::Reserved(_))));
        assert!(matches!(TenantName::parse("graphql"), Err(TenantNameError::Reserved(_))));
    }

    #[test]
    fn the_backoffice_name_is_reserved_for_new_tenants() {
        let backoffice = TenantName::parse("backoffice").unwrap();
        assert!(TenantName::parse_new("backoffice", &backoffice).is_err());
        assert!(TenantName::parse_new("acme", &backoffice).is_ok());
    }

    #[test]
    fn schema_names_are_distinct_and_safe() {
        assert_eq!(TenantName::parse("loja-01").unwrap().schema(), "tenant_loja_01");
        assert_eq!(TenantName::parse(&"x".repeat(MAX_LEN)).unwrap().schema().len(), 63, "PostgreSQL's longest");
    }
}
