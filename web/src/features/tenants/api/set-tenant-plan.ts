/**
 * POST /api/tenant/set-plan `{id, plan, user, ticket, media}` → the tenant
 * (docs/contracts.md#api-calls): the plan and the user, monthly ticket and media (MB) limits
 * (0 = unlimited; absent = the plan's). 422 `plan`, `user`, `ticket`, `media`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { TENANTS_QUERY_KEY, TenantSchema, type Tenant } from './get-tenants';

export interface SetTenantPlanInput {
  id: number;
  plan: string;
  /** User limit; null takes the plan's. */
  user: number | null;
  /** Monthly ticket limit; null takes the plan's. */
  ticket: number | null;
  /** Media quota in MB; null takes the plan's. */
  media: number | null;
}

export function setTenantPlan(input: SetTenantPlanInput): Promise<Tenant> {
  return http.post('/api/tenant/set-plan', input, { schema: TenantSchema });
}

export function useSetTenantPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTenantPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}
