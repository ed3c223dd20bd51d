/** How the inbox names things (pt_BR). */
import { formatPhone as formatPhonePt } from '../../lib/phone';
import { TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../../lib/ticket-statuses';
import type { Ticket } from './api/schemas';

/** What a customer whose number WhatsApp hides shows instead of a phone. */
export const HIDDEN_NUMBER = 'Número oculto';

/** A customer's address as shown: the phone, or "Número oculto" and the id that stands for it. */
export interface AddressView {
  /** `+55 11 98765-4321`, or `Número oculto`. */
  text: string;
  /** The BSUID or LID when the number is hidden (shown secondary, `ID: BR.1502…`); null for a phone. */
  id: string | null;
}

/**
 * A customer's address (their `phone`): a `+digits` phone is formatted; anything else is the id
 * WhatsApp gives instead of a hidden number (a BSUID `BR.1502…`, a LID `1203…@lid`) and reads
 * "Número oculto", never as a phone. Every place the inbox shows a customer's phone goes through
 * here (a contact card's phones are phones: `formatPhone`).
 */
export function formatAddress(address: string): AddressView {
  return address.startsWith('+') ? { text: formatPhonePt(address), id: null } : { text: HIDDEN_NUMBER, id: address };
}

/** The address on one line of plain text: `+55 11 98765-4321`, or `Número oculto · ID: BR.1502…`. */
export function addressLine(address: string): string {
  const { text, id } = formatAddress(address);
  return id === null ? text : `${text} · ID: ${id}`;
}

/** The customer's name, or their phone (or "Número oculto") when the provider gave none. */
export function displayName(customer: { name: string; phone: string }): string {
  const name = customer.name.trim();
  if (name) return name;
  return customer.phone.startsWith('+') ? customer.phone : HIDDEN_NUMBER;
}

export function customerName(ticket: Pick<Ticket, 'customer'>): string {
  return displayName(ticket.customer);
}

const IDENTITY_LABELS: Record<string, string | undefined> = {
  phone: 'Telefone',
  bsuid: 'Usuário do WhatsApp (BSUID)',
  lid: 'ID vinculado (LID)',
};

/** `Telefone`, `Usuário do WhatsApp (BSUID)`, `ID vinculado (LID)`; an unknown kind as it is. */
export function identityLabel(kind: string): string {
  return IDENTITY_LABELS[kind] ?? kind;
}

/** An identity's value as shown: a phone formatted as everywhere else, an id as it is. */
export function identityValue(identity: { kind: string; value: string }): string {
  return identity.kind === 'phone' ? formatPhonePt(identity.value) : identity.value;
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
