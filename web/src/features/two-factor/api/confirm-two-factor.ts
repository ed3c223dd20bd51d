/**
 * PATCH /api/user-settings/{id} `{"action":"confirm", code}` → `{two_factor_enabled: true}`: the
 * first code from the app turns two-factor on (docs/auth.md). 422 `invalid_code` (field `code`) for
 * a wrong or reused code. Refreshes the user info, whose `twoFactorEnabled` the screens show.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import { userSettingsPath, type UserId } from './enroll-two-factor';

export interface TwoFactorCodeInput {
  userId: UserId;
  /** The 6-digit code shown by the authenticator app. */
  code: string;
}

export function confirmTwoFactor({ userId, code }: TwoFactorCodeInput): Promise<{ two_factor_enabled: boolean }> {
  return http.patch(
    userSettingsPath(userId),
    { action: 'confirm', code },
    { schema: z.object({ two_factor_enabled: z.boolean() }) },
  );
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    // Awaited: the mutation stays pending until the screen knows two-factor is on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
