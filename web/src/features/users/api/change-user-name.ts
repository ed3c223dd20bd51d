/**
 * PUT /api/users/{id} `{name}` → the user (docs/contracts.md#api-calls, Users "PUT with only name";
 * route `users`).
 *
 * Answers true or false (the specification's §8, lib/outcome.ts): a failure goes to `onFailure`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rejectUnlessTrue, trueOrFalse, type OnFailure } from '../../../lib/outcome';
import { USERS_QUERY_KEY, UserSchema } from './get-users';
import { userPath } from './update-user';

export interface NameChange {
  id: number;
  name: string;
}

export function changeUserName({ id, name }: NameChange, onFailure?: OnFailure): Promise<boolean> {
  return trueOrFalse(() => http.put(userPath(id), { name }, { schema: UserSchema }), onFailure);
}

export function useChangeUserName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NameChange) => rejectUnlessTrue(changeUserName, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
