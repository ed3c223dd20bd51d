/**
 * PUT /api/users/{id} `{name}` → the user (docs/contracts.md#api-calls, Users "PUT with only name";
 * route `users`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY, UserSchema, type User } from './get-users';
import { userPath } from './update-user';

export function changeUserName({ id, name }: { id: number; name: string }): Promise<User> {
  return http.put(userPath(id), { name }, { schema: UserSchema });
}

export function useChangeUserName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
