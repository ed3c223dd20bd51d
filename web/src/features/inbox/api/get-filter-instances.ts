/**
 * The instances the queue can be filtered by. A viewer serving instances filters by those (from
 * the user info); one who sees every ticket (administrador, supervisor) by every instance of the
 * tenant — GET /api/instance, which needs the route `instances`; without it, the filter offers
 * the instances of the tickets loaded so far. Under INSTANCES_QUERY_KEY, so `InstanceUpdated`
 * refreshes it.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import { NamedRefSchema, type NamedRef } from './schemas';

export function getTenantInstances(): Promise<NamedRef[]> {
  return http.get('/api/instance', { schema: z.array(NamedRefSchema) });
}

export function useTenantInstances(enabled: boolean) {
  return useQuery({
    queryKey: [...INSTANCES_QUERY_KEY, 'inbox-filter'],
    queryFn: getTenantInstances,
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}
