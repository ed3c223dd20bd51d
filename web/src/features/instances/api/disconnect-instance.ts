/**
 * POST /api/instance/{id}/disconnect?tenantName= → 204: the provider ends the number's session;
 * the new status arrives later as `InstanceUpdated`. 422 `provider_missing` / `provider_error`.
 */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function disconnectInstance(id: number, tenantName: string | undefined): Promise<unknown> {
  return http.post(`/api/instance/${id}/disconnect`, undefined, { query: { tenantName } });
}

export function useDisconnectInstance() {
  return useMutation({
    mutationFn: ({ id, tenantName }: { id: number; tenantName: string | undefined }) =>
      disconnectInstance(id, tenantName),
  });
}
