/**
 * `TicketAssigned {ticket, user_id, reason}` (docs/service-levels.md#distribution): the distribution
 * gave a waiting ticket to this user, and says why ("Atribuído a Ana (menos atendimentos): 2/5
 * atendimentos, online há 40 min"). Sent to that person only; the ticket's audience also gets
 * `ChatTicketTransferred`, and the conversation a line with the same reason. The inbox writes the
 * ticket into its cache (./realtime.ts); app/realtime.ts toasts "Novo atendimento para você" with a
 * way to open it (./components/AssignmentNotice.tsx) and, in a hidden tab, shows a browser
 * notification (here, as the mentions do: the permission is the inbox's to ask).
 */
import * as z from 'zod/mini';
import { TicketSchema, type Ticket } from './api/schemas';
import { customerName } from './format';

export const TICKET_ASSIGNED_EVENT = 'TicketAssigned';

const TicketAssignedEvent = z.object({ ticket: TicketSchema, user_id: z.number(), reason: z.string() });

export interface Assignment {
  ticket: Ticket;
  userId: number;
  /** Why this person, in pt_BR (the server's words). */
  reason: string;
}

/** The assignment an event brings, or null (another event, or one that does not read as one). */
export function assignmentOf(event: { event: string; [field: string]: unknown }): Assignment | null {
  if (event.event !== TICKET_ASSIGNED_EVENT) return null;
  const parsed = TicketAssignedEvent.safeParse(event);
  if (!parsed.success) return null;
  return { ticket: parsed.data.ticket, userId: parsed.data.user_id, reason: parsed.data.reason };
}

/** The notification's words (the toast's and the browser's). */
export function assignmentNotice(assignment: Assignment): { title: string; message: string } {
  const reason = assignment.reason.trim();
  return {
    title: 'Novo atendimento para você',
    message: `${customerName(assignment.ticket)} (#${assignment.ticket.protocol})${reason ? ` · ${reason}` : ''}`,
  };
}

/**
 * A hidden tab: the browser's notification, when the browser allows it (never asked here); a click
 * focuses the tab and runs `onOpen` (the conversation).
 */
export function alertAssignment(assignment: Assignment, onOpen: () => void): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const notice = assignmentNotice(assignment);
  try {
    const notification = new Notification(notice.title, {
      body: notice.message,
      tag: `assigned-${assignment.ticket.id}`,
    });
    notification.onclick = () => {
      window.focus();
      onOpen();
      notification.close();
    };
  } catch {
    // Some browsers only show notifications from a service worker: the toast still tells.
  }
}
