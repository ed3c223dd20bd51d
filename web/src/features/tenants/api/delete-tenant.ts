/**
 * POST /api/tenant/delete `{id}` → the tenant with `deleted_at` set
 * (docs/contracts.md#states-and-transitions: active → deleted). Its hosts stop resolving; its data
 * stays. 409 when already deleted or it is the back-office.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { TENANTS_QUERY_KEY, TenantSchema, type Tenant } from './get-tenants';

export function deleteTenant(id: number): Promise<Tenant> {
  return http.post('/api/tenant/delete', { id }, { schema: TenantSchema });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}
