/**
 * PUT /api/users/{id} `{email}` → the user (docs/contracts.md#api-calls, Users "PUT with only
 * email"; route `users`). 422 `email` when invalid or already used.
 *
 * Answers true or false (the specification's §8, lib/outcome.ts): a failure goes to `onFailure`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rejectUnlessTrue, trueOrFalse, type OnFailure } from '../../../lib/outcome';
import { USERS_QUERY_KEY, UserSchema } from './get-users';
import { userPath } from './update-user';

export interface EmailChange {
  id: number;
  email: string;
}

export function changeUserEmail({ id, email }: EmailChange, onFailure?: OnFailure): Promise<boolean> {
  return trueOrFalse(() => http.put(userPath(id), { email }, { schema: UserSchema }), onFailure);
}

export function useChangeUserEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChange) => rejectUnlessTrue(changeUserEmail, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
