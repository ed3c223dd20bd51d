/**
 * The live control panel (docs/analytics.md, `GET /api/dashboard/control-panel`): a ticket event
 * on the socket (a new ticket or message, a transfer step, a close) may change the queue, so the
 * panel is read again 500 ms after a burst of them — once per burst. app/realtime.ts calls this for
 * every event; while no control panel is on screen, invalidating its query only marks it stale.
 * Its "Prestes a estourar" card (`GET /api/dashboard/control-panel/at-risk`) follows the tickets' SLA events the same way.
 */
import { debouncedRefresh } from '../../lib/debounced-refresh';
import { TICKET_SLA_CHANGED_EVENT } from '../../lib/sla';
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

/** Reads the control panel again once the burst of events `event` belongs to is over. */
export const scheduleControlPanelRefresh = debouncedRefresh(
  CONTROL_PANEL_EVENTS,
  () => analyticsKeys.controlPanel(),
  CONTROL_PANEL_DEBOUNCE_MS,
);

/**
 * The events that change the "Prestes a estourar" list: a ticket's SLA state (at risk, breached,
 * back on time once answered), and the ticket leaving the open ones (closed) or changing hands.
 */
export const AT_RISK_EVENTS: readonly string[] = [
  TICKET_SLA_CHANGED_EVENT,
  'ChatTicketClosed',
  'ChatTicketTransferred',
  'TicketAssigned',
];

/** Reads "Prestes a estourar" again once the burst of events `event` belongs to is over. */
export const scheduleAtRiskRefresh = debouncedRefresh(
  AT_RISK_EVENTS,
  () => analyticsKeys.atRisk(),
  CONTROL_PANEL_DEBOUNCE_MS,
);
