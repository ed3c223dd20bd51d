//! Tenancy: tenant names, host resolution and the one way to a tenant's database (docs/tenancy.md).

mod databases;
mod host;
mod name;
pub mod settings;

pub use databases::{
    DEFAULT_POOL, Databases, Provisioning, Reading, StorageError, TenantDb, Writing, create_private_dir,
};
pub use host::{HostTenant, tenant_from_host};
pub use name::{RESERVED, TenantName, TenantNameError};
