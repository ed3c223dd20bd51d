/**
 * The instances the editor's scope picker offers. Holders of the route `instances` read
 * `GET /api/instance` (every instance, inactive ones too); everybody else `GET /api/inbox/instances`
 * (the instances whose tickets they see: every one for administrators and supervisors), which no
 * route is needed for. Kept under the instances key: `InstanceUpdated` refreshes it.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { chatbotKeys } from '../keys';
import type { Choice } from './schemas';

const InstanceSchema = z.object({ id: z.number(), name: z.string(), activated: z._default(z.boolean(), true) });

export type InstanceSource = 'instances' | 'inbox';

export async function getBotInstances(source: InstanceSource): Promise<Choice[]> {
  const path = source === 'instances' ? '/api/instance' : '/api/inbox/instances';
  const list = await http.get(path, { schema: z.array(InstanceSchema) });
  return list.map((instance) => ({ id: instance.id, name: instance.name, active: instance.activated }));
}

export function useBotInstances(source: InstanceSource) {
  return useQuery({
    queryKey: chatbotKeys.instances(source),
    queryFn: () => getBotInstances(source),
    staleTime: 60 * 1000,
  });
}
