/**
 * PATCH /api/user-settings/{id} `{"action":"disable", code}` → `{two_factor_enabled: false}`:
 * turns two-factor off with a current code (docs/auth.md). 422 `invalid_code` (field `code`).
 * Refreshes the user info, whose `twoFactorEnabled` the screens show.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import type { TwoFactorCodeInput } from './confirm-two-factor';
import { userSettingsPath } from './enroll-two-factor';

export function disableTwoFactor({ userId, code }: TwoFactorCodeInput): Promise<{ two_factor_enabled: boolean }> {
  return http.patch(
    userSettingsPath(userId),
    { action: 'disable', code },
    { schema: z.object({ two_factor_enabled: z.boolean() }) },
  );
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
