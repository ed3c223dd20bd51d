import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from './api/schemas';
import type { MessagePages, TicketPages } from './cache';
import { inboxKeys, type QueueFilter } from './keys';
import { alertsViewer, applyInboxEvent, INBOX_EVENTS, LIST_REFRESH_DEBOUNCE_MS } from './realtime';
import { message, page, ticket, transfer } from './test-data';

const pending: QueueFilter = { tab: 'pending', search: '', instanceId: null, tagId: null };
const transferring: QueueFilter = { tab: 'transferring', search: '', instanceId: null, tagId: null };

describe('realtime events in the inbox', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.setQueryData<TicketPages>(inboxKeys.list(pending), { pages: [page([ticket(1)])], pageParams: [undefined] });
  });
  afterEach(() => vi.useRealTimers());

  it("a customer's message: the ticket goes first in the queue, the message joins the conversation", () => {
    client.setQueryData<MessagePages>(inboxKeys.messages(2), {
      pages: [{ data: [message(1, { ticketId: 2 })], next_cursor: null }],
      pageParams: [undefined],
    });
    const fresh = applyInboxEvent(
      client,
      {
        event: 'ChatNotification',
        ticket: ticket(2, { unread: 2 }),
        message: message(5, { ticketId: 2 }),
        notice: null,
      },
      7,
    );
    expect(fresh?.message.id).toBe(5);
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data.map((t) => t.id)).toEqual([2, 1]);
    expect(client.getQueryData<MessagePages>(inboxKeys.messages(2))?.pages[0]?.data.map((m) => m.id)).toEqual([1, 5]);
  });

  it('a reply (direction "out"): the queue re-sorts and the conversation gets it, but nothing rings', () => {
    const mine: QueueFilter = { tab: 'mine', search: '', instanceId: null, tagId: null };
    const own = (id: number, at: string) =>
      ticket(id, { status: 'open', assignedUser: { id: 7, name: 'Alice' }, unread: 0, updatedAt: at });
    client.setQueryData<TicketPages>(inboxKeys.list(mine), {
      pages: [page([own(3, '2026-11-23T12:05:00Z'), own(4, '2026-11-23T12:00:00Z')])],
      pageParams: [undefined],
    });
    client.setQueryData<MessagePages>(inboxKeys.messages(4), {
      pages: [{ data: [message(1, { ticketId: 4 })], next_cursor: null }],
      pageParams: [undefined],
    });
    const reply = message(9, {
      ticketId: 4,
      direction: 'out',
      ack: 'queued',
      user: { id: 8, name: 'Supervisora' },
      clientId: 'c-9',
    });
    const event = {
      event: 'ChatNotification',
      ticket: own(4, '2026-11-23T12:10:00Z'),
      message: reply,
      notice: null,
    };
    expect(applyInboxEvent(client, event, 7)).toBeNull();
    expect(client.getQueryData<TicketPages>(inboxKeys.list(mine))?.pages[0]?.data.map((t) => t.id)).toEqual([4, 3]);
    expect(client.getQueryData<MessagePages>(inboxKeys.messages(4))?.pages[0]?.data.map((m) => m.id)).toEqual([1, 9]);
  });

  it('one message told twice updates the inbox once and alerts once', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const event = {
      event: 'ChatNotification',
      ticket: ticket(5),
      message: message(50, { ticketId: 5 }),
      notice: null,
    };
    expect(applyInboxEvent(client, event, 7)?.message.id).toBe(50);
    // The queue moved on meanwhile (another ticket went first); the repeat changes nothing.
    applyInboxEvent(client, { event: 'CustomerChatCreated', ticket: ticket(6) }, 7);
    expect(applyInboxEvent(client, event, 7)).toBeNull();
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data.map((t) => t.id)).toEqual([
      6, 5, 1,
    ]);
    vi.advanceTimersByTime(LIST_REFRESH_DEBOUNCE_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('reads the lists again once for a burst of events (the counts)', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyInboxEvent(client, { event: 'CustomerChatCreated', ticket: ticket(3) }, 7);
    applyInboxEvent(client, { event: 'CustomerChatCreated', ticket: ticket(4) }, 7);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIST_REFRESH_DEBOUNCE_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.lists() });
  });

  it('a changed customer reads again only what shows them: their lists, conversation and panel', () => {
    const mine: QueueFilter = { tab: 'mine', search: '', instanceId: null, tagId: null };
    client.setQueryData<TicketPages>(inboxKeys.list(mine), { pages: [page([ticket(2)])], pageParams: [undefined] });
    client.setQueryData(inboxKeys.ticket(1), ticket(1));
    client.setQueryData(inboxKeys.ticket(2), ticket(2));
    client.setQueryData(inboxKeys.customer(101), { id: 101 });
    client.setQueryData(inboxKeys.customer(102), { id: 102 });
    const stale = () =>
      client
        .getQueryCache()
        .findAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => JSON.stringify(query.queryKey))
        .sort();

    // Ticket 1 is customer 101's (test-data): the pending list holds it, "mine" does not.
    expect(applyInboxEvent(client, { event: 'CustomerChanged', customer_id: 101 }, 7)).toBeNull();
    expect(stale()).toEqual(
      [inboxKeys.list(pending), inboxKeys.ticket(1), inboxKeys.customer(101)].map((key) => JSON.stringify(key)).sort(),
    );

    // A customer no loaded row shows (a hold set from the customers screen) reads nothing more.
    applyInboxEvent(client, { event: 'CustomerChanged', customer_id: 999 }, 7);
    vi.advanceTimersByTime(LIST_REFRESH_DEBOUNCE_MS);
    expect(client.getQueryState(inboxKeys.list(mine))?.isInvalidated).toBe(false);
  });

  it('a ticket taken from the queue (ChatTicketTransferred without a transfer) leaves it', () => {
    applyInboxEvent(
      client,
      {
        event: 'ChatTicketTransferred',
        ticket: ticket(1, { status: 'open', assignedUser: { id: 8, name: 'B' } }),
        transfer_id: null,
      },
      7,
    );
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data).toEqual([]);
  });

  it('a transfer request: the ticket moves to "Em transferência" and its transfers know it', () => {
    client.setQueryData<TicketPages>(inboxKeys.list(transferring), { pages: [page([])], pageParams: [undefined] });
    client.setQueryData(inboxKeys.transfers(1), []);
    applyInboxEvent(
      client,
      { event: 'ChatTicketTransfer', ticket: ticket(1, { status: 'transferring' }), transfer: transfer(9) },
      8,
    );
    expect(client.getQueryData<TicketPages>(inboxKeys.list(transferring))?.pages[0]?.data.map((t) => t.id)).toEqual([
      1,
    ]);
    expect(client.getQueryData(inboxKeys.transfers(1))).toEqual([transfer(9)]);
  });

  it('the distribution’s offer (a transfer from nobody) is written like any transfer', () => {
    client.setQueryData(inboxKeys.transfers(1), []);
    const offer = transfer(10, {
      fromUser: null,
      toUser: { id: 8, name: 'Beto' },
      note: 'Distribuição automática: aceite em até 60 s',
    });
    applyInboxEvent(
      client,
      {
        event: 'ChatTicketTransfer',
        ticket: ticket(1, { status: 'transferring', assignedUser: { id: 8, name: 'Beto' } }),
        transfer: offer,
      },
      8,
    );
    expect(client.getQueryData(inboxKeys.transfers(1))).toEqual([offer]);
  });

  it('a note (ChatNoteAdded) joins the open conversation without ringing nor moving the queue', () => {
    client.setQueryData<TicketPages>(inboxKeys.list(pending), {
      pages: [page([ticket(1), ticket(2)])],
      pageParams: [undefined],
    });
    client.setQueryData<MessagePages>(inboxKeys.messages(2), {
      pages: [{ data: [message(1, { ticketId: 2 })], next_cursor: null }],
      pageParams: [undefined],
    });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const note = message(7, {
      ticketId: 2,
      direction: 'out',
      kind: 'internal',
      ack: 'read',
      user: { id: 8, name: 'Carlos' },
      body: '@Alice pode ver?',
    });
    expect(applyInboxEvent(client, { event: 'ChatNoteAdded', ticket_id: 2, message: note }, 7)).toBeNull();
    // The share's system line too (kind "note").
    const line = message(8, { ticketId: 2, direction: 'out', kind: 'note', body: 'Carlos entrou no atendimento' });
    expect(applyInboxEvent(client, { event: 'ChatNoteAdded', ticket_id: 2, message: line }, 7)).toBeNull();
    // The same note told twice is there once.
    applyInboxEvent(client, { event: 'ChatNoteAdded', ticket_id: 2, message: note }, 7);
    expect(client.getQueryData<MessagePages>(inboxKeys.messages(2))?.pages[0]?.data.map((m) => m.id)).toEqual([
      1, 7, 8,
    ]);
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data.map((t) => t.id)).toEqual([1, 2]);
    vi.advanceTimersByTime(LIST_REFRESH_DEBOUNCE_MS);
    expect(invalidate).not.toHaveBeenCalled();
    expect(INBOX_EVENTS).toContain('ChatNoteAdded');
  });

  it('a note this tab is sending becomes the server’s when its ChatNoteAdded comes first', () => {
    const sending: Message = {
      ...message(-4, { ticketId: 3, direction: 'out', kind: 'internal', clientId: 'n-1' }),
      local: 'sending',
    };
    client.setQueryData<MessagePages>(inboxKeys.messages(3), {
      pages: [{ data: [sending], next_cursor: null }],
      pageParams: [undefined],
    });
    const note = message(40, { ticketId: 3, direction: 'out', kind: 'internal', clientId: 'n-1' });
    applyInboxEvent(client, { event: 'ChatNoteAdded', ticket_id: 3, message: note }, 7);
    const held: Message[] = client.getQueryData<MessagePages>(inboxKeys.messages(3))?.pages[0]?.data ?? [];
    expect(held.map((m) => [m.id, m.local])).toEqual([[40, undefined]]);
  });

  it('an event of an unexpected shape changes nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(applyInboxEvent(client, { event: 'ChatTicketClosed', ticket: { id: 'x' } }, 7)).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data.map((t) => t.id)).toEqual([1]);
  });

  it('alerts for my tickets and the waiting ones, not for somebody else’s', () => {
    expect(alertsViewer(ticket(1), 7)).toBe(true);
    expect(alertsViewer(ticket(1, { status: 'open', assignedUser: { id: 7, name: 'A' } }), 7)).toBe(true);
    expect(alertsViewer(ticket(1, { status: 'open', assignedUser: { id: 8, name: 'B' } }), 7)).toBe(false);
  });
});
