/**
 * The instances a campaign can send through. Holders of the route `instances` read
 * `GET /api/instance` (with each one's connection status); everybody else `GET /api/inbox/instances`
 * (the instances whose tickets they see: every one for administrators and supervisors). Kept under
 * the instances key: `InstanceUpdated` refreshes it.
 *
 * Only `GET /api/instance` says each one's `providerKind` (`cloud`: an official number, which sends
 * approved templates); the inbox's list (`[{id, name}]`) does not, and its instances' kind stays
 * unknown (null): the form then asks for the number's templates (isOfficial in ../draft.ts).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';

const InstanceSchema = z.object({
  id: z.number(),
  name: z.string(),
  activated: z._default(z.boolean(), true),
  status: z._default(z.nullish(z.string()), null),
  providerKind: z._default(z.nullish(z.string()), null),
});

export type InstanceSource = 'instances' | 'inbox';

export interface CampaignInstance {
  id: number;
  name: string;
  active: boolean;
  /** `connected`, `disconnected`...; null when the list does not say. */
  status: string | null;
  /** `generic`, `cloud` (official), `evolution`…; null when the list does not say. */
  providerKind: string | null;
}

export async function getCampaignInstances(source: InstanceSource): Promise<CampaignInstance[]> {
  const path = source === 'instances' ? '/api/instance' : '/api/inbox/instances';
  const list = await http.get(path, { schema: z.array(InstanceSchema) });
  return list.map((instance) => ({
    id: instance.id,
    name: instance.name,
    active: instance.activated,
    status: instance.status,
    // GET /api/instance always says it (an older server without it only had generic instances).
    providerKind: instance.providerKind ?? (source === 'instances' ? 'generic' : null),
  }));
}

export function useCampaignInstances(source: InstanceSource) {
  return useQuery({
    queryKey: campaignKeys.instances(source),
    queryFn: () => getCampaignInstances(source),
    staleTime: 60 * 1000,
  });
}
