/**
 * Wires the realtime client (lib/realtime.ts) into the logged-in app: one socket while the
 * navigation layout is shown (it unmounts on logout and on a 401 redirect, which stops the client),
 * stopped for good on page unload (docs/contracts.md#states-and-transitions); a 1008 close whose
 * session the server confirms over goes to /login (`sessionAlive`, `sessionEnded`). Each event becomes a
 * notification and refreshes the queries it touches; `CampaignUpdated` is written into the
 * campaigns' cache (features/campaigns/realtime.ts), `UserConnected` / `UserDisconnected` about
 * the user into the header's status (features/presence/realtime.ts), and `TagsChanged` into the
 * tenant's tags (lib/tags.ts). `TicketAssigned` tells the user the distribution gave them a ticket
 * (features/inbox/assignment-notice.ts); `TicketSlaChanged` tells of a breach those who watch the
 * control panel, and of a risk the ticket's owner (features/inbox/sla-notice.ts). `OrderChanged`
 * is written into the customer's orders (features/orders/realtime.ts).
 */
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { scheduleAtRiskRefresh, scheduleControlPanelRefresh } from '../features/analytics/realtime';
import { applyCampaignEvent, CAMPAIGN_EVENT, transitionNotice } from '../features/campaigns/realtime';
import { applyCustomersEvent } from '../features/customers/realtime';
import { scheduleDistributionRefresh } from '../features/distribution/realtime';
import { alertNewMessage } from '../features/inbox/alert';
import { notifyAssignment } from '../features/inbox/assignment-notice';
import { notifySlaChange } from '../features/inbox/sla-notice';
import { inboxTicketPath } from '../features/inbox/url';
import { alertsViewer, applyInboxEvent, INBOX_EVENTS, refreshInbox } from '../features/inbox/realtime';
import { applyPairingCodeEvent } from '../features/instances/pairing-codes';
import { alertMention } from '../features/mentions/alert';
import { applyMentionsEvent, refreshMentions } from '../features/mentions/realtime';
import { orderKeys } from '../features/orders/keys';
import { applyOrdersEvent } from '../features/orders/realtime';
import { applyPresenceEvent } from '../features/presence/realtime';
import { hasPermissionRoute } from '../lib/access';
import { ApiError, endSessionEndedByServer, http, refreshAccessToken, TOKEN_EXPIRED_MESSAGE } from '../lib/http';
import { CURRENT_USER_QUERY_KEY } from '../lib/query-keys';
import { RealtimeClient, socketUrl, tenantFromHost, type RealtimeEvent } from '../lib/realtime';
import { applyTagsEvent, tagKeys } from '../lib/tags';
import { getBaseUrl, getSession, hasValidAccessToken } from '../lib/session';
import { describeRealtimeEvent, noticeFor, queriesToRefresh } from './realtime-events';

/**
 * The stored token, refreshed first when it has expired; null when there is no session — also when
 * the token is gone but the user info is still there (logout removes the token first: refreshing
 * then would start a new session while the server ends this one).
 */
async function currentToken(): Promise<string | null> {
  const session = getSession();
  if (session.userInfo === null || session.accessToken === null) return null;
  if (hasValidAccessToken(session)) return session.accessToken;
  try {
    return await refreshAccessToken();
  } catch {
    return null;
  }
}

/** Whether a 401 body says the access token merely expired (docs/auth.md#the-401-contract). */
function tokenExpired(body: unknown): boolean {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some((entry) => (entry as { message?: unknown } | null)?.message === TOKEN_EXPIRED_MESSAGE)
  );
}

/**
 * After a 1008 close (docs/contracts.md#deliberate-deviations-from-the-specification): whether the
 * session is still alive, asked of the server with one `GET /api/auth/userInfo`. No token: a logout
 * is under way, nothing to ask. Alive also when, meanwhile, a new session's token was stored (a
 * password change ends the old session — its socket gets the 1008 — and stores the new one before
 * or after the check answers), and when the token merely expired and a refresh renews it. The 401
 * rules are not applied here: going to /login is `sessionEnded`'s, once the session is known over.
 */
export async function sessionAlive(): Promise<boolean> {
  const checked = getSession().accessToken;
  if (checked === null) return false;
  try {
    await http.get('/api/auth/userInfo', { handleUnauthorized: false });
    return true;
  } catch (error) {
    const stored = getSession().accessToken;
    if (stored !== null && stored !== checked) return true;
    if (error instanceof ApiError && error.status === 401 && tokenExpired(error.body)) {
      try {
        await refreshAccessToken();
        return true;
      } catch {
        return false;
      }
    }
    return false;
  }
}

/**
 * The session is over after a 1008: to /login (the login screen says the session expired) — unless
 * the token is already gone (a logout did it).
 */
export function sessionEnded(): void {
  if (getSession().accessToken !== null) endSessionEndedByServer();
}

/**
 * The tenant the socket is for: the API's host when the API is elsewhere, else the page's
 * (docs/contracts.md#product).
 */
function currentTenant(): string {
  const base = getBaseUrl();
  try {
    return tenantFromHost(new URL(base || window.location.origin).hostname);
  } catch {
    return tenantFromHost(window.location.hostname);
  }
}

/** The user's department, from the user info the layout keeps (a transfer may be addressed to it). */
function departmentOf(queryClient: QueryClient): number | null {
  const answer = queryClient.getQueryData<{ user?: { userDepartment?: { id?: unknown } | null } }>(
    CURRENT_USER_QUERY_KEY,
  );
  const id = answer?.user?.userDepartment?.id;
  return typeof id === 'number' ? id : null;
}

/**
 * A socket opened. After the first: events sent while none was open are lost, so the inbox is read
 * again (the kanban board's columns with it), the mentions, the tags and the customers' orders. After a 1012 close (the user's role, department or instances changed): what every screen
 * shows may differ — the user info (menu, `sees_all_tickets`, instances), the queue, the instance
 * filter, the instance lists — so every query is read again (those on screen at once, the others
 * when next shown).
 */
export function refreshAfterOpen(queryClient: QueryClient, reconnected: boolean, rightsChanged: boolean): void {
  if (rightsChanged) void queryClient.invalidateQueries();
  else if (reconnected) {
    refreshInbox(queryClient);
    refreshMentions(queryClient);
    // A `TagsChanged` sent meanwhile was lost: the tags (and so the board's columns) are read again.
    void queryClient.invalidateQueries({ queryKey: tagKeys.list() });
    // So was any `OrderChanged`: the customers' orders are read again.
    void queryClient.invalidateQueries({ queryKey: orderKeys.all() });
  }
}

/**
 * One socket for as long as the user is logged in. `openTicket` takes the user to a ticket (a
 * browser notification was clicked).
 */
export function useRealtime(userId: string | number | undefined, openTicket: (path: string) => void): void {
  const queryClient = useQueryClient();
  // The latest navigation function, without reconnecting when it changes.
  const open = useRef(openTicket);
  useEffect(() => {
    open.current = openTicket;
  }, [openTicket]);
  useEffect(() => {
    if (userId === undefined) return undefined;
    const tenantName = currentTenant();
    const viewerId = Number(userId);
    const client = new RealtimeClient({
      url: socketUrl(getBaseUrl(), window.location.origin, tenantName, userId),
      tenantName,
      userId,
      getToken: currentToken,
      checkSession: sessionAlive,
      onSessionEnded: sessionEnded,
      onOpen: (reconnected, rightsChanged) => refreshAfterOpen(queryClient, reconnected, rightsChanged),
      onEvent: (event: RealtimeEvent) => {
        if (INBOX_EVENTS.includes(event.event)) {
          const fresh = applyInboxEvent(queryClient, event, viewerId);
          if (fresh && document.visibilityState === 'hidden' && alertsViewer(fresh.ticket, viewerId)) {
            alertNewMessage({
              ticketId: fresh.ticket.id,
              title: fresh.ticket.customer.name || fresh.ticket.customer.phone,
              // A photo or voice note has no text: the queue's preview says what it is ("📷 Foto").
              body: fresh.message.body || fresh.ticket.lastMessage?.body || '',
              onOpen: () => open.current(inboxTicketPath(fresh.ticket.id)),
            });
          }
        }
        // The distribution gave this user a ticket: a toast that opens it (and, in a hidden tab,
        // the browser's notification); the inbox moved it to "Meus" above.
        notifyAssignment(event, viewerId, (path) => open.current(path));
        // A ticket's SLA changed: a breach is told to whoever watches the control panel (and, in a
        // hidden tab, by the browser), a risk to the ticket's owner; the inbox updated it above.
        notifySlaChange(
          event,
          {
            id: viewerId,
            watchesBreaches: hasPermissionRoute('dashboard-control-panel', getSession().permissionRoutes),
          },
          (path) => open.current(path),
        );
        // Someone named this user in a note: the header's count and list follow at once; a hidden
        // tab also gets a browser notification that opens the ticket.
        const mention = applyMentionsEvent(queryClient, event);
        if (mention && document.visibilityState === 'hidden') {
          alertMention(mention, () => open.current(inboxTicketPath(mention.ticketId)));
        }
        if (event.event === CAMPAIGN_EVENT) {
          // The campaigns screen shows the progress live; only a campaign finishing or paused is told.
          const notice = transitionNotice(applyCampaignEvent(queryClient, event));
          if (notice) notifications.show({ ...notice, autoClose: 6000 });
        }
        const presenceNotice = applyPresenceEvent(queryClient, event, viewerId);
        if (presenceNotice) notifications.show({ ...presenceNotice, autoClose: 6000 });
        // The customers screen: a blacklist or a group changed (features/customers/realtime.ts).
        applyCustomersEvent(queryClient, event);
        // An order registered or changed: the customer panel's "Pedidos" (features/orders/realtime.ts).
        applyOrdersEvent(queryClient, event);
        // The tenant's tags or the board's columns changed: every picker, filter and board follows.
        applyTagsEvent(queryClient, event);
        // An open "Conectar número" dialog: the provider's renewed QR code.
        applyPairingCodeEvent(event);
        scheduleControlPanelRefresh(queryClient, event.event);
        // The control panel's "Prestes a estourar": the tickets at risk or breached.
        scheduleAtRiskRefresh(queryClient, event.event);
        // The distribution screen: what each person holds, and who may receive.
        scheduleDistributionRefresh(queryClient, event.event);
        const known = describeRealtimeEvent(event) !== null;
        const notice = noticeFor(event, { id: viewerId, departmentId: departmentOf(queryClient) });
        if (notice) notifications.show({ ...notice, autoClose: 6000 });
        else if (!known) console.info('[realtime] unknown event', event.event);
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
