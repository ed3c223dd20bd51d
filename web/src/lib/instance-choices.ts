/**
 * The numbers (instances) a person may write through, as the scheduling dialog and the quick reply
 * editor offer them. Holders of the route `instances` read `GET /api/instance`, which says each
 * one's `providerKind` (`cloud`: an official number on Meta's Cloud API, the only kind with
 * approved templates); everybody else `GET /api/inbox/instances` (`[{id, name}]`: the instances
 * whose tickets they see — every one for administrators and supervisors — which is also what the
 * server lets them schedule on), whose kind stays unknown (null): a number is then known to be
 * official by having templates (`GET /api/templates?instanceId=`, components/use-message-templates.ts).
 */
import * as z from 'zod/mini';
import { http } from './http';
import { INSTANCES_QUERY_KEY } from './query-keys';

const InstanceChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  activated: z._default(z.boolean(), true),
  providerKind: z._default(z.nullish(z.string()), null),
});

export type InstanceSource = 'instances' | 'inbox';

export interface InstanceChoice {
  id: number;
  name: string;
  active: boolean;
  /** `generic`, `cloud` (official), `evolution`…; null when the list does not say. */
  providerKind: string | null;
}

export async function getInstanceChoices(source: InstanceSource): Promise<InstanceChoice[]> {
  const path = source === 'instances' ? '/api/instance' : '/api/inbox/instances';
  const list = await http.get(path, { schema: z.array(InstanceChoiceSchema) });
  return list.map((instance) => ({
    id: instance.id,
    name: instance.name,
    active: instance.activated,
    // GET /api/instance always says it (an older server without it only had generic instances).
    providerKind: instance.providerKind ?? (source === 'instances' ? 'generic' : null),
  }));
}

/** The query key of a list of choices: under the instances key, so `InstanceUpdated` refreshes it. */
export function instanceChoicesKey(source: InstanceSource) {
  return [...INSTANCES_QUERY_KEY, 'choices', source] as const;
}

/** Whether a number may be official: known to be (`cloud`), or of a kind the list does not say. */
export function mayBeOfficial(instance: Pick<InstanceChoice, 'providerKind'>): boolean {
  return instance.providerKind === null || instance.providerKind === 'cloud';
}
