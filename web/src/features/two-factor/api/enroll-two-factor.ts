/**
 * PATCH /api/user-settings/{id} `{"action":"enroll"}` → `{secret, otpauth_url}`
 * (docs/contracts.md#api-calls, "two-factor activity"; docs/auth.md): a new TOTP secret, shown as a
 * QR code of `otpauth_url`. Nothing changes for the user until a code confirms it, so no query is
 * invalidated. 403 `feature_disabled` when the tenant's plan lacks two-factor. Needs proof of
 * presence (lib/reauthentication.ts): without a recent password login, 422
 * `reauthentication_required` until the body carries `currentPassword`.
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import {
  proofFields,
  withoutReauthentication,
  type Reauthenticate,
  type ReauthenticationProof,
} from '../../../lib/reauthentication';

const EnrollmentSchema = z.object({
  secret: z.string().check(z.minLength(1)),
  otpauth_url: z.string().check(z.startsWith('otpauth://')),
});
export type Enrollment = z.infer<typeof EnrollmentSchema>;

export type UserId = number | string;

export function userSettingsPath(userId: UserId): string {
  return `/api/user-settings/${encodeURIComponent(String(userId))}`;
}

export function enrollTwoFactor(userId: UserId, proof?: ReauthenticationProof): Promise<Enrollment> {
  return http.patch(
    userSettingsPath(userId),
    { action: 'enroll', ...proofFields(proof) },
    { schema: EnrollmentSchema },
  );
}

/** `reauthenticate` asks the password when the server wants it (components/use-reauthentication.tsx). */
export function useEnrollTwoFactor(reauthenticate: Reauthenticate = withoutReauthentication) {
  return useMutation({
    mutationFn: (userId: UserId) => reauthenticate((proof) => enrollTwoFactor(userId, proof)),
  });
}
