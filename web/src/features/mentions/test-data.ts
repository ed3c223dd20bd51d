/** Mentions as the server sends them, for the tests. */
import type { Mention, MentionPage } from './api/schemas';

export function mention(overrides: Partial<Mention> = {}): Mention {
  return {
    id: 31,
    ticketId: 12,
    messageId: 900,
    protocol: '2026000012',
    customerName: 'Maria Souza',
    author: { id: 4, name: 'Carlos Lima' },
    body: '@Ana Souza o cliente já pagou, pode liberar o pedido?',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    share: null,
    ...overrides,
  };
}

export function page(data: Mention[], nextCursor: string | null = null, unread = 0): MentionPage {
  return { data, next_cursor: nextCursor, unread };
}
