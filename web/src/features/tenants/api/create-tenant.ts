/**
 * POST /api/tenant `{name, cnpj, features, template, pool, userLimit, plan, ticketLimit,
 * mediaLimitMb}` → 201 the tenant (docs/contracts.md#api-calls, Tenants): provisions its database
 * with the template. Absent limits and features take the plan's. 409 `tenant_exists`; 422 with field
 * errors (`name`, `cnpj`, `plan`, `template`, `pool`, `userLimit`, `ticketLimit`, `mediaLimitMb`,
 * `features`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { TENANTS_QUERY_KEY, TenantSchema, type Tenant } from './get-tenants';

export interface NewTenantInput {
  name: string;
  cnpj: string | null;
  /** Left out to take the plan's features. */
  features?: { option: string; enabled: boolean }[];
  template: string;
  pool: string;
  /** null: the plan's limit. */
  userLimit: number | null;
  plan: string;
  ticketLimit: number | null;
  /** Media quota in MB (0 = unlimited); null: the plan's. */
  mediaLimitMb: number | null;
}

export function createTenant(input: NewTenantInput): Promise<Tenant> {
  return http.post('/api/tenant', input, { schema: TenantSchema });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}
