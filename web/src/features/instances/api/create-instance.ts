/**
 * POST /api/instance `{name, tenantName, isOfficial, isUnlimited, providerBaseUrl?,
 * providerSecret?, providerKind?, cloud?, evolution?}` → 201 the instance
 * (docs/contracts.md#api-calls; docs/providers.md#kinds). A generic instance may carry its provider
 * (URL + secret); a `cloud` one carries all five `cloud` fields, an `evolution` one its three
 * `evolution` fields, and neither a provider URL or secret. 422 `name` (empty, too long, taken),
 * `providerBaseUrl` (not HTTPS, private network), `providerSecret`, `cloud.phoneNumberId`,
 * `cloud.wabaId`, `cloud.accessToken`, `cloud.appSecret`, `cloud.verifyToken`,
 * `evolution.baseUrl`, `evolution.instanceName`, `evolution.apiKey` (code `invalid_evolution`),
 * `evolution.instanceName` (code `evolution_instance_taken`: the gateway's instance already
 * belongs to another instance).
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

/** What connects an instance to an Evolution API gateway (all required on create). */
export interface EvolutionCredentials {
  /** The gateway's address (Evolution API v2). */
  baseUrl: string;
  /** The number's instance at the gateway: letters, digits, `-` and `_`, up to 64. */
  instanceName: string;
  /** The gateway's `AUTHENTICATION_API_KEY`. */
  apiKey: string;
  /** Group chats reach the inbox, each group a customer (off by default). */
  keepGroups?: boolean;
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
  /** With `providerKind: 'evolution'` only. */
  evolution?: EvolutionCredentials;
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
