/** The one dialog the tenants screen shows at a time, and for which tenant (TenantsPanel's state). */
import type { Tenant } from '../api/get-tenants';

export type TenantDialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'plan'; tenant: Tenant }
  | { kind: 'features'; tenant: Tenant }
  | { kind: 'instances'; tenant: Tenant }
  | { kind: 'unblock'; tenant: Tenant }
  | { kind: 'sync-analytics'; tenant: Tenant }
  | { kind: 'campaign-webhooks'; tenant: Tenant }
  | { kind: 'sheets'; tenant: Tenant }
  | { kind: 'delete'; tenant: Tenant }
  | { kind: 'restore'; tenant: Tenant };
