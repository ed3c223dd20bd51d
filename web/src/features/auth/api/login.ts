/**
 * POST /api/auth/login `{email, password, ip}` →
 *   `{access_token, origin_backoffice, has_permission_routes}` (docs/contracts.md#api-calls), or,
 *   for a user with two-factor on, `{two_factor_required: true, challenge}` (docs/auth.md: the code
 *   is a second step).
 */
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

export const LoginSuccessSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  origin_backoffice: z.boolean(),
  /** Allowed route names (docs/contracts.md#roles-and-route-permissions). */
  has_permission_routes: z.array(z.string()),
  /** The user's role requires two-factor and the user has not turned it on yet. */
  two_factor_enrollment_required: z.optional(z.boolean()),
  /** The password is temporary: nothing but changing it works until it is (docs/account.md). */
  must_change_password: z.optional(z.boolean()),
});
export type LoginSuccess = z.infer<typeof LoginSuccessSchema>;

const TwoFactorRequiredSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string().check(z.minLength(1)),
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequiredSchema>;

const LoginAnswerSchema = z.union([TwoFactorRequiredSchema, LoginSuccessSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export interface LoginInput {
  email: string;
  password: string;
  ip: string | null;
}

export function isTwoFactorRequired(answer: LoginAnswer): answer is TwoFactorRequired {
  return 'two_factor_required' in answer;
}

export function login(input: LoginInput): Promise<LoginAnswer> {
  return http.post('/api/auth/login', input, {
    schema: LoginAnswerSchema,
    auth: false,
    // The answer sets the httpOnly refresh cookie, also when the API is on another origin.
    credentials: 'include',
  });
}
