import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketPages } from './cache';
import { inboxKeys, visibleTabs, type QueueFilter } from './keys';
import { alertsViewer, applyInboxEvent } from './realtime';
import { message, page, ticket } from './test-data';

const withBot: QueueFilter = { tab: 'bot', search: '', instanceId: null, tagId: null };
const pending: QueueFilter = { tab: 'pending', search: '', instanceId: null, tagId: null };

describe('tickets the chatbot holds', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.setQueryData<TicketPages>(inboxKeys.list(withBot), { pages: [page([])], pageParams: [undefined] });
    client.setQueryData<TicketPages>(inboxKeys.list(pending), { pages: [page([])], pageParams: [undefined] });
  });
  afterEach(() => vi.useRealTimers());

  const ids = (filter: QueueFilter) =>
    client.getQueryData<TicketPages>(inboxKeys.list(filter))?.pages[0]?.data.map((t) => t.id);

  it('a new bot ticket lands under "Com o bot", and its customer’s messages never ring', () => {
    applyInboxEvent(client, { event: 'CustomerChatCreated', ticket: ticket(4, { status: 'bot' }) }, 7);
    expect(ids(withBot)).toEqual([4]);
    expect(ids(pending)).toEqual([]);
    const fresh = applyInboxEvent(
      client,
      { event: 'ChatNotification', ticket: ticket(4, { status: 'bot' }), message: message(9, { ticketId: 4 }) },
      7,
    );
    expect(fresh).not.toBeNull();
    expect(alertsViewer(fresh!.ticket, 7)).toBe(false);
    // The same customer's message once the bot routed the ticket to the queue does ring.
    expect(alertsViewer(ticket(4, { status: 'pending' }), 7)).toBe(true);
  });

  it('the bot routes the ticket (a notice, no message): it moves from "Com o bot" to "Aguardando"', () => {
    applyInboxEvent(client, { event: 'CustomerChatCreated', ticket: ticket(4, { status: 'bot' }) }, 7);
    const fresh = applyInboxEvent(
      client,
      {
        event: 'ChatNotification',
        ticket: ticket(4, { status: 'pending', department: { id: 6, name: 'Financeiro' } }),
        message: null,
        notice: 'Maria encaminhou o atendimento para Financeiro.',
      },
      7,
    );
    expect(fresh).toBeNull();
    expect(ids(withBot)).toEqual([]);
    expect(ids(pending)).toEqual([4]);
  });

  it('the bot’s own messages (direction out) are no customer message', () => {
    const fresh = applyInboxEvent(
      client,
      {
        event: 'ChatNotification',
        ticket: ticket(4, { status: 'bot' }),
        message: message(10, { ticketId: 4, direction: 'out', kind: 'bot' }),
      },
      7,
    );
    expect(fresh).toBeNull();
  });

  it('"Com o bot" shows where the tenant has the chatbot, while it holds tickets, or when it is open', () => {
    const counts = { pending: 0, open: 0, transferring: 0, mine: 0, bot: 0 };
    expect(visibleTabs(false, counts, 'pending')).toEqual(['pending', 'mine', 'transferring', 'closed']);
    expect(visibleTabs(null, undefined, 'pending')).toEqual(['pending', 'mine', 'transferring', 'closed']);
    expect(visibleTabs(true, counts, 'pending')).toEqual(['pending', 'mine', 'transferring', 'bot', 'closed']);
    expect(visibleTabs(false, { ...counts, bot: 2 }, 'pending')).toContain('bot');
    expect(visibleTabs(null, counts, 'bot')).toContain('bot');
  });
});
