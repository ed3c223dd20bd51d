/**
 * POST /api/instance/update `{id, tenantName?, name?, activated?, isOfficial?, isUnlimited?,
 * status?, providerBaseUrl?, providerSecret?, providerKind?, cloud?, evolution?}` → the instance
 * (docs/contracts.md#api-calls "instance fields"): only the fields present change. A new status is
 * written to the instance log. In `cloud`, an absent (or empty) `accessToken`, `appSecret` or
 * `verifyToken` keeps the stored one; in `evolution`, an absent (or empty) `apiKey` does. 422 as
 * on create (`create-instance.ts`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import type { CloudCredentials, EvolutionCredentials } from './create-instance';
import { InstanceSchema, type Instance, type ProviderKind } from './get-instances';

/** The ids always travel; a secret left out keeps the stored one. */
export type CloudChanges = Pick<CloudCredentials, 'phoneNumberId' | 'wabaId'> &
  Partial<Pick<CloudCredentials, 'accessToken' | 'appSecret' | 'verifyToken'>>;

/** The address and the instance name always travel; the API key left out keeps the stored one. */
export type EvolutionChanges = Pick<EvolutionCredentials, 'baseUrl' | 'instanceName'> &
  Partial<Pick<EvolutionCredentials, 'apiKey' | 'keepGroups'>>;

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
  providerKind?: ProviderKind;
  cloud?: CloudChanges;
  evolution?: EvolutionChanges;
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
