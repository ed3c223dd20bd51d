/**
 * What the inbox does with the realtime events (server/src/domain/events.rs; the server sends each
 * one only to the sockets entitled to it): the ticket, message, ack or transfer it carries is
 * written into the cache at once (`cache.ts`), and the queue's lists — their order and the tabs'
 * counts — are read again shortly after, once per burst of events. app/realtime.ts calls these.
 */
import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { TICKET_SLA_CHANGED_EVENT } from '../../lib/sla';
import { TagRefSchema } from '../../lib/tags';
import {
  applyAck,
  patchCustomer,
  putMessage,
  putTicket,
  putTransfer,
  refetchCustomer,
  refreshCachedTags,
  replaceMessage,
  setCustomerTags,
  setReactions,
} from './cache';
import { inboxKeys, INBOX_KEY } from './keys';
import {
  MessageSchema,
  ReactionSchema,
  TicketSchema,
  TransferSchema,
  type ServerMessage,
  type Ticket,
} from './api/schemas';

/** Events are many in a busy queue: the lists are read again at most once per this many ms. */
export const LIST_REFRESH_DEBOUNCE_MS = 400;

const TicketEvent = z.object({ ticket: TicketSchema });
const NotificationEvent = z.object({
  ticket: z.nullish(TicketSchema),
  message: z.nullish(MessageSchema),
  notice: z.nullish(z.string()),
});
const TransferEvent = z.object({ ticket: TicketSchema, transfer: TransferSchema });
const TransferredEvent = z.object({ ticket: TicketSchema, transfer_id: z.nullish(z.number()) });
const AckEvent = z.object({
  ticket_id: z.nullish(z.number()),
  message_id: z.number(),
  ack: z.string(),
  error: z.nullish(z.string()),
});
const MessageUpdatedEvent = z.object({ ticket_id: z.nullish(z.number()), message: MessageSchema });
const ReactionEvent = z.object({
  ticket_id: z.nullish(z.number()),
  message_id: z.number(),
  reactions: z.array(ReactionSchema),
});
const BlacklistEvent = z.object({ customer_id: z.number(), blacklisted: z.boolean() });
const NoteAddedEvent = z.object({ ticket_id: z.number(), message: MessageSchema });
const CustomerEvent = z.object({ customer_id: z.number() });
const CustomerTagsEvent = z.object({ customer_id: z.number(), tags: z.array(TagRefSchema) });
const TagsEvent = z.object({ tags: z.array(TagRefSchema) });

/** The events this module handles (the rest is the app's: notifications, instances). */
export const INBOX_EVENTS: readonly string[] = [
  'CustomerCreatedToChat',
  'CustomerChatCreated',
  'ChatNotification',
  'ChatNoteAdded',
  'CustomerChatAckChanged',
  'ChatMessageUpdated',
  'ChatMessageReaction',
  'ChatTicketTransfer',
  'ChatTicketTransferring',
  'ChatTicketTransferred',
  'DeleteChatTicketTransfer',
  'ChatTicketClosed',
  'CustomerBlacklisted',
  'CustomersMerged',
  'CustomerChanged',
  'GroupOfCustomersUpdated',
  'TicketTagsChanged',
  'CustomerTagsChanged',
  'TagsChanged',
  'TicketAssigned',
  TICKET_SLA_CHANGED_EVENT,
];

const refreshTimers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/** Reads the queue's lists (and so the counts) again, once for a burst of events. */
export function scheduleListRefresh(queryClient: QueryClient): void {
  const pending = refreshTimers.get(queryClient);
  if (pending !== undefined) clearTimeout(pending);
  refreshTimers.set(
    queryClient,
    setTimeout(() => {
      refreshTimers.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
    }, LIST_REFRESH_DEBOUNCE_MS),
  );
}

/**
 * The messages whose `ChatNotification` this cache took in, newest last (a few hundred): the same
 * message told twice (a repeated frame) updates the queue once, and rings once at most.
 */
const handledMessages = new WeakMap<QueryClient, Set<number>>();
const MAX_HANDLED_MESSAGES = 500;

/** True the first time a message is seen for this cache; remembers it. */
function firstTimeFor(queryClient: QueryClient, messageId: number): boolean {
  let seen = handledMessages.get(queryClient);
  if (!seen) {
    seen = new Set();
    handledMessages.set(queryClient, seen);
  }
  if (seen.has(messageId)) return false;
  seen.add(messageId);
  if (seen.size > MAX_HANDLED_MESSAGES) {
    const oldest = seen.values().next();
    if (!oldest.done) seen.delete(oldest.value);
  }
  return true;
}

function parse<T>(schema: z.ZodMiniType<T>, event: Record<string, unknown>): T | null {
  const parsed = schema.safeParse(event);
  if (parsed.success) return parsed.data;
  console.warn('[inbox] event with an unexpected shape', event.event, parsed.error.issues);
  return null;
}

/** A new customer message (never a reply): its ticket and the message, for the alert of a hidden tab. */
export interface NewMessage {
  ticket: Ticket;
  message: ServerMessage;
}

/**
 * Applies one event to the inbox's cache. Returns the new customer message it carried, if any
 * (the caller decides whether to alert): never a reply (`direction: "out"`), and never the same
 * message twice.
 */
export function applyInboxEvent(
  queryClient: QueryClient,
  event: { event: string; [field: string]: unknown },
  viewerId: number,
): NewMessage | null {
  switch (event.event) {
    case 'CustomerChatCreated':
    case 'ChatTicketClosed': {
      const payload = parse(TicketEvent, event);
      if (payload) putTicket(queryClient, payload.ticket, viewerId);
      scheduleListRefresh(queryClient);
      return null;
    }
    case 'ChatNotification': {
      // A message joined a ticket: the customer's (`in`), or a reply (`out`: an agent's, this
      // tab's own included, or one written on the instance's phone). Either moves the ticket up
      // the queue; only the customer's may ring (the caller decides: `alertsViewer`).
      const payload = parse(NotificationEvent, event);
      if (!payload?.ticket) return null;
      const { ticket, message } = payload;
      if (message && !firstTimeFor(queryClient, message.id)) return null;
      putTicket(queryClient, ticket, viewerId);
      scheduleListRefresh(queryClient);
      if (!message) return null;
      putMessage(queryClient, ticket.id, message);
      return message.direction === 'in' && message.kind !== 'note' ? { ticket, message } : null;
    }
    case 'ChatNoteAdded': {
      // A line only the staff see joined a conversation (docs/notes.md): an agent's internal note
      // (`kind: "internal"`, this tab's own included: matched by `clientId`) or a share's step
      // (`kind: "note"`). It joins the open conversation only: it never rings and never moves the
      // ticket in the queue.
      const payload = parse(NoteAddedEvent, event);
      if (payload) putMessage(queryClient, payload.ticket_id, payload.message);
      return null;
    }
    case 'CustomerChatAckChanged': {
      const payload = parse(AckEvent, event);
      if (payload)
        applyAck(queryClient, payload.ticket_id ?? null, payload.message_id, payload.ack, payload.error ?? null);
      return null;
    }
    case 'ChatMessageUpdated': {
      // Its media became ready or failed, or the sender edited or deleted it (docs/media.md#events).
      const payload = parse(MessageUpdatedEvent, event);
      if (payload) replaceMessage(queryClient, payload.ticket_id ?? payload.message.ticketId ?? null, payload.message);
      return null;
    }
    case 'ChatMessageReaction': {
      const payload = parse(ReactionEvent, event);
      if (payload) setReactions(queryClient, payload.ticket_id ?? null, payload.message_id, payload.reactions);
      return null;
    }
    case 'ChatTicketTransfer':
    case 'ChatTicketTransferring':
    case 'DeleteChatTicketTransfer': {
      const payload = parse(TransferEvent, event);
      if (payload) {
        putTicket(queryClient, payload.ticket, viewerId);
        putTransfer(queryClient, payload.transfer);
        // Each step of a transfer leaves a line in the conversation.
        void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(payload.ticket.id) });
      }
      scheduleListRefresh(queryClient);
      return null;
    }
    case 'ChatTicketTransferred': {
      const payload = parse(TransferredEvent, event);
      if (payload) {
        putTicket(queryClient, payload.ticket, viewerId);
        if (payload.transfer_id != null) {
          void queryClient.invalidateQueries({ queryKey: inboxKeys.transfers(payload.ticket.id) });
          void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(payload.ticket.id) });
        }
      }
      scheduleListRefresh(queryClient);
      return null;
    }
    case 'TicketAssigned': {
      // The distribution gave a waiting ticket to this user (docs/service-levels.md#distribution):
      // it moves to "Meus" as when someone accepts it (the same `ChatTicketTransferred` usually
      // comes too), and its conversation gained the line saying why.
      const payload = parse(TicketEvent, event);
      if (payload) {
        putTicket(queryClient, payload.ticket, viewerId);
        void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(payload.ticket.id) });
      }
      scheduleListRefresh(queryClient);
      return null;
    }
    case TICKET_SLA_CHANGED_EVENT: {
      // Its SLA state changed (lib/sla.ts): the queue's badge and the header follow. No activity:
      // it keeps its place in the lists, whose counts do not change.
      const payload = parse(TicketEvent, event);
      if (payload) putTicket(queryClient, payload.ticket, viewerId, { activity: false });
      return null;
    }
    case 'CustomerBlacklisted': {
      const payload = parse(BlacklistEvent, event);
      if (payload) patchCustomer(queryClient, payload.customer_id, payload.blacklisted);
      return null;
    }
    case 'GroupOfCustomersUpdated':
      void queryClient.invalidateQueries({ queryKey: inboxKeys.customers() });
      return null;
    // A customer edited, on or off a legal hold, or erased (LGPD): only what shows them is read
    // again (their name and phone are on the queue's rows, the headers and the panel).
    case 'CustomerChanged': {
      const payload = parse(CustomerEvent, event);
      if (payload) refetchCustomer(queryClient, payload.customer_id);
      return null;
    }
    case 'CustomersMerged':
      // A ticket's customer may be another one now: the lists, the open conversations' customer
      // panels and headers are read again.
      void queryClient.invalidateQueries({ queryKey: inboxKeys.customers() });
      scheduleListRefresh(queryClient);
      return null;
    case 'TicketTagsChanged': {
      // Someone tagged a ticket (docs/tags.md): the queue's lists filtered by tag and the board's
      // columns gain or lose it, the conversation's header shows its tags; no list moves it up.
      const payload = parse(TicketEvent, event);
      if (payload) putTicket(queryClient, payload.ticket, viewerId, { activity: false });
      return null;
    }
    case 'CustomerTagsChanged': {
      const payload = parse(CustomerTagsEvent, event);
      if (payload) setCustomerTags(queryClient, payload.customer_id, payload.tags);
      return null;
    }
    case 'TagsChanged': {
      // A tag renamed, recoloured or deleted: every ticket and customer shown follows at once (the
      // list of tags itself is lib/tags.ts's; the board's columns follow it).
      const payload = parse(TagsEvent, event);
      if (payload) refreshCachedTags(queryClient, payload.tags);
      return null;
    }
    case 'CustomerCreatedToChat':
      // The ticket it opens comes as CustomerChatCreated.
      return null;
    default:
      return null;
  }
}

/**
 * After the socket came back (events may have been missed meanwhile): everything the inbox holds
 * is read again.
 */
export function refreshInbox(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
}

/**
 * Whether a new customer message is worth a browser notification and a sound when the tab is
 * hidden: a ticket of mine, or one waiting in my queue — never one the chatbot holds (`bot`: it
 * needs nobody yet; it rings, if at all, once it reaches a person).
 */
export function alertsViewer(ticket: Ticket, viewerId: number): boolean {
  if (ticket.status === 'bot') return false;
  return ticket.assignedUser?.id === viewerId || ticket.status === 'pending';
}
