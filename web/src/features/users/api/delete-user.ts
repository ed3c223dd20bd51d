/**
 * DELETE /api/users/{id} → 204 (docs/contracts.md#api-calls, Users "delete"; route `users`): a soft
 * delete that ends the user's sessions and frees the email. 422 `cannot_delete_self` for one's own
 * user.
 *
 * Answers true or false (the specification's §8, lib/outcome.ts): a failure goes to `onFailure`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rejectUnlessTrue, trueOrFalse, type OnFailure } from '../../../lib/outcome';
import { USERS_QUERY_KEY } from './get-users';
import { userPath } from './update-user';

export function deleteUser(id: number, onFailure?: OnFailure): Promise<boolean> {
  return trueOrFalse(() => http.delete(userPath(id)), onFailure);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rejectUnlessTrue(deleteUser, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
