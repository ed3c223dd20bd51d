/**
 * POST /api/instance `{name, tenantName, isOfficial, isUnlimited, providerBaseUrl?,
 * providerSecret?, providerKind?, cloud?}` → 201 the instance (docs/contracts.md#api-calls). A
 * generic instance may carry its provider (URL + secret); a `cloud` one carries all five `cloud`
 * fields and no provider URL or secret. 422 `name` (empty, too long, taken), `providerBaseUrl` (not
 * HTTPS, private network), `providerSecret`, `cloud.phoneNumberId`, `cloud.wabaId`,
 * `cloud.accessToken`, `cloud.appSecret`, `cloud.verifyToken`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import { InstanceSchema, type Instance, type ProviderKind } from './get-instances';

/** What connects an instance to Meta's WhatsApp Cloud API (all required on create). */
export interface CloudCredentials {
  phoneNumberId: string;
  wabaId: string;
  /** A System User's permanent token. */
  accessToken: string;
  /** The Meta app's secret: the server checks the webhook signatures with it. */
  appSecret: string;
  /** The text Meta echoes when it verifies the webhook URL. */
  verifyToken: string;
}

export interface NewInstanceInput {
  name: string;
  /** Another tenant (back-office operators); absent for the caller's own. */
  tenantName?: string;
  isOfficial: boolean;
  isUnlimited: boolean;
  providerBaseUrl?: string;
  providerSecret?: string;
  /** Absent: `generic`. */
  providerKind?: ProviderKind;
  /** With `providerKind: 'cloud'` only. */
  cloud?: CloudCredentials;
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
