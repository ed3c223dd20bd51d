/**
 * The numbers (instances) a person may write through, as the scheduling dialog and the quick reply
 * editor offer them. Holders of the route `instances` read `GET /api/instance`, which says each
 * one's `providerKind` (`cloud`: an official number on Meta's Cloud API, the only kind with
 * approved templates and the customer's 24-hour window); everybody else `GET /api/inbox/instances`
 * (`[{id, name, official}]`: the instances whose tickets they see — every one for administrators and
 * supervisors — which is also what the server lets them schedule on), whose `official` says the
 * same. Either way each choice says `official`; only an older server's inbox list (without the
 * flag) leaves it unknown (null): a number is then known to be official by having templates
 * (`GET /api/templates?instanceId=`, components/use-instance-templates.ts).
 */
import * as z from 'zod/mini';
import { http } from './http';
import { INSTANCES_QUERY_KEY } from './query-keys';

const InstanceChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  activated: z._default(z.boolean(), true),
  /** `GET /api/instance`'s. */
  providerKind: z._default(z.nullish(z.string()), null),
  /** `GET /api/inbox/instances`'s (absent from an older server's). */
  official: z._default(z.nullish(z.boolean()), null),
});

export type InstanceSource = 'instances' | 'inbox';

export interface InstanceChoice {
  id: number;
  name: string;
  active: boolean;
  /**
   * An official number (Cloud API: approved templates, the 24-hour window); null when the list does
   * not say (an older server's inbox list).
   */
  official: boolean | null;
}

export async function getInstanceChoices(source: InstanceSource): Promise<InstanceChoice[]> {
  const path = source === 'instances' ? '/api/instance' : '/api/inbox/instances';
  const list = await http.get(path, { schema: z.array(InstanceChoiceSchema) });
  return list.map((instance) => ({
    id: instance.id,
    name: instance.name,
    active: instance.activated,
    // GET /api/instance always says the kind (an older server without it only had generic ones).
    official: source === 'instances' ? instance.providerKind === 'cloud' : instance.official,
  }));
}

/** The query key of a list of choices: under the instances key, so `InstanceUpdated` refreshes it. */
export function instanceChoicesKey(source: InstanceSource) {
  return [...INSTANCES_QUERY_KEY, 'choices', source] as const;
}

/**
 * Whether a number may be official — known to be, or the list does not say —, so whether its
 * templates are worth offering and asking for.
 */
export function mayBeOfficial(instance: Pick<InstanceChoice, 'official'>): boolean {
  return instance.official !== false;
}
