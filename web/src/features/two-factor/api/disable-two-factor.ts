/**
 * PATCH /api/user-settings/{id} `{"action":"disable", code}` → `{two_factor_enabled: false}`:
 * turns two-factor off with a current code (docs/auth.md). 422 `invalid_code` (field `code`).
 * Refreshes the user info, whose `twoFactorEnabled` the screens show. Needs proof of presence
 * (lib/reauthentication.ts): without a recent password login, 422 `reauthentication_required`
 * (checked before the code, which is then not spent) until the body carries `currentPassword`.
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
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import type { TwoFactorCodeInput } from './confirm-two-factor';
import { userSettingsPath } from './enroll-two-factor';

export function disableTwoFactor(
  { userId, code }: TwoFactorCodeInput,
  proof?: ReauthenticationProof,
): Promise<{ two_factor_enabled: boolean }> {
  return http.patch(
    userSettingsPath(userId),
    { action: 'disable', code, ...proofFields(proof) },
    { schema: z.object({ two_factor_enabled: z.boolean() }) },
  );
}

/** `reauthenticate` asks the password when the server wants it (components/use-reauthentication.tsx). */
export function useDisableTwoFactor(reauthenticate: Reauthenticate = withoutReauthentication) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => reauthenticate((proof) => disableTwoFactor(input, proof)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
