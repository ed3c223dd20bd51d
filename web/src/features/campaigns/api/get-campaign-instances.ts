/**
 * The instances a campaign can send through. Holders of the route `instances` read
 * `GET /api/instance` (with each one's connection status); everybody else `GET /api/inbox/instances`
 * (the instances whose tickets they see: every one for administrators and supervisors). Kept under
 * the instances key: `InstanceUpdated` refreshes it.
 *
 * Each one says whether it is an official number (on Meta's Cloud API, which sends approved
 * templates): `GET /api/instance` by its `providerKind` (`cloud`), the inbox's list
 * (`[{id, name, official}]`) by `official`. An older server's inbox list does not say it, and the
 * number's kind stays unknown (null): the form then asks for its templates (isOfficial in
 * ../draft.ts).
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
  /** `GET /api/instance`'s. */
  providerKind: z._default(z.nullish(z.string()), null),
  /** `GET /api/inbox/instances`'s (absent from an older server's). */
  official: z._default(z.nullish(z.boolean()), null),
});

export type InstanceSource = 'instances' | 'inbox';

export interface CampaignInstance {
  id: number;
  name: string;
  active: boolean;
  /** `connected`, `disconnected`...; null when the list does not say. */
  status: string | null;
  /** An official number (it sends approved templates); null when the list does not say. */
  official: boolean | null;
}

export async function getCampaignInstances(source: InstanceSource): Promise<CampaignInstance[]> {
  const path = source === 'instances' ? '/api/instance' : '/api/inbox/instances';
  const list = await http.get(path, { schema: z.array(InstanceSchema) });
  return list.map((instance) => ({
    id: instance.id,
    name: instance.name,
    active: instance.activated,
    status: instance.status,
    // GET /api/instance always says the kind (an older server without it only had generic ones).
    official: source === 'instances' ? instance.providerKind === 'cloud' : instance.official,
  }));
}

export function useCampaignInstances(source: InstanceSource) {
  return useQuery({
    queryKey: campaignKeys.instances(source),
    queryFn: () => getCampaignInstances(source),
    staleTime: 60 * 1000,
  });
}
