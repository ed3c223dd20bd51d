/**
 * POST /api/auth/password `{currentPassword, newPassword}` (docs/account.md#my-password): any
 * logged-in user changes their own password, also while a temporary one must be changed. The answer
 * is the login's success answer with a new refresh cookie: every *other* session of the user ends,
 * this one goes on with the new access token, stored here as the login stores it. 422
 * `invalid_current_password` (field `currentPassword`), `weak_password` and `same_password` (field
 * `newPassword`); 429 `rate_limited` after too many wrong current passwords.
 *
 * A plain function, no TanStack Query: the forced change (/trocar-senha) runs outside the
 * navigation layout and its query client.
 */
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { setMustChangePassword } from '../../../lib/password-change';
import { setAccessToken, setOriginBackoffice, setPermissionRoutes } from '../../../lib/session';

const PasswordChangedSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  has_permission_routes: z.array(z.string()),
  origin_backoffice: z.boolean(),
});
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** The server's field names, as the form names its fields. */
export const PASSWORD_FIELDS = { currentPassword: 'currentPassword', newPassword: 'newPassword' } as const;

export async function changePassword(input: ChangePasswordInput): Promise<PasswordChanged> {
  const answer = await http.post('/api/auth/password', input, {
    schema: PasswordChangedSchema,
    // The answer sets the new refresh cookie, also when the API is on another origin.
    credentials: 'include',
  });
  setAccessToken(answer.access_token);
  setPermissionRoutes(answer.has_permission_routes);
  setOriginBackoffice(answer.origin_backoffice);
  setMustChangePassword(false);
  return answer;
}
