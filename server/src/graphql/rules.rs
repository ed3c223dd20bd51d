//! The access rule of every GraphQL root field, in one table. A field missing here is refused to
//! everyone, and a test compares this table with the schema's fields. The rules are decided by
//! the same function as REST routes (`context::access::decide`).

use crate::context::access::{Access, Rule};

pub const FIELD_RULES: &[(&str, Access)] = &[
    // Mutations
    ("logIn", Access::Public),
    ("refreshToken", Access::Public),
    ("updateUserPassword", Access::Account),
    ("newUser", Access::Route("users")),
    ("updateUser", Access::Route("users")),
    ("deleteUser", Access::Route("users")),
    ("deleteUserInstance", Access::Route("users")),
    ("connected", Access::Authenticated),
    ("disconnected", Access::Authenticated),
    ("disconnectUser", Access::Route("users")),
    // Queries
    ("userInfos", Access::Account),
    ("users", Access::Route("users")),
    ("userInstances", Access::Route("users")),
    ("instances", Access::Authenticated),
    ("onlineUsers", Access::Authenticated),
];

/// Fields a request may call once at most (aliases could repeat them): each checks a password or
/// spends a login attempt.
pub const ONCE_PER_OPERATION: &[&str] = &["logIn", "refreshToken", "updateUserPassword"];

/// A field's rule.
pub fn rule(field: &str) -> Option<Rule> {
    FIELD_RULES.iter().find(|(name, _)| *name == field).map(|(_, access)| Rule::from(*access))
}
