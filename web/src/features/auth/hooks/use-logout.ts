//! Logout (spec §7): POST /api/auth/logout, then — whether it worked or not — clear the session
//! and go to /login (leaving the navigation layout drops the query cache).
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { plainPaths } from '../../../config/paths';
import { withLoadingOverlay } from '../../../lib/loading';
import { clearSession, getSession } from '../../../lib/session';
import { getIp } from '../api/get-ip';
import { logout } from '../api/logout';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();

  return useCallback(async () => {
    const { userInfo } = getSession();
    try {
      await withLoadingOverlay(
        (async () => {
          const ip = await getIp();
          await logout({ data: { uid: userInfo?.uid ?? null, email: userInfo?.email ?? null }, ip });
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
