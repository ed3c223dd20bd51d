/**
 * POST /api/users/{id}/temporary-password `{password}` → the user with `mustChangePassword: true`
 * (docs/account.md#temporary-password-administrator; route `users`, the strength rule of
 * docs/contracts.md#password-strength, 422 `weak_password` on `password`): the user's sessions end,
 * and at the next login nothing but changing the password works.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY } from './get-users';
import { userPath } from './update-user';

// Loose: only the id is read; the rest of the user view is the list's business.
const AnswerSchema = z.looseObject({ id: z.number() });

export interface TemporaryPasswordInput {
  id: number;
  password: string;
}

export function setTemporaryPassword({ id, password }: TemporaryPasswordInput): Promise<{ id: number }> {
  return http.post(`${userPath(id)}/temporary-password`, { password }, { schema: AnswerSchema });
}

export function useSetTemporaryPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTemporaryPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
