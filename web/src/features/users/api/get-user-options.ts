/**
 * GET /api/users/options → `{roles: [{id, name, display_name}], departments: [{id, name,
 * activated}], instances: [{id, name, activated}]}` (route `users`): everything the user form
 * offers, in one call. The server serves it to whoever holds `users`, so managing users needs
 * neither the roles screen (`roles-list`) nor the instances screen (`instances`). Departments are
 * the active ones only; instances include inactive ones.
 *
 * Read again each time the form opens (no stale time): roles, departments and instances are
 * changed on other screens, and the form is opened rarely.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY } from './get-users';

const RoleOptionSchema = z.looseObject({ id: z.number(), name: z.string(), display_name: z.string() });
const ToggledOptionSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  activated: z._default(z.boolean(), true),
});

const UserOptionsSchema = z.object({
  roles: z._default(z.array(RoleOptionSchema), []),
  departments: z._default(z.array(ToggledOptionSchema), []),
  instances: z._default(z.array(ToggledOptionSchema), []),
});
export type UserOptions = z.infer<typeof UserOptionsSchema>;

export function getUserOptions(): Promise<UserOptions> {
  return http.get('/api/users/options', { schema: UserOptionsSchema });
}

export const userOptionsQueryOptions = queryOptions({
  queryKey: [...USERS_QUERY_KEY, 'options'],
  queryFn: getUserOptions,
});

export function useUserOptions() {
  return useQuery(userOptionsQueryOptions);
}
