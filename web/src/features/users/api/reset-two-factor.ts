/**
 * PATCH /api/user-settings/{id} `{"action":"disable"}` → `{two_factor_enabled: false}`
 * (docs/account.md#two-factor-recovery-codes, docs/auth.md): an administrator with the `users`
 * route turns off another user's two-factor without a code (a lost phone); the recovery codes go
 * with it. Needs proof that the administrator is at the keyboard (lib/reauthentication.ts): without
 * a recent password login, 422 `reauthentication_required` until the body carries the
 * administrator's own `currentPassword`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import {
  proofFields,
  withoutReauthentication,
  type Reauthenticate,
  type ReauthenticationProof,
} from '../../../lib/reauthentication';
import { USERS_QUERY_KEY } from './get-users';

export function resetTwoFactor(id: number, proof?: ReauthenticationProof): Promise<{ two_factor_enabled: boolean }> {
  return http.patch(
    `/api/user-settings/${encodeURIComponent(String(id))}`,
    { action: 'disable', ...proofFields(proof) },
    { schema: z.object({ two_factor_enabled: z.boolean() }) },
  );
}

/** `reauthenticate` asks the administrator's password when the server wants it. */
export function useResetTwoFactor(reauthenticate: Reauthenticate = withoutReauthentication) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => reauthenticate((proof) => resetTwoFactor(id, proof)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
