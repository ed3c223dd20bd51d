/**
 * A scheduled message as the screen names it: its customer ("Maria Souza", else the phone) and the
 * conversation it went to (the inbox with its ticket open).
 */
import { HOME_ROUTE, routePath } from '../../config/paths';
import { formatPhone } from '../../lib/phone';
import type { Scheduled } from '../../lib/scheduled-messages';

/** The customer as a line says it: the name, else the phone. */
export function customerName(scheduled: Pick<Scheduled, 'customer'>): string {
  return scheduled.customer.name || formatPhone(scheduled.customer.phone);
}

/**
 * The inbox with a ticket open: features/inbox/url.ts `inboxTicketPath`'s path (a feature does not
 * import another).
 */
export function conversationPath(ticketId: number): string {
  return `${routePath(HOME_ROUTE)}?ticket=${ticketId}`;
}
