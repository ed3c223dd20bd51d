/**
 * POST /api/permission/update `{roleId, permissions, requireTwoFactor}` → the role
 * (docs/contracts.md#api-calls; route `roles-edit`). 422 with `errors[{field: "permissions"}]` for
 * an unknown route name, or when `administrador` would lose `roles-list`/`roles-edit`.
 *
 * On success it refreshes every permission query, and when the role is the current user's own,
 * their stored `permissionRoutes` at once (the menu follows) and then the user info.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { CURRENT_USER_QUERY_KEY, PERMISSION_QUERY_KEY } from '../../../lib/query-keys';
import { getSession, setPermissionRoutes } from '../../../lib/session';
import { RoleSchema, type Role } from './get-roles';

export interface UpdateRolePermissionsInput {
  roleId: number;
  /** The role's permitted route names (the whole list: it replaces the current one). */
  permissions: string[];
  requireTwoFactor: boolean;
}

export function updateRolePermissions(input: UpdateRolePermissionsInput): Promise<Role> {
  return http.post('/api/permission/update', input, { schema: RoleSchema });
}

/** True when the role is the logged-in user's own (the stored user info names its role). */
export function isOwnRole(role: Pick<Role, 'name'>): boolean {
  return getSession().userInfo?.role.name === role.name;
}

export function useUpdateRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolePermissions,
    onSuccess: async (role) => {
      if (isOwnRole(role)) {
        // A user's routes are their role's: show the new menu now, then confirm with the server.
        setPermissionRoutes(role.has_permission_routes);
        await queryClient.refetchQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      }
      await queryClient.invalidateQueries({ queryKey: PERMISSION_QUERY_KEY });
    },
  });
}
