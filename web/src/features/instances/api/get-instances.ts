/**
 * GET /api/instance?tenantName= → `[{id, name, activated, isOfficial, isUnlimited, status,
 * hasProvider, providerBaseUrl, lastSyncAt}]` by name (docs/contracts.md#api-calls; route
 * `instances`). Without `tenantName` the caller's own tenant; back-office operators name another
 * tenant.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';

export const InstanceSchema = z.object({
  id: z.number(),
  name: z.string(),
  activated: z.boolean(),
  isOfficial: z._default(z.boolean(), false),
  isUnlimited: z._default(z.boolean(), false),
  /** `connected`, `disconnected`, `qrcode` or `connecting`. */
  status: z._default(z.string(), 'disconnected'),
  hasProvider: z._default(z.boolean(), false),
  providerBaseUrl: z.nullish(z.string()),
  lastSyncAt: z.nullish(z.string()),
});
export type Instance = z.infer<typeof InstanceSchema>;

/** Connection statuses the server accepts (`domain::instances::STATUSES`). */
export const INSTANCE_STATUSES = ['connected', 'disconnected', 'qrcode', 'connecting'] as const;
export const STATUS_LABELS: Record<string, string> = {
  connected: 'Conectada',
  disconnected: 'Desconectada',
  qrcode: 'Aguardando QR code',
  connecting: 'Conectando',
};

/** The key of one tenant's list; '' is the caller's own tenant. */
export function instancesQueryKey(tenantName: string | undefined) {
  return [...INSTANCES_QUERY_KEY, 'list', tenantName ?? ''] as const;
}

export function getInstances(tenantName: string | undefined): Promise<Instance[]> {
  return http.get('/api/instance', { query: { tenantName }, schema: z.array(InstanceSchema) });
}

export function instancesQueryOptions(tenantName: string | undefined) {
  return queryOptions({ queryKey: instancesQueryKey(tenantName), queryFn: () => getInstances(tenantName) });
}

export function useInstances(tenantName: string | undefined) {
  return useQuery(instancesQueryOptions(tenantName));
}
