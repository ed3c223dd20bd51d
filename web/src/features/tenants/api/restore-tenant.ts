/**
 * POST /api/tenant/restore `{id}` → the tenant, active again
 * (docs/contracts.md#states-and-transitions: deleted → active). 409 when the tenant is not deleted.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { TENANTS_QUERY_KEY, TenantSchema, type Tenant } from './get-tenants';

export function restoreTenant(id: number): Promise<Tenant> {
  return http.post('/api/tenant/restore', { id }, { schema: TenantSchema });
}

export function useRestoreTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}
