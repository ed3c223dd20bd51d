//! GET /api/permission → the roles a user can be given (`[{id, name, display_name, ...}]`; spec §7).
//! The server allows this list only to users holding the route `roles-list`, so the user form
//! asks for it only then (otherwise it keeps the user's current role). Keyed under
//! PERMISSION_QUERY_KEY: saving a role refreshes it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { PERMISSION_QUERY_KEY } from '../../../lib/query-keys';

const RoleOptionSchema = z.looseObject({ id: z.number(), name: z.string(), display_name: z.string() });
export type RoleOption = z.infer<typeof RoleOptionSchema>;

export function getRoleOptions(): Promise<RoleOption[]> {
  return http.get('/api/permission', { schema: z.array(RoleOptionSchema) });
}

export const roleOptionsQueryOptions = queryOptions({
  queryKey: [...PERMISSION_QUERY_KEY, 'role-options'],
  queryFn: getRoleOptions,
  staleTime: 60 * 1000,
});

export function useRoleOptions(enabled: boolean) {
  return useQuery({ ...roleOptionsQueryOptions, enabled });
}
