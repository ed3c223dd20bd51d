/**
 * TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s) for the two-factor tests, as an authenticator
 * app would compute them from the secret the enrollment screen shows.
 */
import { Secret, TOTP } from 'otpauth';

export const PERIOD_SECONDS = 30;

/** The code for `atMs` (default now). The server accepts ±1 step, but never a step it has already used. */
export function totpCode(secret: string, atMs = Date.now()): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    digits: 6,
    period: PERIOD_SECONDS,
    algorithm: 'SHA1',
  });
  return totp.generate({ timestamp: atMs });
}
