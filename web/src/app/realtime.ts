//! Wires the realtime client (lib/realtime.ts) into the logged-in app: one socket while the
//! navigation layout is shown (it unmounts on logout and on a 401 redirect, which stops the
//! client), stopped for good on page unload (spec §4). Each event becomes a notification and
//! refreshes the queries it touches.
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAccessToken } from '../lib/http';
import { RealtimeClient, socketUrl, tenantFromHost, type RealtimeEvent } from '../lib/realtime';
import { getBaseUrl, getSession, hasValidAccessToken } from '../lib/session';
import { describeRealtimeEvent, queriesToRefresh } from './realtime-events';

/** The stored token, refreshed first when it has expired; null when there is no session. */
async function currentToken(): Promise<string | null> {
  const session = getSession();
  if (session.userInfo === null) return null;
  if (hasValidAccessToken(session)) return session.accessToken;
  try {
    return await refreshAccessToken();
  } catch {
    return null;
  }
}

/** The tenant the socket is for: the API's host when the API is elsewhere, else the page's (spec §1). */
function currentTenant(): string {
  const base = getBaseUrl();
  try {
    return tenantFromHost(new URL(base || window.location.origin).hostname);
  } catch {
    return tenantFromHost(window.location.hostname);
  }
}

export function useRealtime(userId: string | number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    const tenantName = currentTenant();
    const client = new RealtimeClient({
      url: socketUrl(getBaseUrl(), window.location.origin, tenantName, userId),
      tenantName,
      userId,
      getToken: currentToken,
      onEvent: (event: RealtimeEvent) => {
        const notice = describeRealtimeEvent(event);
        if (notice) notifications.show({ ...notice, autoClose: 6000 });
        else console.info('[realtime] unknown event', event.event);
        for (const queryKey of queriesToRefresh(event)) void queryClient.invalidateQueries({ queryKey });
      },
    });
    const stop = () => client.stop();
    window.addEventListener('pagehide', stop);
    window.addEventListener('beforeunload', stop);
    client.start();
    return () => {
      window.removeEventListener('pagehide', stop);
      window.removeEventListener('beforeunload', stop);
      client.stop();
    };
  }, [userId, queryClient]);
}
