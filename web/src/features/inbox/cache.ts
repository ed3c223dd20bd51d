/**
 * Keeping the inbox's cached data right as things happen — an answer of ours or a realtime event —
 * without reading everything again: a ticket moves between the queue's lists, a message joins its
 * conversation, an ack moves forward, a message being sent becomes the server's. Pure updates of
 * the TanStack Query cache; the lists are also read again shortly after (`realtime.ts`), which
 * puts the order and the counts right whatever was patched here.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TagRef } from '../../lib/tags';
import { patchOnBoard, placeOnBoard } from './board/board-cache';
import type { ColumnPages } from './board/columns';
import { inboxKeys, type QueueFilter } from './keys';
import type {
  CustomerDetail,
  Message,
  MessagePage,
  Reaction,
  ServerMessage,
  Ticket,
  TicketPage,
  Transfer,
} from './api/schemas';

export type TicketPages = InfiniteData<TicketPage, unknown>;
export type MessagePages = InfiniteData<MessagePage, unknown>;

/**
 * Whether a ticket belongs in a list: true, false, or null when only the server can tell (a
 * search by name, phone or protocol).
 */
export function ticketMatches(ticket: Ticket, filter: QueueFilter, viewerId: number): boolean | null {
  if (filter.instanceId !== null && ticket.instance.id !== filter.instanceId) return false;
  if (filter.tagId !== null && !ticket.tags.some((tag) => tag.id === filter.tagId)) return false;
  let inTab: boolean;
  switch (filter.tab) {
    case 'mine':
      inTab = ticket.assignedUser?.id === viewerId && (ticket.status === 'open' || ticket.status === 'transferring');
      break;
    default:
      inTab = ticket.status === filter.tab;
  }
  if (!inTab) return false;
  return filter.search.trim() === '' ? true : null;
}

/**
 * The list's pages with `ticket` taken out, then put first when it belongs there. `activity`
 * false (its tags changed: no new activity) keeps a ticket the list has where it is.
 */
export function placeTicket(
  data: TicketPages,
  ticket: Ticket,
  filter: QueueFilter,
  viewerId: number,
  activity = true,
): TicketPages {
  const without = data.pages.map((page) => ({ ...page, data: page.data.filter((t) => t.id !== ticket.id) }));
  const was = data.pages.some((page) => page.data.some((t) => t.id === ticket.id));
  const matches = ticketMatches(ticket, filter, viewerId);
  const inPlace = () => ({
    ...data,
    pages: data.pages.map((p) => ({ ...p, data: p.data.map((t) => (t.id === ticket.id ? ticket : t)) })),
  });
  // A search list keeps a ticket it had (updated in place) and waits for the server for a new one.
  if (matches === null) return was ? inPlace() : data;
  if (matches && was && !activity) return inPlace();
  const [first, ...rest] = without;
  if (!matches || !first) return { ...data, pages: without };
  // Every change to a ticket is new activity on it: the newest goes first.
  return { ...data, pages: [{ ...first, data: [ticket, ...first.data] }, ...rest] };
}

export interface PutTicketOptions {
  /**
   * The change is new activity on the ticket (a message, a transfer…: it goes first in the queue);
   * false for a change of its tags, which moves nothing but between the lists that filter by tag.
   */
  activity?: boolean;
}

/**
 * Writes a ticket everywhere the inbox shows it: its own query, every list of the queue, the
 * kanban board's columns (`board/board-cache.ts`), its customer's history.
 */
export function putTicket(
  queryClient: QueryClient,
  ticket: Ticket,
  viewerId: number,
  { activity = true }: PutTicketOptions = {},
): void {
  queryClient.setQueryData<Ticket>(inboxKeys.ticket(ticket.id), ticket);
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: inboxKeys.lists() })) {
    const filter = key[2] as QueueFilter | undefined;
    if (!data || !filter) continue;
    queryClient.setQueryData<TicketPages>(key, placeTicket(data, ticket, filter, viewerId, activity));
  }
  placeOnBoard(queryClient, ticket);
  queryClient.setQueryData<CustomerDetail>(inboxKeys.customer(ticket.customer.id), (customer) => {
    if (!customer) return customer;
    const known = customer.tickets.some((t) => t.id === ticket.id);
    return {
      ...customer,
      tickets: known ? customer.tickets.map((t) => (t.id === ticket.id ? ticket : t)) : [ticket, ...customer.tickets],
    };
  });
}

/** Changes a ticket where it is cached (e.g. read: no unread messages), without moving it. */
export function patchTicket(queryClient: QueryClient, id: number, patch: (ticket: Ticket) => Ticket): void {
  queryClient.setQueryData<Ticket>(inboxKeys.ticket(id), (ticket) => (ticket ? patch(ticket) : ticket));
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: inboxKeys.lists() })) {
    if (!data?.pages.some((page) => page.data.some((t) => t.id === id))) continue;
    queryClient.setQueryData<TicketPages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, data: page.data.map((t) => (t.id === id ? patch(t) : t)) })),
    });
  }
  patchOnBoard(queryClient, (t) => t.id === id, patch);
}

/** Changes the customer of every cached ticket, and their detail (the blacklist). */
export function patchCustomer(queryClient: QueryClient, customerId: number, blacklisted: boolean): void {
  const patch = (ticket: Ticket): Ticket =>
    ticket.customer.id === customerId ? { ...ticket, customer: { ...ticket.customer, blacklisted } } : ticket;
  for (const [key, ticket] of queryClient.getQueriesData<Ticket>({ queryKey: inboxKeys.tickets() })) {
    if (ticket && ticket.customer.id === customerId) queryClient.setQueryData(key, patch(ticket));
  }
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: inboxKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<TicketPages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, data: page.data.map(patch) })),
    });
  }
  queryClient.setQueryData<CustomerDetail>(inboxKeys.customer(customerId), (customer) =>
    customer ? { ...customer, blacklisted, tickets: customer.tickets.map(patch) } : customer,
  );
  patchOnBoard(queryClient, (t) => t.customer.id === customerId, patch);
}

/**
 * A customer was edited, put on or off a legal hold, or erased (`CustomerChanged`): what shows
 * them is read again — their panel, the open conversations, and the lists and board columns that
 * hold one of their tickets. The rest of the queue is left alone: a hold changes no row of it.
 */
export function refetchCustomer(queryClient: QueryClient, customerId: number): void {
  const theirs = (ticket: Ticket) => ticket.customer.id === customerId;
  const holds = (data: unknown) =>
    (data as TicketPages | ColumnPages | undefined)?.pages.some((page) => page.data.some(theirs)) ?? false;
  void queryClient.invalidateQueries({ queryKey: inboxKeys.customer(customerId) });
  void queryClient.invalidateQueries({
    queryKey: inboxKeys.tickets(),
    predicate: (query) => {
      const ticket = query.state.data as Ticket | undefined;
      return ticket !== undefined && theirs(ticket);
    },
  });
  void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(), predicate: (query) => holds(query.state.data) });
  void queryClient.invalidateQueries({ queryKey: inboxKeys.boards(), predicate: (query) => holds(query.state.data) });
}

// ---------------------------------------------------------------------------------------------
// Tags (docs/tags.md)

/** A subject's tags as the tenant's tags are now: renamed and recoloured, a deleted one gone. */
export function currentTags(tags: readonly TagRef[], known: ReadonlyMap<number, TagRef>): TagRef[] {
  return tags.flatMap((tag) => {
    const now = known.get(tag.id);
    return now ? [{ id: now.id, name: now.name, color: now.color }] : [];
  });
}

/**
 * The tenant's tags changed (`TagsChanged`): every cached ticket and customer shows its tags as
 * they are now, without reading anything again (the order among them is the server's by name,
 * kept until the next read).
 */
export function refreshCachedTags(queryClient: QueryClient, tags: readonly TagRef[]): void {
  const known = new Map(tags.map((tag) => [tag.id, tag]));
  const retag = (ticket: Ticket): Ticket =>
    ticket.tags.length === 0 ? ticket : { ...ticket, tags: currentTags(ticket.tags, known) };
  for (const [key, ticket] of queryClient.getQueriesData<Ticket>({ queryKey: inboxKeys.tickets() })) {
    if (ticket && ticket.tags.length > 0) queryClient.setQueryData(key, retag(ticket));
  }
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: inboxKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<TicketPages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, data: page.data.map(retag) })),
    });
  }
  patchOnBoard(queryClient, (t) => t.tags.length > 0, retag);
  for (const [key, customer] of queryClient.getQueriesData<CustomerDetail>({ queryKey: inboxKeys.customers() })) {
    if (!customer) continue;
    queryClient.setQueryData<CustomerDetail>(key, {
      ...customer,
      tags: currentTags(customer.tags, known),
      tickets: customer.tickets.map(retag),
    });
  }
}

/** A customer's tags as they are now (our change's answer, or `CustomerTagsChanged`). */
export function setCustomerTags(queryClient: QueryClient, customerId: number, tags: TagRef[]): void {
  queryClient.setQueryData<CustomerDetail>(inboxKeys.customer(customerId), (customer) =>
    customer ? { ...customer, tags } : customer,
  );
}

// ---------------------------------------------------------------------------------------------
// Acks

const ACK_ORDER = ['queued', 'sent', 'delivered', 'read'];

/**
 * Whether an ack may replace another (server/src/domain/inbox/messages.rs `ack_moves`): only
 * forward — a late `delivered` never undoes `read` — and `failed` only before delivery; a failed
 * message the provider later reports sent moves on.
 */
export function ackMoves(current: string, next: string): boolean {
  const now = ACK_ORDER.indexOf(current);
  const then = ACK_ORDER.indexOf(next);
  if (next === 'failed') return current === 'queued' || current === 'sent';
  // A retry puts a failed message back in the queue.
  if (current === 'failed') return then >= 0;
  return now >= 0 && then > now;
}

/**
 * Whether a copy of a whole message — the answer to our send or retry, or a `ChatNotification` —
 * may replace the ack held: as `ackMoves`, except that a copy never puts a failed message back in
 * the queue. A copy can be older than what the socket already told: the send's answer (`queued`)
 * often arrives after the provider refused the message (`failed`), and taking it would leave the
 * message "na fila" for good. Only a retry re-queues a failed message, and the retry marks it
 * queued itself before asking (`markRetrying`); the retry's `CustomerChatAckChanged` `queued`
 * tells the other tabs (`applyAck`).
 */
export function copyMoves(current: string, next: string): boolean {
  if (current === 'failed' && next === 'queued') return false;
  return ackMoves(current, next);
}

/**
 * Acks that arrived for a message this tab does not hold yet (the socket can be faster than the
 * answer to our own send): applied when the message arrives. Small and short-lived.
 */
const earlyAcks = new Map<number, { ack: string; error: string | null }>();
const MAX_EARLY_ACKS = 200;

function withEarlyAck(message: ServerMessage): ServerMessage {
  const early = earlyAcks.get(message.id);
  if (!early) return message;
  earlyAcks.delete(message.id);
  return ackMoves(message.ack, early.ack) ? { ...message, ack: early.ack, error: early.error } : message;
}

function mapMessages(data: MessagePages, map: (message: Message) => Message): MessagePages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(map) })) };
}

function holds(data: MessagePages, match: (message: Message) => boolean): boolean {
  return data.pages.some((page) => page.data.some(match));
}

/** Moves a message's ack forward where it is cached (or keeps it for when it arrives). */
export function applyAck(
  queryClient: QueryClient,
  ticketId: number | null,
  messageId: number,
  ack: string,
  error: string | null,
): void {
  const queries =
    ticketId === null
      ? queryClient.getQueriesData<MessagePages>({ queryKey: inboxKeys.conversations() })
      : [[inboxKeys.messages(ticketId), queryClient.getQueryData<MessagePages>(inboxKeys.messages(ticketId))] as const];
  let found = false;
  for (const [key, data] of queries) {
    if (!data || !holds(data, (m) => m.id === messageId)) continue;
    found = true;
    queryClient.setQueryData<MessagePages>(
      key,
      mapMessages(data, (m) => (m.id === messageId && ackMoves(m.ack, ack) ? { ...m, ack, error } : m)),
    );
  }
  if (!found) {
    if (earlyAcks.size >= MAX_EARLY_ACKS) earlyAcks.clear();
    const known = earlyAcks.get(messageId);
    if (!known || ackMoves(known.ack, ack)) earlyAcks.set(messageId, { ack, error });
  }
}

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * Adds a message at the end of its conversation (the newest page), or updates it when it is
 * there already — by id, or by `clientId` for the one this tab is sending.
 */
export function putMessage(queryClient: QueryClient, ticketId: number, message: ServerMessage): void {
  const incoming = withEarlyAck(message);
  queryClient.setQueryData<MessagePages>(inboxKeys.messages(ticketId), (data) => {
    if (!data) return data;
    const same = (m: Message) =>
      m.id === incoming.id || (incoming.clientId != null && m.clientId === incoming.clientId);
    if (holds(data, same)) {
      return mapMessages(data, (m) => {
        if (!same(m)) return m;
        // The server's message replaces ours; an ack already further along (an event that came
        // first, a failure included) is kept.
        const ack = m.local === undefined && !copyMoves(m.ack, incoming.ack) ? m.ack : incoming.ack;
        return { ...incoming, ack, error: ack === incoming.ack ? incoming.error : m.error };
      });
    }
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, data: [...newest.data, incoming] }, ...older] };
  });
}

/**
 * A message this tab starts sending (`local: 'sending'`): added at the end of its conversation —
 * or, sent again after a failure (the same `clientId`), marked sending where it is.
 */
export function addLocalMessage(queryClient: QueryClient, ticketId: number, message: Message): void {
  queryClient.setQueryData<MessagePages>(inboxKeys.messages(ticketId), (data) => {
    if (!data) return data;
    if (message.clientId != null && holds(data, (m) => m.clientId === message.clientId)) {
      return mapMessages(data, (m) =>
        m.clientId === message.clientId && m.local ? { ...m, local: 'sending', localError: undefined } : m,
      );
    }
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, data: [...newest.data, message] }, ...older] };
  });
}

/**
 * A message changed after it was shown (`ChatMessageUpdated`: its media became ready or failed, or
 * the sender edited or deleted it, or the answer to a reaction): replaced where it is cached — an
 * ack already further along is kept. A message this tab does not hold is left for the next read.
 */
export function replaceMessage(queryClient: QueryClient, ticketId: number | null, message: ServerMessage): void {
  const queries =
    ticketId === null
      ? queryClient.getQueriesData<MessagePages>({ queryKey: inboxKeys.conversations() })
      : [[inboxKeys.messages(ticketId), queryClient.getQueryData<MessagePages>(inboxKeys.messages(ticketId))] as const];
  for (const [key, data] of queries) {
    if (!data || !holds(data, (m) => m.id === message.id)) continue;
    queryClient.setQueryData<MessagePages>(
      key,
      mapMessages(data, (m) => {
        if (m.id !== message.id) return m;
        const ack = copyMoves(m.ack, message.ack) || m.ack === message.ack ? message.ack : m.ack;
        return { ...message, ack, error: ack === message.ack ? message.error : m.error };
      }),
    );
  }
}

/** A message's reactions as they are now (`ChatMessageReaction`, or the agent's own, optimistic). */
export function setReactions(
  queryClient: QueryClient,
  ticketId: number | null,
  messageId: number,
  reactions: Reaction[],
): void {
  const queries =
    ticketId === null
      ? queryClient.getQueriesData<MessagePages>({ queryKey: inboxKeys.conversations() })
      : [[inboxKeys.messages(ticketId), queryClient.getQueryData<MessagePages>(inboxKeys.messages(ticketId))] as const];
  for (const [key, data] of queries) {
    if (!data || !holds(data, (m) => m.id === messageId)) continue;
    queryClient.setQueryData<MessagePages>(
      key,
      mapMessages(data, (m) => (m.id === messageId ? { ...m, reactions } : m)),
    );
  }
}

/** The message `id` where it is cached in its conversation, or null. */
export function findMessage(queryClient: QueryClient, ticketId: number, id: number): Message | null {
  const data = queryClient.getQueryData<MessagePages>(inboxKeys.messages(ticketId));
  for (const page of data?.pages ?? []) {
    const found = page.data.find((m) => m.id === id);
    if (found) return found;
  }
  return null;
}

/** What a failed message was before a retry re-queued it here (to put back if the retry fails). */
export interface RetriedMessage {
  id: number;
  ack: string;
  error: string | null;
}

/**
 * A retry starts: the failed message is `queued` again at once, before the request, so what the
 * socket says next (`sent`, or `failed` again) is newer than the retry's own answer, which then
 * cannot undo it (`copyMoves`). Returns what the message was, or null when it is not failed here.
 */
export function markRetrying(queryClient: QueryClient, ticketId: number, messageId: number): RetriedMessage | null {
  const data = queryClient.getQueryData<MessagePages>(inboxKeys.messages(ticketId));
  let before: RetriedMessage | null = null;
  if (!data) return null;
  for (const page of data.pages) {
    const found = page.data.find((m) => m.id === messageId && m.ack === 'failed');
    if (found) before = { id: found.id, ack: found.ack, error: found.error ?? null };
  }
  if (!before) return null;
  queryClient.setQueryData<MessagePages>(
    inboxKeys.messages(ticketId),
    mapMessages(data, (m) => (m.id === messageId ? { ...m, ack: 'queued', error: null } : m)),
  );
  return before;
}

/** The retry request failed: the message is failed again, unless the socket moved it meanwhile. */
export function undoRetrying(queryClient: QueryClient, ticketId: number, before: RetriedMessage): void {
  queryClient.setQueryData<MessagePages>(inboxKeys.messages(ticketId), (data) =>
    data
      ? mapMessages(data, (m) =>
          m.id === before.id && m.ack === 'queued' ? { ...m, ack: before.ack, error: before.error } : m,
        )
      : data,
  );
}

/** Marks the message this tab is sending (by `clientId`) as sending again or as not sent. */
export function setLocalState(
  queryClient: QueryClient,
  ticketId: number,
  clientId: string,
  local: 'sending' | 'error',
  localError?: string,
): void {
  queryClient.setQueryData<MessagePages>(inboxKeys.messages(ticketId), (data) =>
    data ? mapMessages(data, (m) => (m.clientId === clientId && m.local ? { ...m, local, localError } : m)) : data,
  );
}

/** Takes away a message this tab was sending (by `clientId`) that the server refused outright. */
export function dropLocal(queryClient: QueryClient, ticketId: number, clientId: string): void {
  queryClient.setQueryData<MessagePages>(inboxKeys.messages(ticketId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.filter((m: Message) => !(m.clientId === clientId && m.local)),
          })),
        }
      : data,
  );
}

/** The conversation's messages in reading order (oldest first), from its pages (newest page first). */
export function messagesInOrder(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const all: Message[] = [];
  for (let index = data.pages.length - 1; index >= 0; index -= 1) all.push(...(data.pages[index]?.data ?? []));
  // A message can sit on two pages when new ones arrived between reads: show it once.
  const seen = new Set<string>();
  return all.filter((m) => {
    const key = m.clientId ? `c:${m.clientId}` : `i:${m.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The pending transfer of a ticket, from its transfers (newest first). */
export function pendingTransfer(transfers: readonly Transfer[] | undefined): Transfer | null {
  return transfers?.find((transfer) => transfer.status === 'pending') ?? null;
}

/** Writes a transfer into its ticket's list of transfers (newest first). */
export function putTransfer(queryClient: QueryClient, transfer: Transfer): void {
  queryClient.setQueryData<Transfer[]>(inboxKeys.transfers(transfer.ticketId), (list) => {
    if (!list) return list;
    return list.some((t) => t.id === transfer.id)
      ? list.map((t) => (t.id === transfer.id ? transfer : t))
      : [transfer, ...list];
  });
}
