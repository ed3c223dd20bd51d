/**
 * PATCH /api/user-settings/{id} `{"action":"confirm", code}` → `{two_factor_enabled: true,
 * recovery_codes: [ten]}`: the first code from the app turns two-factor on (docs/auth.md), and the
 * answer carries the recovery codes, shown once (docs/account.md#two-factor-recovery-codes). 422
 * `invalid_code` (field `code`) for a wrong or reused code. Refreshes the user info, whose
 * `twoFactorEnabled` and `recoveryCodesLeft` the screens show.
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

const ConfirmedSchema = z.object({
  two_factor_enabled: z.boolean(),
  /** Shown once; an older server sends none. */
  recovery_codes: z._default(z.array(z.string()), []),
});
export type Confirmed = z.infer<typeof ConfirmedSchema>;

export function confirmTwoFactor({ userId, code }: TwoFactorCodeInput): Promise<Confirmed> {
  return http.patch(userSettingsPath(userId), { action: 'confirm', code }, { schema: ConfirmedSchema });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    // Awaited: the mutation stays pending until the screen knows two-factor is on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
