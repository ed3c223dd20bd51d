/**
 * GET /api/inbox/instances → `[{id, name, official}]` by name: the instances whose tickets the
 * viewer sees (every instance of the tenant for those who see every ticket, the linked ones for
 * everybody else; server `tickets::instances_of`) — what the queue can be filtered by (its id and
 * name only; `official`, a number on Meta's Cloud API, serves the forms that offer templates:
 * lib/instance-choices.ts). Any logged-in user may ask (no route needed). Read again with the inbox
 * (a reconnected socket), on `InstanceUpdated` (a renamed instance: app/realtime-events.ts) and
 * after the user's rights changed (a 1012 close).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { NamedRefSchema, type NamedRef } from './schemas';

export function getInboxInstances(): Promise<NamedRef[]> {
  return http.get('/api/inbox/instances', { schema: z.array(NamedRefSchema) });
}

export function useInboxInstances() {
  return useQuery({
    queryKey: inboxKeys.instances(),
    queryFn: getInboxInstances,
    staleTime: 5 * 60 * 1000,
  });
}
