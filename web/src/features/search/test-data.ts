/** Answers of GET /api/search/messages for the tests (the server's shapes). */
import type { Match, SearchHit, SearchTicket } from './api/schemas';

export function searchTicket(id: number, extra: Partial<SearchTicket> = {}): SearchTicket {
  return {
    id,
    protocol: `20261123P${id}`,
    status: 'open',
    customer: { id: 100 + id, name: `Cliente ${id}`, phone: '+5511988887777' },
    instance: { id: 1, name: 'WhatsApp Loja' },
    assignedUser: { id: 7, name: 'Ana Souza' },
    tags: [],
    ...extra,
  };
}

export function match(id: number, extra: Partial<Match> = {}): Match {
  return {
    id,
    direction: 'in',
    kind: 'text',
    sentAt: '2026-11-23T12:00:00Z',
    snippet: [
      { text: 'Paguei o ', hit: false },
      { text: 'boleto', hit: true },
      { text: ' ontem', hit: false },
    ],
    ...extra,
  };
}

export function hit(ticket: SearchTicket, matches: Match[]): SearchHit {
  return { ticket, matches };
}
