/**
 * POST /api/users `{name, email, password, username?, role_id, user_department_id?,
 * chosen_instances}` → 201 the user (docs/contracts.md#api-calls, Users "create"; route `users`).
 * 422 with field errors (`email`, `password`, `username`, `role_id`, `user_department_id`,
 * `chosen_instances`), or `user_limit_reached` when the plan's user limit is reached.
 *
 * Answers true or false (the specification's §8, lib/outcome.ts): a failure goes to `onFailure`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rejectUnlessTrue, trueOrFalse, type OnFailure } from '../../../lib/outcome';
import { USERS_QUERY_KEY, UserSchema } from './get-users';

export interface NewUserInput {
  name: string;
  email: string;
  password: string;
  /** Derived from the email by the server when absent. */
  username?: string;
  role_id: number;
  user_department_id: number | null;
  chosen_instances: number[];
}

export function createUser(input: NewUserInput, onFailure?: OnFailure): Promise<boolean> {
  return trueOrFalse(() => http.post('/api/users', input, { schema: UserSchema }), onFailure);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewUserInput) => rejectUnlessTrue(createUser, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
