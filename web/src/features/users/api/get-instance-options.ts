//! GET /api/instance → the own tenant's instances a user can attend (`[{id, name, activated, ...}]`;
//! spec §7). The server allows it only to users holding the route `instances`, so the user form
//! asks for it only then (otherwise the user's current instances stay as they are).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';

const InstanceOptionSchema = z.looseObject({ id: z.number(), name: z.string(), activated: z.boolean() });
export type InstanceOption = z.infer<typeof InstanceOptionSchema>;

export function getInstanceOptions(): Promise<InstanceOption[]> {
  return http.get('/api/instance', { schema: z.array(InstanceOptionSchema) });
}

export const instanceOptionsQueryOptions = queryOptions({
  queryKey: [...INSTANCES_QUERY_KEY, 'user-form-options'],
  queryFn: getInstanceOptions,
  staleTime: 60 * 1000,
});

export function useInstanceOptions(enabled: boolean) {
  return useQuery({ ...instanceOptionsQueryOptions, enabled });
}
