/**
 * GET /api/permission/email?email= → `{email, permissions: [{route_name}], has_permission_routes}`
 * (docs/contracts.md#roles-and-route-permissions, "fetched by email", docs/contracts.md#api-calls).
 * Asked for the logged-in user's own email, its `permissions` fill the stored `permissions`
 * (docs/contracts.md#entities-and-storage-keys), which `hasPermission` (lib/access) reads. Its key
 * starts with PERMISSION_QUERY_KEY, so saving a role refreshes it too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { PERMISSION_QUERY_KEY } from '../../../lib/query-keys';
import { setPermissions, useSession } from '../../../lib/session';

const PermissionsByEmailSchema = z.object({
  email: z.string(),
  permissions: z.array(z.looseObject({ route_name: z.string() })),
  has_permission_routes: z.array(z.string()),
});
export type PermissionsByEmail = z.infer<typeof PermissionsByEmailSchema>;

export function getPermissionsByEmail(email: string): Promise<PermissionsByEmail> {
  return http.get('/api/permission/email', { query: { email }, schema: PermissionsByEmailSchema });
}

export function ownPermissionsQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...PERMISSION_QUERY_KEY, 'email', email],
    queryFn: async () => {
      const answer = await getPermissionsByEmail(email);
      setPermissions(answer.permissions);
      return answer;
    },
    staleTime: 5 * 60 * 1000,
  });
}

/** Keeps the stored `permissions` of the logged-in user fresh while the navigation layout is shown. */
export function useOwnPermissions() {
  const email = useSession().userInfo?.email ?? '';
  return useQuery({ ...ownPermissionsQueryOptions(email), enabled: email !== '' });
}
