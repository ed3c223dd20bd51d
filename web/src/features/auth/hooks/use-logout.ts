/**
 * Logout (docs/contracts.md#api-calls): POST /api/auth/logout, then — whether it worked or not —
 * clear the session and go to /login (leaving the navigation layout drops the query cache).
 *
 * The server ends the access token too (afterwards it answers 401 `Token is Invalid`, and closes the
 * realtime socket with 1008: docs/realtime.md#closing). So the stored token is removed *before* the
 * call, which sends it explicitly: from then on nothing else in the app uses it — a request that
 * needs a token is not sent (lib/http.ts) and the realtime client neither reconnects nor refreshes
 * (app/realtime.ts) — while the user info stays until /login, so the screen does not change under
 * the loading overlay.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { plainPaths } from '../../../config/paths';
import { withLoadingOverlay } from '../../../lib/loading';
import { clearSession, getSession, removeAccessToken } from '../../../lib/session';
import { getIp } from '../api/get-ip';
import { logout } from '../api/logout';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();

  return useCallback(async () => {
    const { userInfo, accessToken } = getSession();
    removeAccessToken();
    try {
      await withLoadingOverlay(
        (async () => {
          const ip = await getIp();
          await logout({ data: { uid: userInfo?.uid ?? null, email: userInfo?.email ?? null }, ip }, accessToken);
        })(),
      );
    } catch (error) {
      console.error('[auth] logout failed; clearing the session anyway', error);
    } finally {
      clearSession();
      await navigate(plainPaths.login, { replace: true });
    }
  }, [navigate]);
}
