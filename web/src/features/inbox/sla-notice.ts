/**
 * What app/realtime.ts does with `TicketSlaChanged` besides the cache (./realtime.ts): a breach is
 * toasted to whoever watches the control panel — "SLA estourado — Maria Souza (protocolo …)" with
 * "Abrir conversa", red, kept a while — plus, in a hidden tab, the browser's notification
 * (./sla.ts); a risk is toasted to the ticket's owner alone, more quietly ("Atendimento em risco de
 * estourar o SLA", orange, no browser notification). Both open the conversation.
 */
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { SlaNotice } from './components/SlaNotice';
import { alertSlaBreach, slaChangeNotice, slaChangeOf, slaNoticeKind, type SlaChange, type SlaViewer } from './sla';
import { inboxTicketPath, inboxTicketPathIn } from './url';

/** A breach stays long enough to be read: it is late work. */
export const SLA_BREACH_NOTICE_MS = 15_000;
/** A risk, like any other notice. */
export const SLA_RISK_NOTICE_MS = 8_000;

/** The conversation's path: beside "Meus" when the ticket is the viewer's. */
function pathOf(change: SlaChange, viewerId: number): string {
  const { ticket } = change;
  const mine = ticket.assignedUser?.id === viewerId && (ticket.status === 'open' || ticket.status === 'transferring');
  return mine ? inboxTicketPathIn('mine', ticket.id) : inboxTicketPath(ticket.id);
}

/**
 * Tells `viewer` of an SLA change meant for them; `open` goes to a path (the conversation). Answers
 * the change told, or null (another event, or nothing to tell this viewer).
 */
export function notifySlaChange(
  event: { event: string; [field: string]: unknown },
  viewer: SlaViewer,
  open: (path: string) => void,
): SlaChange | null {
  const change = slaChangeOf(event);
  if (!change) return null;
  const kind = slaNoticeKind(change, viewer);
  if (!kind) return null;
  const path = pathOf(change, viewer.id);
  const id = `ticket-sla-${change.ticket.id}`;
  const notice = slaChangeNotice(change, viewer.id);
  notifications.show({
    id,
    color: kind === 'breached' ? 'red' : 'orange',
    title: notice.title,
    message: createElement(SlaNotice, {
      ticket: change.ticket,
      message: notice.message,
      onOpen: () => {
        notifications.hide(id);
        open(path);
      },
    }),
    autoClose: kind === 'breached' ? SLA_BREACH_NOTICE_MS : SLA_RISK_NOTICE_MS,
  });
  if (kind === 'breached' && document.visibilityState === 'hidden') {
    alertSlaBreach(change, viewer.id, () => open(path));
  }
  return change;
}
