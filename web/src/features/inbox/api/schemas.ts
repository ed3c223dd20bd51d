/**
 * The inbox's shapes as the server sends them (server/src/domain/inbox/views.rs, camelCase) in API
 * answers and in the realtime events' payloads (server/src/domain/events.rs). Lists page by cursor
 * (`next_cursor`), never by offset: the queue never loads every ticket.
 */
import * as z from 'zod/mini';
import { IdentitySchema, MergeSchema } from '../../../lib/identities';
import { TicketSlaSchema } from '../../../lib/sla';
import { TagRefSchema } from '../../../lib/tags';

export type { Identity } from '../../../lib/identities';

export const NamedRefSchema = z.object({ id: z.number(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const CustomerRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  /**
   * The customer's address: E.164 (`+` and the digits) when their number is known, otherwise the id
   * WhatsApp gives instead of a hidden number (a BSUID `BR.1502…`, a LID `1203…@lid`). Shown through
   * `formatAddress` (../format.ts), never as a phone.
   */
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
  /**
   * When WhatsApp's 24-hour customer-service window closes (official numbers: free text until
   * then, only approved templates after; `window.ts`). Null — or absent, from an older server —
   * for a number without the rule.
   */
  windowClosesAt: z._default(z.nullable(z.string()), null),
  /** Its tags, by name (docs/tags.md); absent from an older server. */
  tags: z._default(z.array(TagRefSchema), []),
  /**
   * Where it stands against its SLA policy (lib/sla.ts, docs/service-levels.md#sla-policies): null
   * when none applies — and absent, from an older server.
   */
  sla: TicketSlaSchema,
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

/**
 * A message's attachment (docs/media.md#message-types): `pending` while the worker fetches the bytes,
 * `ready` (the links, which expire after an hour, are then set) or `failed` (`error`, pt_BR).
 */
export const MediaSchema = z.object({
  status: z._default(z.string(), 'ready'),
  error: z.nullish(z.string()),
  mimeType: z.nullish(z.string()),
  fileName: z.nullish(z.string()),
  size: z.nullish(z.number()),
  width: z.nullish(z.number()),
  height: z.nullish(z.number()),
  durationMs: z.nullish(z.number()),
  voice: z.nullish(z.boolean()),
  waveform: z.nullish(z.array(z.number())),
  url: z.nullish(z.string()),
  downloadUrl: z.nullish(z.string()),
  thumbnailUrl: z.nullish(z.string()),
});
export type Media = z.infer<typeof MediaSchema>;

export const LocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  name: z.nullish(z.string()),
  address: z.nullish(z.string()),
});
export type MessageLocation = z.infer<typeof LocationSchema>;

export const ContactCardSchema = z.object({
  name: z._default(z.string(), ''),
  phones: z._default(z.array(z.string()), []),
  vcard: z.nullish(z.string()),
});
export type ContactCard = z.infer<typeof ContactCardSchema>;

/** The message a reply quotes (`id` null when the quoted message is not stored). */
export const QuotedSchema = z.object({
  id: z.nullish(z.number()),
  type: z._default(z.string(), 'text'),
  body: z._default(z.string(), ''),
  direction: z._default(z.string(), 'in'),
  fileName: z.nullish(z.string()),
});
export type Quoted = z.infer<typeof QuotedSchema>;

/** At most one per customer and one per agent (`user` for an agent's). */
export const ReactionSchema = z.object({
  emoji: z.string(),
  from: z.string(),
  user: z.nullish(NamedRefSchema),
});
export type Reaction = z.infer<typeof ReactionSchema>;

/**
 * What a message carries (docs/media.md): `text`, `image`, `audio`, `video`, `document`, `sticker`,
 * `location`, `contacts`, or `unsupported` (an inbound type the server does not know).
 */
export type MessageType =
  'text' | 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'location' | 'contacts' | 'unsupported';

export const MessageSchema = z.object({
  id: z.number(),
  ticketId: z.nullish(z.number()),
  /** `in` (the customer wrote) or `out`. */
  direction: z.string(),
  /**
   * `text`; `note`: a line of the conversation the customer does not see (transfers, a share's
   * steps); `internal`: an agent's internal note (direction `out`, `ack` `read`, `user` its author;
   * only the staff see it, docs/notes.md); `bot`: written by the chatbot (direction `out`, no user).
   */
  kind: z.string(),
  body: z.string(),
  ack: z.string(),
  error: z.nullish(z.string()),
  sentAt: z.string(),
  user: z.nullish(NamedRefSchema),
  clientId: z.nullish(z.string()),
  // Media (docs/media.md): all optional, so a page from a server without them still parses.
  /** `MessageType`; 'text' from an older server. */
  type: z._default(z.string(), 'text'),
  media: z.nullish(MediaSchema),
  location: z.nullish(LocationSchema),
  contacts: z.nullish(z.array(ContactCardSchema)),
  quoted: z.nullish(QuotedSchema),
  reactions: z._default(z.array(ReactionSchema), []),
  editedAt: z.nullish(z.string()),
  /** Deleted by its sender for everyone: body and media are emptied ("mensagem apagada"). */
  revokedAt: z.nullish(z.string()),
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
  /** How the customer is known (at least one). Absent from an older server. */
  identities: z._default(z.array(IdentitySchema), []),
  /** The customers merged into this one, newest first. Absent from an older server. */
  merges: z._default(z.array(MergeSchema), []),
  /** The customer's tags, by name (docs/tags.md); absent from an older server. */
  tags: z._default(z.array(TagRefSchema), []),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const TransferTargetsSchema = z.object({
  users: z.array(
    z.object({ id: z.number(), name: z.string(), online: z.boolean(), departmentId: z.nullish(z.number()) }),
  ),
  departments: z.array(NamedRefSchema),
});
export type TransferTargets = z.infer<typeof TransferTargetsSchema>;

/**
 * Someone a note may mention (GET /api/tickets/{id}/mention-targets, docs/notes.md): the tenant's
 * active people but the viewer, by name. `canSee` false: mentioning them asks to share the ticket
 * with them (`shareWithMentioned`).
 */
export const MentionTargetSchema = z.object({
  id: z.number(),
  name: z.string(),
  departmentId: z._default(z.nullable(z.number()), null),
  canSee: z.boolean(),
  online: z._default(z.boolean(), false),
});
export type MentionTarget = z.infer<typeof MentionTargetSchema>;

/**
 * The answer to POST /api/tickets/{id}/notes: the note (a message of `kind` `internal`), whom it
 * mentioned and with whom the ticket was shared to read it.
 */
export const WrittenNoteSchema = z.object({
  message: MessageSchema,
  mentioned: z._default(z.array(NamedRefSchema), []),
  sharedWith: z._default(z.array(NamedRefSchema), []),
});
export type WrittenNote = z.infer<typeof WrittenNoteSchema>;
