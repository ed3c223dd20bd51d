//! Entities of the control database (schema `control` / `control.db`).

/// Plan catalogue with default limits and features.
pub mod plan;
/// A tenant: the spec's fields plus provisioning and soft-delete times.
pub mod tenant;
/// One feature option switched on or off for one tenant.
pub mod tenant_feature;
