/**
 * GET /api/permission → `[{id, name, display_name, has_permission_routes, require_two_factor}]`:
 * every role of the tenant with its permitted route names
 * (docs/contracts.md#entities-and-storage-keys, Role, docs/contracts.md#api-calls; route
 * `roles-list`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { PERMISSION_QUERY_KEY } from '../../../lib/query-keys';

export const RoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  has_permission_routes: z.array(z.string()),
  /** Users of the role must turn two-factor on before opening checked routes. */
  require_two_factor: z._default(z.boolean(), false),
});
export type Role = z.infer<typeof RoleSchema>;

export function getRoles(): Promise<Role[]> {
  return http.get('/api/permission', { schema: z.array(RoleSchema) });
}

export const rolesQueryOptions = queryOptions({
  queryKey: [...PERMISSION_QUERY_KEY, 'roles'],
  queryFn: getRoles,
});

export function useRoles() {
  return useQuery(rolesQueryOptions);
}

/** One role, picked from the list (the API has no single-role read). `undefined` data: no such role. */
export function useRole(id: number | null) {
  return useQuery({
    ...rolesQueryOptions,
    select: (roles: Role[]) => roles.find((role) => role.id === id) ?? null,
  });
}
