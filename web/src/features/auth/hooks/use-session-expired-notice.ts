/**
 * "Sua sessão expirou, entre novamente." on the login screen, once, after the server ended the
 * session the person had (a 401, or a refused refresh: lib/http.ts marks it). Read when the screen
 * opens and forgotten at once, so a reload or the next visit does not say it again; hidden when the
 * person submits.
 */
import { useEffect, useState } from 'react';
import { forgetSessionExpired, isSessionExpiredPending } from '../../../lib/session';

export function useSessionExpiredNotice(): { shown: boolean; dismiss: () => void } {
  const [shown, setShown] = useState(isSessionExpiredPending);
  useEffect(() => {
    forgetSessionExpired();
  }, []);
  return { shown, dismiss: () => setShown(false) };
}
