/**
 * POST /api/instance `{name, tenantName, isOfficial, isUnlimited, providerBaseUrl?,
 * providerSecret?}` → 201 the instance (docs/contracts.md#api-calls). 422 `name` (empty, too long,
 * taken), `providerBaseUrl` (not HTTPS, private network), `providerSecret`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import { InstanceSchema, type Instance } from './get-instances';

export interface NewInstanceInput {
  name: string;
  /** Another tenant (back-office operators); absent for the caller's own. */
  tenantName?: string;
  isOfficial: boolean;
  isUnlimited: boolean;
  providerBaseUrl?: string;
  providerSecret?: string;
}

export function createInstance(input: NewInstanceInput): Promise<Instance> {
  return http.post('/api/instance', input, { schema: InstanceSchema });
}

export function useCreateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSTANCES_QUERY_KEY }),
  });
}
