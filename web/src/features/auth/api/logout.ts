//! POST /api/auth/logout `{data, ip}` (spec §7). `data` carries who is leaving
//! (`{uid, email}` of the stored user info); the server revokes the refresh token from its cookie.
//! On failure the client is cleared anyway (spec §7, §8): see hooks/use-logout.ts.
import { http } from '../../../lib/http';

export interface LogoutInput {
  data: { uid: number | string | null; email: string | null };
  ip: string | null;
}

export async function logout(input: LogoutInput): Promise<void> {
  await http.post('/api/auth/logout', input, {
    credentials: 'include',
    // A 401 here must not trigger a refresh or a second redirect: we are leaving anyway.
    handleUnauthorized: false,
  });
}
