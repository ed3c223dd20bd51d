/**
 * POST /api/auth/login/two-factor `{challenge, code}` → the same success answer as the login
 * (docs/auth.md: TOTP second step; `challenge` comes from the first step's answer).
 */
import { http } from '../../../lib/http';
import { LoginSuccessSchema, type LoginSuccess } from './login';

export interface LoginTwoFactorInput {
  challenge: string;
  /** The 6-digit TOTP code. */
  code: string;
}

export function loginTwoFactor(input: LoginTwoFactorInput): Promise<LoginSuccess> {
  return http.post('/api/auth/login/two-factor', input, {
    schema: LoginSuccessSchema,
    auth: false,
    credentials: 'include',
  });
}
