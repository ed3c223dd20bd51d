/** How the inbox names things (pt_BR). */
import type { Ticket } from './api/schemas';

export function customerName(ticket: Pick<Ticket, 'customer'>): string {
  return ticket.customer.name.trim() || ticket.customer.phone;
}

export const STATUS_LABELS: Record<string, string> = {
  pending: 'Aguardando',
  open: 'Em atendimento',
  transferring: 'Em transferência',
  closed: 'Encerrado',
  bot: 'Com o bot',
};

/** Colours of the status dots (the text stays the body colour: readable in both schemes). */
export const STATUS_COLORS: Record<string, string> = {
  pending: 'orange',
  open: 'teal',
  transferring: 'yellow',
  closed: 'gray',
  bot: 'violet',
};

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

/** `+5511987654321` → `+55 11 98765-4321` (Brazilian numbers; others as they are). */
export function formatPhone(phone: string): string {
  const match = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(phone);
  return match ? `+55 ${match[1]} ${match[2]}-${match[3]}` : phone;
}
