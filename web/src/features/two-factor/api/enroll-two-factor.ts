/**
 * PATCH /api/user-settings/{id} `{"action":"enroll"}` → `{secret, otpauth_url}`
 * (docs/contracts.md#api-calls, "two-factor activity"; docs/auth.md): a new TOTP secret, shown as a
 * QR code of `otpauth_url`. Nothing changes for the user until a code confirms it, so no query is
 * invalidated. 403 `feature_disabled` when the tenant's plan lacks two-factor.
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

const EnrollmentSchema = z.object({
  secret: z.string().check(z.minLength(1)),
  otpauth_url: z.string().check(z.startsWith('otpauth://')),
});
export type Enrollment = z.infer<typeof EnrollmentSchema>;

export type UserId = number | string;

export function userSettingsPath(userId: UserId): string {
  return `/api/user-settings/${encodeURIComponent(String(userId))}`;
}

export function enrollTwoFactor(userId: UserId): Promise<Enrollment> {
  return http.patch(userSettingsPath(userId), { action: 'enroll' }, { schema: EnrollmentSchema });
}

export function useEnrollTwoFactor() {
  return useMutation({ mutationFn: enrollTwoFactor });
}
