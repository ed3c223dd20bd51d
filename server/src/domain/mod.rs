//! The domain: services that REST, GraphQL, the WebSocket and the CLI all call. Functions take
//! `&impl ConnectionTrait` (a transaction from `TenantDb::begin` or the control connection) so
//! callers compose them inside one transaction.

/// Login, tokens, refresh rotation, two-factor, sessions.
pub mod auth;
/// Route-name catalogue shared with the web router (DESIGN §5).
pub mod catalogue;
/// CNPJ parsing with check digits.
pub mod cnpj;
/// Departments of a tenant.
pub mod departments;
/// The domain's error type.
pub mod error;
/// Feature options a tenant can switch on or off.
pub mod features;
/// A tenant's messaging connections.
pub mod instances;
/// Password hashing (argon2id) and the spec §5 strength score.
pub mod passwords;
/// Route permissions of roles.
pub mod permissions;
/// Plan catalogue (control database).
pub mod plans;
/// Realistic demo data for a tenant.
pub mod seed;
/// Operator set-up: control migrations, the back-office tenant, its first operator.
pub mod setup;
/// Tenant templates: default roles, route permissions, departments, closing reasons.
pub mod templates;
/// Opening tickets within the monthly limit.
pub mod tickets;
/// Tenants: lookup, provisioning, soft delete, plans and features.
pub mod tenants;
/// Users of a tenant.
pub mod users;

pub use error::{Error, FieldError};
