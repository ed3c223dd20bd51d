/**
 * POST /api/instance/update `{id, tenantName?, name?, activated?, isOfficial?, isUnlimited?,
 * status?, providerBaseUrl?, providerSecret?}` → the instance (docs/contracts.md#api-calls
 * "instance fields"): only the fields present change. A new status is written to the instance log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import { InstanceSchema, type Instance } from './get-instances';

export interface InstanceChangesInput {
  id: number;
  tenantName?: string;
  name?: string;
  activated?: boolean;
  isOfficial?: boolean;
  isUnlimited?: boolean;
  status?: string;
  /** Both provider fields travel together (the server checks them as a pair). */
  providerBaseUrl?: string;
  providerSecret?: string;
}

export function updateInstance(input: InstanceChangesInput): Promise<Instance> {
  return http.post('/api/instance/update', input, { schema: InstanceSchema });
}

export function useUpdateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSTANCES_QUERY_KEY }),
  });
}
