/**
 * `TicketSlaChanged {ticket, state, target}` (docs/service-levels.md#sla-policies): a ticket's SLA
 * state changed — at risk, breached, or back on time — sent to the ticket's audience (its owner,
 * its queue's people, the supervisors). The inbox writes the ticket into its cache (./realtime.ts);
 * app/realtime.ts tells (./sla-notice.ts): a breach to whoever watches the control panel (route
 * `dashboard-control-panel`) and to the ticket's owner — with, in a hidden tab, the browser's
 * notification (here, as the assignments do: the permission is the inbox's to ask) — and a risk,
 * more quietly, to the owner alone.
 */
import * as z from 'zod/mini';
import { formatDue, SLA_STATES, TICKET_SLA_CHANGED_EVENT, type SlaState, type SlaTarget } from '../../lib/sla';
import { TicketSchema, type Ticket } from './api/schemas';
import { customerName } from './format';

const SlaChangedEvent = z.object({
  ticket: TicketSchema,
  state: z.enum(SLA_STATES),
  /** What moved it; another word (a future target) reads as the response. */
  target: z.catch(z.enum(['response', 'resolution']), 'response'),
});

export interface SlaChange {
  ticket: Ticket;
  state: SlaState;
  target: SlaTarget;
}

/** The change an event brings, or null (another event, or one that does not read as one). */
export function slaChangeOf(event: { event: string; [field: string]: unknown }): SlaChange | null {
  if (event.event !== TICKET_SLA_CHANGED_EVENT) return null;
  const parsed = SlaChangedEvent.safeParse(event);
  return parsed.success ? parsed.data : null;
}

/** Who hears of SLA changes: the user, and whether they watch the breaches (the control panel's). */
export interface SlaViewer {
  id: number;
  /** Holds the route `dashboard-control-panel`. */
  watchesBreaches: boolean;
}

/** How a change is told to this viewer: `breached` (loud), `at_risk` (quiet) or not at all (null). */
export function slaNoticeKind(change: SlaChange, viewer: SlaViewer): 'breached' | 'at_risk' | null {
  const owner = change.ticket.status !== 'pending' && change.ticket.assignedUser?.id === viewer.id;
  if (change.state === 'breached') return viewer.watchesBreaches || owner ? 'breached' : null;
  if (change.state === 'at_risk') return owner ? 'at_risk' : null;
  return null;
}

/** "Maria Souza (protocolo 20261207P12)". */
export function ticketLabel(ticket: Ticket): string {
  return `${customerName(ticket)} (protocolo ${ticket.protocol})`;
}

/** Who holds the ticket, as the breach says it: "Com Ana", "Com você", "Na fila". */
function holder(ticket: Ticket, viewerId: number): string {
  if (ticket.status === 'pending' || !ticket.assignedUser) return 'Na fila';
  return ticket.assignedUser.id === viewerId ? 'Com você' : `Com ${ticket.assignedUser.name}`;
}

/** The deadline the change is about: "Responder até 14:30" / "Resolver até amanhã às 09:00". */
function deadline(change: SlaChange, now: Date): string | null {
  const sla = change.ticket.sla;
  const due = change.target === 'response' ? sla?.responseDueAt : sla?.resolutionDueAt;
  if (!due) return null;
  return `${change.target === 'response' ? 'Responder' : 'Resolver'} até ${formatDue(due, now)}`;
}

/** The notification's words (the toast's and the browser's). */
export function slaChangeNotice(
  change: SlaChange,
  viewerId: number,
  now: Date = new Date(),
): { title: string; message: string } {
  if (change.state === 'breached') {
    const missed =
      change.target === 'response' ? 'A primeira resposta passou do prazo.' : 'A resolução passou do prazo.';
    return {
      title: `SLA estourado — ${ticketLabel(change.ticket)}`,
      message: `${missed} ${holder(change.ticket, viewerId)}.`,
    };
  }
  const due = deadline(change, now);
  return {
    title: 'Atendimento em risco de estourar o SLA',
    message: `${ticketLabel(change.ticket)}${due ? ` · ${due}` : ''}`,
  };
}

/**
 * A hidden tab: the browser's notification of a breach, when the browser allows it (never asked
 * here); a click focuses the tab and runs `onOpen` (the conversation).
 */
export function alertSlaBreach(change: SlaChange, viewerId: number, onOpen: () => void): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const notice = slaChangeNotice(change, viewerId);
  try {
    const notification = new Notification(notice.title, { body: notice.message, tag: `sla-${change.ticket.id}` });
    notification.onclick = () => {
      window.focus();
      onOpen();
      notification.close();
    };
  } catch {
    // Some browsers only show notifications from a service worker: the toast still tells.
  }
}
