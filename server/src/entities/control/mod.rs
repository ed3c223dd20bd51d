//! Entities of the control database (schema `control` / `control.db`).

/// Plan catalogue with default limits and features.
pub mod plan;
/// A session logged out before its access tokens expired.
pub mod revoked_session;
/// A tenant: the spec's fields plus provisioning and soft-delete times.
pub mod tenant;
/// One feature option switched on or off for one tenant.
pub mod tenant_feature;
