/**
 * GET /api/instance?tenantName= → `[{id, name, activated, isOfficial, isUnlimited, status,
 * hasProvider, providerBaseUrl, providerKind, cloud, evolution, lastSyncAt}]` by name
 * (docs/contracts.md#api-calls; route `instances`). Without `tenantName` the caller's own tenant;
 * back-office operators name another tenant.
 *
 * `providerKind` says how the instance reaches its number: `generic` (a provider at
 * `providerBaseUrl`, paired by QR code), `cloud` (Meta's WhatsApp Cloud API, whose public
 * settings are in `cloud`) or `evolution` (an unofficial number paired by QR code through an
 * Evolution API gateway, whose address and instance name are in `evolution`). A missing (or null)
 * kind is `generic` (older servers), and a kind this screen does not know yet is kept as the
 * server wrote it rather than failing the whole list.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';

/** The kinds of provider this screen can set up (`providerKind` may hold others). */
export const PROVIDER_KINDS = ['generic', 'cloud', 'evolution'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** The public side of a Cloud API connection; the token and secrets are never sent back. */
const CloudSettingsSchema = z.object({
  phoneNumberId: z.string(),
  wabaId: z.string(),
  /** Where Meta calls back, e.g. `/api/instance/7/cloud` (this origin's path). */
  webhookPath: z.string(),
});
export type CloudSettings = z.infer<typeof CloudSettingsSchema>;

/** Where an Evolution gateway is and the number's name there; the API key is never sent back. */
const EvolutionSettingsSchema = z.object({
  /** The gateway's address, e.g. `https://evolution.example.com`. */
  baseUrl: z.string(),
  /** The gateway's instance (its `instanceName`). */
  instanceName: z.string(),
  /** Group chats reach the inbox. */
  keepGroups: z._default(z.boolean(), false),
});
export type EvolutionSettings = z.infer<typeof EvolutionSettingsSchema>;

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
  /** `generic`, `cloud`, `evolution`, or a kind added later (see PROVIDER_KINDS); missing or null is `generic`. */
  providerKind: z.pipe(
    z.nullish(z.string()),
    z.transform((kind) => kind ?? 'generic'),
  ),
  cloud: z.nullish(CloudSettingsSchema),
  /** Absent on servers older than the `evolution` kind. */
  evolution: z.nullish(EvolutionSettingsSchema),
  lastSyncAt: z.nullish(z.string()),
});
export type Instance = z.infer<typeof InstanceSchema>;

/** Whether the instance talks to Meta's WhatsApp Cloud API (no QR pairing, no history sync). */
export function isCloudInstance(instance: Pick<Instance, 'providerKind'>): boolean {
  return instance.providerKind === 'cloud';
}

/** Whether the instance's number is paired through an Evolution API gateway (QR code, no history sync). */
export function isEvolutionInstance(instance: Pick<Instance, 'providerKind'>): boolean {
  return instance.providerKind === 'evolution';
}

/**
 * The URL Meta calls back for a cloud instance: this origin (the tenant's host, which the server
 * resolves the tenant from) and the server's `webhookPath`. Null without Cloud API settings.
 */
export function cloudWebhookUrl(instance: Pick<Instance, 'cloud'>): string | null {
  return instance.cloud ? `${window.location.origin}${instance.cloud.webhookPath}` : null;
}

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
