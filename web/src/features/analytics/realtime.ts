/**
 * The live control panel (docs/analytics.md, `GET /api/dashboard/control-panel`): a ticket event
 * on the socket (a new ticket or message, a transfer step, a close) may change the queue, so the
 * panel is read again 500 ms after a burst of them — once per burst. app/realtime.ts calls this for
 * every event; while no control panel is on screen, invalidating its query only marks it stale.
 */
import type { QueryClient } from '@tanstack/react-query';
import { analyticsKeys } from './keys';

export const CONTROL_PANEL_DEBOUNCE_MS = 500;

/** The events that change what the control panel counts. */
export const CONTROL_PANEL_EVENTS: readonly string[] = [
  'CustomerCreatedToChat',
  'CustomerChatCreated',
  'ChatNotification',
  'ChatTicketTransfer',
  'ChatTicketTransferring',
  'ChatTicketTransferred',
  'DeleteChatTicketTransfer',
  'ChatTicketClosed',
  // Presence (agents online), when the server sends it.
  'UserConnected',
  'UserDisconnected',
];

const timers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/** Reads the control panel again once the burst of events `event` belongs to is over. */
export function scheduleControlPanelRefresh(queryClient: QueryClient, event: string): void {
  if (!CONTROL_PANEL_EVENTS.includes(event)) return;
  const pending = timers.get(queryClient);
  if (pending !== undefined) clearTimeout(pending);
  timers.set(
    queryClient,
    setTimeout(() => {
      timers.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.controlPanel() });
    }, CONTROL_PANEL_DEBOUNCE_MS),
  );
}
