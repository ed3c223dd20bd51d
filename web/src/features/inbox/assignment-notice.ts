/**
 * What app/realtime.ts does with `TicketAssigned` besides the cache (./realtime.ts): the toast
 * "Novo atendimento para você" — the customer, the reason and "Abrir conversa" — and, while the tab
 * is hidden, the browser's notification (./assignment.ts), both opening the conversation.
 */
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { alertAssignment, assignmentNotice, assignmentOf, type Assignment } from './assignment';
import { AssignmentNotice } from './components/AssignmentNotice';
import { inboxTicketPathIn } from './url';

/** The toast stays a little longer than the others: it is work for the person. */
export const ASSIGNMENT_NOTICE_MS = 12_000;

/**
 * Tells the user of an assignment addressed to them (`viewerId`); `open` goes to a path (the
 * conversation). Answers the assignment told, or null for any other event.
 */
export function notifyAssignment(
  event: { event: string; [field: string]: unknown },
  viewerId: number,
  open: (path: string) => void,
): Assignment | null {
  const assignment = assignmentOf(event);
  if (!assignment || assignment.userId !== viewerId) return null;
  // It is theirs now: the conversation opens with "Meus" beside it.
  const path = inboxTicketPathIn('mine', assignment.ticket.id);
  const id = `ticket-assigned-${assignment.ticket.id}`;
  notifications.show({
    id,
    color: 'teal',
    title: assignmentNotice(assignment).title,
    message: createElement(AssignmentNotice, {
      assignment,
      onOpen: () => {
        notifications.hide(id);
        open(path);
      },
    }),
    autoClose: ASSIGNMENT_NOTICE_MS,
  });
  if (document.visibilityState === 'hidden') alertAssignment(assignment, () => open(path));
  return assignment;
}
