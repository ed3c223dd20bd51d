/**
 * POST /api/user-settings/{id}/recovery-codes `{code}` → `{recovery_codes: [...]}`
 * (docs/account.md#two-factor-recovery-codes): a current code of the authenticator app replaces the
 * recovery codes with ten new ones (own account only); the old ones stop working. 422
 * `invalid_code` (field `code`). Refreshes the user info, whose `recoveryCodesLeft` the screen shows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import type { TwoFactorCodeInput } from './confirm-two-factor';
import { userSettingsPath } from './enroll-two-factor';

const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export function regenerateRecoveryCodes({ userId, code }: TwoFactorCodeInput): Promise<string[]> {
  return http
    .post(`${userSettingsPath(userId)}/recovery-codes`, { code }, { schema: RecoveryCodesSchema })
    .then((answer) => answer.recovery_codes);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
