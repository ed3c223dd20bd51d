/**
 * PATCH /api/user-settings/{id} `{"action":"disable"}` → `{two_factor_enabled: false}`
 * (docs/account.md#two-factor-recovery-codes, docs/auth.md): an administrator with the `users`
 * route turns off another user's two-factor without a code (a lost phone); the recovery codes go
 * with it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY } from './get-users';

export function resetTwoFactor(id: number): Promise<{ two_factor_enabled: boolean }> {
  return http.patch(
    `/api/user-settings/${encodeURIComponent(String(id))}`,
    { action: 'disable' },
    { schema: z.object({ two_factor_enabled: z.boolean() }) },
  );
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
