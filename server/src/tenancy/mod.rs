//! Tenancy: tenant names, host resolution and the one way to a tenant's database (DESIGN §2).

mod databases;
mod host;
mod name;

pub use databases::{DEFAULT_POOL, Databases, Provisioning, StorageError, TenantDb};
pub use host::{HostTenant, tenant_from_host};
pub use name::{RESERVED, TenantName, TenantNameError};
