/**
 * PUT /api/users/{id} with the whole object → the user (docs/contracts.md#api-calls, Users "alter,
 * whole object"; route `users`). The server changes what the body carries: `chosen_instances`
 * replaces the user's instances, `user_department_id: null` takes them out of their department, an
 * empty or absent `password` keeps the current one (a new one ends the user's sessions).
 *
 * Answers true or false (the specification's §8, lib/outcome.ts): a failure goes to `onFailure`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rejectUnlessTrue, trueOrFalse, type OnFailure } from '../../../lib/outcome';
import { USERS_QUERY_KEY, UserSchema } from './get-users';

export interface UserChangesInput {
  name: string;
  email: string;
  username: string;
  /** Left out when the editor cannot list roles (it then keeps the current one). */
  role_id?: number;
  user_department_id: number | null;
  /** Left out when the editor cannot list instances (the current links stay). */
  chosen_instances?: number[];
  /** Left out to keep the current password. */
  password?: string;
}

export function userPath(id: number): string {
  return `/api/users/${encodeURIComponent(String(id))}`;
}

export interface UserUpdate {
  id: number;
  changes: UserChangesInput;
}

export function updateUser({ id, changes }: UserUpdate, onFailure?: OnFailure): Promise<boolean> {
  return trueOrFalse(() => http.put(userPath(id), changes, { schema: UserSchema }), onFailure);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdate) => rejectUnlessTrue(updateUser, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
