import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  ackMoves,
  applyAck,
  copyMoves,
  markRetrying,
  messagesInOrder,
  placeTicket,
  putMessage,
  putTicket,
  ticketMatches,
  undoRetrying,
  type MessagePages,
  type TicketPages,
} from './cache';
import type { Message } from './api/schemas';
import { inboxKeys, type QueueFilter } from './keys';
import { message, page, ticket } from './test-data';

const pending: QueueFilter = { tab: 'pending', search: '', instanceId: null, tagId: null };
const mine: QueueFilter = { tab: 'mine', search: '', instanceId: null, tagId: null };

function pages(...lists: ReturnType<typeof page>[]): TicketPages {
  return { pages: lists, pageParams: lists.map((_, index) => (index === 0 ? undefined : `c${index}`)) };
}

describe('the queue cache', () => {
  it('tells which list a ticket belongs in', () => {
    expect(ticketMatches(ticket(1), pending, 7)).toBe(true);
    expect(ticketMatches(ticket(1, { status: 'open', assignedUser: { id: 7, name: 'A' } }), mine, 7)).toBe(true);
    expect(ticketMatches(ticket(1, { status: 'transferring', assignedUser: { id: 7, name: 'A' } }), mine, 7)).toBe(
      true,
    );
    expect(ticketMatches(ticket(1, { status: 'open', assignedUser: { id: 8, name: 'B' } }), mine, 7)).toBe(false);
    expect(ticketMatches(ticket(1), { ...pending, instanceId: 2 }, 7)).toBe(false);
    // Only the server knows what a search matches.
    expect(ticketMatches(ticket(1), { ...pending, search: 'maria' }, 7)).toBeNull();
  });

  it('puts a changed ticket first in the lists it belongs to and takes it out of the others', () => {
    const accepted = ticket(2, { status: 'open', assignedUser: { id: 7, name: 'A' } });
    const waiting = pages(page([ticket(1), ticket(2)]), page([ticket(3)]));
    expect(placeTicket(waiting, accepted, pending, 7).pages.map((p) => p.data.map((t) => t.id))).toEqual([[1], [3]]);
    const own = pages(page([ticket(5, { status: 'open', assignedUser: { id: 7, name: 'A' } })]));
    expect(placeTicket(own, accepted, mine, 7).pages[0]?.data.map((t) => t.id)).toEqual([2, 5]);
  });

  it('a search list updates a ticket it holds and waits for the server for a new one', () => {
    const searched = pages(page([ticket(1)]));
    const filter = { ...pending, search: 'cliente' };
    expect(placeTicket(searched, ticket(1, { unread: 5 }), filter, 7).pages[0]?.data[0]?.unread).toBe(5);
    expect(placeTicket(searched, ticket(9), filter, 7).pages[0]?.data.map((t) => t.id)).toEqual([1]);
  });

  it('writes a ticket into every cached list, its own query and its customer', () => {
    const client = new QueryClient();
    client.setQueryData(inboxKeys.list(pending), pages(page([ticket(1), ticket(2)])));
    client.setQueryData(inboxKeys.list(mine), pages(page([])));
    const accepted = ticket(1, { status: 'open', assignedUser: { id: 7, name: 'A' } });
    putTicket(client, accepted, 7);
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data.map((t) => t.id)).toEqual([2]);
    expect(client.getQueryData<TicketPages>(inboxKeys.list(mine))?.pages[0]?.data.map((t) => t.id)).toEqual([1]);
    expect(client.getQueryData(inboxKeys.ticket(1))).toEqual(accepted);
  });
});

describe('the conversation cache', () => {
  function conversation(client: QueryClient, ...lists: Message[][]) {
    client.setQueryData<MessagePages>(inboxKeys.messages(1), {
      pages: lists.map((data) => ({ data, next_cursor: null })),
      pageParams: lists.map(() => undefined),
    });
  }

  it('acks only move forward, and fail only before delivery', () => {
    expect(ackMoves('queued', 'sent')).toBe(true);
    expect(ackMoves('sent', 'read')).toBe(true);
    expect(ackMoves('read', 'delivered')).toBe(false);
    expect(ackMoves('sent', 'failed')).toBe(true);
    expect(ackMoves('delivered', 'failed')).toBe(false);
    expect(ackMoves('failed', 'queued')).toBe(true);
  });

  it('shows the pages oldest first (newest page first in the cache), each message once', () => {
    const client = new QueryClient();
    conversation(client, [message(3), message(4)], [message(1), message(2), message(3)]);
    expect(messagesInOrder(client.getQueryData(inboxKeys.messages(1))).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it("replaces the message being sent by the server's, matched by clientId, keeping an ack that came first", () => {
    const client = new QueryClient();
    conversation(client, [
      message(1),
      { ...message(-1, { direction: 'out', ack: 'queued', clientId: 'abc' }), local: 'sending' as const },
    ]);
    // The socket told us `sent` before the answer to our own request arrived.
    applyAck(client, 1, 10, 'sent', null);
    putMessage(client, 1, message(10, { direction: 'out', ack: 'queued', clientId: 'abc' }));
    const messages = messagesInOrder(client.getQueryData(inboxKeys.messages(1)));
    expect(messages.map((m) => [m.id, m.ack, m.local])).toEqual([
      [1, 'read', undefined],
      [10, 'sent', undefined],
    ]);
    applyAck(client, 1, 10, 'read', null);
    applyAck(client, 1, 10, 'delivered', null);
    expect(messagesInOrder(client.getQueryData(inboxKeys.messages(1)))[1]?.ack).toBe('read');
  });

  it('a copy of a message (an answer, a ChatNotification) never puts a failed one back in the queue', () => {
    expect(copyMoves('failed', 'queued')).toBe(false);
    expect(copyMoves('failed', 'sent')).toBe(true);
    expect(copyMoves('queued', 'sent')).toBe(true);
    expect(copyMoves('read', 'queued')).toBe(false);
  });

  it('the provider refuses before the answer to our send arrives: the message stays failed', () => {
    const client = new QueryClient();
    conversation(client, [
      { ...message(-1, { direction: 'out', ack: 'queued', clientId: 'abc' }), local: 'sending' as const },
    ]);
    const queued = message(10, { direction: 'out', ack: 'queued', clientId: 'abc' });
    // The socket: the reply's ChatNotification, then the refusal; the answer comes last.
    putMessage(client, 1, queued);
    applyAck(client, 1, 10, 'failed', 'Não enviada: o provedor recusou a mensagem (422).');
    putMessage(client, 1, queued);
    expect(messagesInOrder(client.getQueryData(inboxKeys.messages(1))).map((m) => [m.id, m.ack, m.error])).toEqual([
      [10, 'failed', 'Não enviada: o provedor recusou a mensagem (422).'],
    ]);
  });

  it('the refusal arrives before the message is known here: applied when it arrives, and kept', () => {
    const client = new QueryClient();
    conversation(client, [
      { ...message(-1, { direction: 'out', ack: 'queued', clientId: 'xyz' }), local: 'sending' as const },
    ]);
    applyAck(client, 1, 11, 'failed', 'Não enviada.');
    putMessage(client, 1, message(11, { direction: 'out', ack: 'queued', clientId: 'xyz' }));
    putMessage(client, 1, message(11, { direction: 'out', ack: 'queued', clientId: 'xyz' }));
    expect(messagesInOrder(client.getQueryData(inboxKeys.messages(1)))[0]?.ack).toBe('failed');
  });

  it("a retry re-queues the message at once; acks after it win over the retry's own answer", () => {
    const client = new QueryClient();
    conversation(client, [message(12, { direction: 'out', ack: 'failed', error: 'Não enviada.' })]);
    const before = markRetrying(client, 1, 12);
    expect(before).toEqual({ id: 12, ack: 'failed', error: 'Não enviada.' });
    const shown = () => messagesInOrder(client.getQueryData(inboxKeys.messages(1)))[0];
    expect([shown()?.ack, shown()?.error]).toEqual(['queued', null]);
    // Refused again before the retry's answer came back: the answer (`queued`) does not undo it.
    applyAck(client, 1, 12, 'failed', 'Não enviada de novo.');
    putMessage(client, 1, message(12, { direction: 'out', ack: 'queued' }));
    expect([shown()?.ack, shown()?.error]).toEqual(['failed', 'Não enviada de novo.']);
    // Another tab's retry: its `queued` event re-queues the message here too.
    applyAck(client, 1, 12, 'queued', null);
    expect(shown()?.ack).toBe('queued');
    // Only a failed message is retried.
    applyAck(client, 1, 12, 'sent', null);
    expect(markRetrying(client, 1, 12)).toBeNull();
  });

  it('a retry request that fails shows the message failed again, unless the socket moved it', () => {
    const client = new QueryClient();
    conversation(client, [message(13, { direction: 'out', ack: 'failed', error: 'Não enviada.' })]);
    const before = markRetrying(client, 1, 13);
    if (!before) throw new Error('not retried');
    undoRetrying(client, 1, before);
    expect(messagesInOrder(client.getQueryData(inboxKeys.messages(1)))[0]?.ack).toBe('failed');
    markRetrying(client, 1, 13);
    applyAck(client, 1, 13, 'sent', null);
    undoRetrying(client, 1, before);
    expect(messagesInOrder(client.getQueryData(inboxKeys.messages(1)))[0]?.ack).toBe('sent');
  });

  it('adds a new message at the end, once', () => {
    const client = new QueryClient();
    conversation(client, [message(1)]);
    putMessage(client, 1, message(2));
    putMessage(client, 1, message(2));
    expect(messagesInOrder(client.getQueryData(inboxKeys.messages(1))).map((m) => m.id)).toEqual([1, 2]);
  });
});
