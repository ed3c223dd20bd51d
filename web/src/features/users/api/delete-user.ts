/**
 * DELETE /api/users/{id} → 204 (docs/contracts.md#api-calls, Users "delete"; route `users`): a soft
 * delete that ends the user's sessions and frees the email. 422 `cannot_delete_self` for one's own
 * user.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY } from './get-users';
import { userPath } from './update-user';

export async function deleteUser(id: number): Promise<void> {
  await http.delete(userPath(id));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
