/**
 * POST /api/auth/logout `{data, ip}` (docs/contracts.md#api-calls). `data` carries who is leaving
 * (`{uid, email}` of the stored user info); the server revokes the refresh token from its cookie and
 * the access token it is called with (docs/auth.md). The token is passed in, because the caller has
 * already removed it from storage (hooks/use-logout.ts); without one, only the cookie is revoked.
 * On failure the client is cleared anyway (docs/contracts.md#api-calls,
 * docs/auth.md#the-401-contract): see hooks/use-logout.ts.
 */
import { http } from '../../../lib/http';

export interface LogoutInput {
  data: { uid: number | string | null; email: string | null };
  ip: string | null;
}

export async function logout(input: LogoutInput, accessToken: string | null): Promise<void> {
  await http.post('/api/auth/logout', input, {
    ...(accessToken === null ? { auth: false } : { token: accessToken }),
    credentials: 'include',
    // A 401 here must not trigger a refresh or a second redirect: we are leaving anyway.
    handleUnauthorized: false,
  });
}
