/** How the inbox names things (pt_BR). */
import { formatPhone as formatPhonePt } from '../../lib/phone';
import { TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../../lib/ticket-statuses';
import { displayName } from '../../lib/address';
import type { Ticket } from './api/schemas';

export {
  HIDDEN_NUMBER,
  addressLine,
  displayName,
  formatAddress,
  identityLabel,
  identityValue,
} from '../../lib/address';
export type { AddressView } from '../../lib/address';

export function customerName(ticket: Pick<Ticket, 'customer'>): string {
  return displayName(ticket.customer);
}

/** The statuses' labels and dot colours (shared with the customers screen: lib/ticket-statuses.ts). */
export const STATUS_LABELS = TICKET_STATUS_LABELS;
export const STATUS_COLORS = TICKET_STATUS_COLORS;

/** Who wrote a message of the chatbot (the bot's name is not in the message). */
export const BOT_AUTHOR = 'Assistente virtual';

/** Ack labels (also the ticks' accessible names). */
export const ACK_LABELS: Record<string, string> = {
  queued: 'Na fila de envio',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Não entregue',
};

/**
 * `+5511987654321` → `+55 11 98765-4321` (lib/phone.ts, shared with the customers screen): a phone
 * of a contact card. A customer's address goes through `formatAddress`.
 */
export const formatPhone = formatPhonePt;
