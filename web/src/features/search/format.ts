/**
 * How the message search says things (pt_BR, São Paulo time): who wrote a match, when, the
 * counts, and where a match opens — the inbox at that message.
 */
import { HOME_ROUTE, routePath } from '../../config/paths';
import { formatAddress } from '../../lib/address';
import { formatDateTime, formatRelative } from '../../lib/dates';
import type { Match, SearchTicket } from './api/schemas';

/** An internal note (docs/notes.md): only the staff see it. */
export const INTERNAL_KIND = 'internal';

/** Who wrote the message, as a match's line says it. */
export function authorLabel(match: Pick<Match, 'direction' | 'kind'>): string {
  if (match.kind === INTERNAL_KIND) return 'Anotação interna';
  if (match.kind === 'note') return 'Registro do atendimento';
  if (match.direction === 'in') return 'Cliente';
  return match.kind === 'bot' ? 'Equipe · Assistente virtual' : 'Equipe';
}

/** A week: more recent matches say how long ago ("há 3 h", "ontem"), older ones their date and time. */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/** When a match was sent: `há 5 min.`, `ontem`, `há 3 dias`, else `21/11/2026, 15:04`. */
export function formatMatchTime(sentAt: string, now: Date): string {
  const at = new Date(sentAt).getTime();
  if (Number.isNaN(at)) return '—';
  return now.getTime() - at < RECENT_MS ? formatRelative(sentAt, now) : formatDateTime(sentAt);
}

/** The customer as a result names them: the name, else the phone as shown (`+55 41 93333-5656`). */
export function customerName(ticket: Pick<SearchTicket, 'customer'>): string {
  return ticket.customer.name.trim() || formatAddress(ticket.customer.phone).text;
}

/**
 * The inbox with the ticket open at the message (`&message=`: the conversation reads older pages
 * until it is there, features/inbox). The inbox's own path builder is in its feature (url.ts); a
 * feature does not import another.
 */
export function conversationAt(ticketId: number, messageId: number): string {
  return `${routePath(HOME_ROUTE)}?ticket=${ticketId}&message=${messageId}`;
}

/** `1 conversa`, `12 conversas`. */
export function conversationsCount(count: number): string {
  return count === 1 ? '1 conversa' : `${count.toLocaleString('pt-BR')} conversas`;
}

/** `1 mensagem`, `12 mensagens`. */
export function messagesCount(count: number): string {
  return count === 1 ? '1 mensagem' : `${count.toLocaleString('pt-BR')} mensagens`;
}
