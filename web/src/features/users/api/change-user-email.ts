/**
 * PUT /api/users/{id} `{email}` → the user (docs/contracts.md#api-calls, Users "PUT with only
 * email"; route `users`). 422 `email` when invalid or already used.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY, UserSchema, type User } from './get-users';
import { userPath } from './update-user';

export function changeUserEmail({ id, email }: { id: number; email: string }): Promise<User> {
  return http.put(userPath(id), { email }, { schema: UserSchema });
}

export function useChangeUserEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
