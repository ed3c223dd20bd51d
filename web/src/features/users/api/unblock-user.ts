/**
 * PATCH /api/users/{id} → the user (docs/contracts.md#api-calls, Users "unblock"; route `users`):
 * clears the block that too many wrong passwords set (docs/auth.md). The contract does not show a
 * body and the server ignores it, so none is sent.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY, UserSchema, type User } from './get-users';
import { userPath } from './update-user';

export function unblockUser(id: number): Promise<User> {
  return http.patch(userPath(id), undefined, { schema: UserSchema });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
