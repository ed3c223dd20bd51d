/**
 * The inbox's shapes as the server sends them (server/src/domain/inbox/views.rs, camelCase) in API
 * answers and in the realtime events' payloads (server/src/domain/events.rs). Lists page by cursor
 * (`next_cursor`), never by offset: the queue never loads every ticket.
 */
import * as z from 'zod/mini';

export const NamedRefSchema = z.object({ id: z.number(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const CustomerRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  blacklisted: z._default(z.boolean(), false),
});

/**
 * `pending` (waiting in the queue), `open` (someone's), `transferring`, `closed`, or `bot`: held by
 * the chatbot, out of the people's queue until it routes the customer or someone takes over.
 */
export type TicketStatus = 'pending' | 'open' | 'transferring' | 'closed' | 'bot';

export const TicketSchema = z.object({
  id: z.number(),
  protocol: z.string(),
  status: z.string(),
  customer: CustomerRefSchema,
  instance: NamedRefSchema,
  assignedUser: z.nullish(NamedRefSchema),
  department: z.nullish(NamedRefSchema),
  lastMessage: z.nullish(z.object({ body: z.string(), at: z.nullish(z.string()) })),
  /** Customer messages nobody of the staff has read yet. */
  unread: z._default(z.number(), 0),
  openedAt: z.string(),
  closedAt: z.nullish(z.string()),
  closingReasonId: z.nullish(z.number()),
  /** The last activity (what the queue is ordered by, newest first). */
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** The queue's counts, whatever the filters (the viewer's tickets per status, and their own). */
export const CountsSchema = z.object({
  pending: z._default(z.number(), 0),
  open: z._default(z.number(), 0),
  transferring: z._default(z.number(), 0),
  mine: z._default(z.number(), 0),
  /** Tickets the chatbot holds (0 from a server without it). */
  bot: z._default(z.number(), 0),
});
export type Counts = z.infer<typeof CountsSchema>;

export const TicketPageSchema = z.object({
  data: z.array(TicketSchema),
  next_cursor: z.nullish(z.string()),
  counts: CountsSchema,
});
export type TicketPage = z.infer<typeof TicketPageSchema>;

/**
 * Delivery state of an outbound message: `queued` → `sent` → `delivered` → `read`, or `failed`
 * (with `error`). Inbound messages and notes are `read`.
 */
export type Ack = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

export const MessageSchema = z.object({
  id: z.number(),
  ticketId: z.nullish(z.number()),
  /** `in` (the customer wrote) or `out`. */
  direction: z.string(),
  /**
   * `text`; `note`: a line of the conversation the customer does not see (transfers); `bot`: written
   * by the chatbot (direction `out`, no user).
   */
  kind: z.string(),
  body: z.string(),
  ack: z.string(),
  error: z.nullish(z.string()),
  sentAt: z.string(),
  user: z.nullish(NamedRefSchema),
  clientId: z.nullish(z.string()),
});
export type ServerMessage = z.infer<typeof MessageSchema>;

/**
 * A message as the conversation holds it: the server's, or one being sent from here (`local`:
 * `sending` until the server answers, `error` when the request itself failed — retried with the
 * same `clientId`, which the server dedupes).
 */
export type Message = ServerMessage & { local?: 'sending' | 'error'; localError?: string };

export const MessagePageSchema = z.object({
  /** Oldest first. */
  data: z.array(MessageSchema),
  /** `before` for the older page; null at the start of the conversation. */
  next_cursor: z.nullish(z.string()),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const TransferSchema = z.object({
  id: z.number(),
  ticketId: z.number(),
  /** `pending`, `accepted`, `rejected` or `cancelled`. */
  status: z.string(),
  fromUser: z.nullish(NamedRefSchema),
  toUser: z.nullish(NamedRefSchema),
  toDepartment: z.nullish(NamedRefSchema),
  note: z.nullish(z.string()),
  createdAt: z.string(),
  resolvedAt: z.nullish(z.string()),
});
export type Transfer = z.infer<typeof TransferSchema>;

export const ClosingReasonSchema = z.object({ id: z.number(), name: z.string(), activated: z.boolean() });
export type ClosingReason = z.infer<typeof ClosingReasonSchema>;

export const GroupSchema = z.object({ id: z.number(), name: z.string(), members: z._default(z.number(), 0) });

export const CustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.nullish(z.string()),
  blacklisted: z.boolean(),
  createdAt: z.string(),
});

export const CustomerDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.nullish(z.string()),
  blacklisted: z.boolean(),
  createdAt: z.string(),
  groups: z._default(z.array(GroupSchema), []),
  /** Their tickets the viewer may see, newest first (at most 50). */
  tickets: z._default(z.array(TicketSchema), []),
  /**
   * What they wrote that opened no ticket — while blacklisted, or beyond the plan's monthly ticket
   * limit — on instances the viewer serves, newest first (at most 20; `ticketId` null).
   */
  messagesWithoutTicket: z._default(z.array(MessageSchema), []),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const TransferTargetsSchema = z.object({
  users: z.array(
    z.object({ id: z.number(), name: z.string(), online: z.boolean(), departmentId: z.nullish(z.number()) }),
  ),
  departments: z.array(NamedRefSchema),
});
export type TransferTargets = z.infer<typeof TransferTargetsSchema>;
