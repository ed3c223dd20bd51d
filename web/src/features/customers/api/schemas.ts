/**
 * The shapes of the customers API as the server sends them (server/src/domain/conversations/
 * customers.rs and views.rs, camelCase; docs/inbox.md#shapes).
 */
import * as z from 'zod/mini';
import { IdentitySchema, MergeSchema } from '../../../lib/identities';
import { TagRefSchema } from '../../../lib/tags';

export type { CustomerMerge, Identity, IdentityKind } from '../../../lib/identities';

const NamedRefSchema = z.object({ id: z.number(), name: z.string() });

export const CustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  /**
   * The customer's address: E.164 (`+` and the digits) when their number is known; otherwise the id
   * WhatsApp gives instead of a hidden number — a business-scoped user id (BSUID, `BR.1502…`) or a
   * linked id (LID, `1203…@lid`). Shown through `formatAddress` (../format.ts), never as a phone.
   */
  phone: z.string(),
  email: z.nullish(z.string()),
  blacklisted: z.boolean(),
  createdAt: z.string(),
  /** The customer's tags, by name (docs/tags.md); absent from an older server. */
  tags: z._default(z.array(TagRefSchema), []),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerPageSchema = z.object({
  data: z.array(CustomerSchema),
  /** The `cursor` of the next page; null on the last. */
  next_cursor: z.nullish(z.string()),
});
export type CustomerPage = z.infer<typeof CustomerPageSchema>;

export const GroupSchema = z.object({ id: z.number(), name: z.string(), members: z._default(z.number(), 0) });
export type CustomerGroup = z.infer<typeof GroupSchema>;

export const CustomerTicketSchema = z.object({
  id: z.number(),
  protocol: z.string(),
  status: z.string(),
  instance: NamedRefSchema,
  assignedUser: z.nullish(NamedRefSchema),
  department: z.nullish(NamedRefSchema),
  lastMessage: z.nullish(z.object({ body: z.string(), at: z.nullish(z.string()) })),
  openedAt: z.string(),
  closedAt: z.nullish(z.string()),
});
export type CustomerTicket = z.infer<typeof CustomerTicketSchema>;

export const LooseMessageSchema = z.object({
  id: z.number(),
  direction: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
export type LooseMessage = z.infer<typeof LooseMessageSchema>;

export const CustomerDetailSchema = z.object({
  ...CustomerSchema.shape,
  groups: z._default(z.array(GroupSchema), []),
  /** Their tickets the caller may see, newest first (at most 50). */
  tickets: z._default(z.array(CustomerTicketSchema), []),
  /**
   * What they wrote that opened no ticket (blacklisted, or past the plan's monthly ticket limit) on
   * instances the caller serves, newest first (at most 20).
   */
  messagesWithoutTicket: z._default(z.array(LooseMessageSchema), []),
  /** How the customer is known (at least one; oldest first). Absent from an older server. */
  identities: z._default(z.array(IdentitySchema), []),
  /** The customers merged into this one, newest first. Absent from an older server. */
  merges: z._default(z.array(MergeSchema), []),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/**
 * Where a customer stands on their data (docs/privacy.md): a legal hold (its reason and since when:
 * erasure is refused while it stands) and the time they were erased, if they were.
 */
export const PrivacyStatusSchema = z.object({
  customerId: z.number(),
  legalHoldReason: z.nullish(z.string()),
  legalHoldAt: z.nullish(z.string()),
  erasedAt: z.nullish(z.string()),
});
export type PrivacyStatus = z.infer<typeof PrivacyStatusSchema>;

/** One answer to the consent question (docs/privacy.md#consent): the text as it was, its version. */
export const ConsentAnswerSchema = z.object({
  version: z.number(),
  text: z.string(),
  granted: z.boolean(),
  /** `bot` (asked on the first contact) or `agent`. */
  source: z.string(),
  ticketId: z.nullish(z.number()),
  answeredAt: z.string(),
});
export type ConsentAnswer = z.infer<typeof ConsentAnswerSchema>;

/** `GET /api/customers/{id}/privacy`: the status and the consents, oldest first. */
export const CustomerPrivacySchema = z.object({
  ...PrivacyStatusSchema.shape,
  consents: z._default(z.array(ConsentAnswerSchema), []),
});
export type CustomerPrivacy = z.infer<typeof CustomerPrivacySchema>;

/** What an erasure emptied (`POST /api/customers/{id}/erase`). */
export const ErasedSchema = z.object({
  /** The customer as they are now: "Titular anonimizado", phone `anonimizado-{id}`. */
  customer: z.nullish(CustomerSchema),
  messages: z._default(z.number(), 0),
  tickets: z._default(z.number(), 0),
  webhookDeliveries: z._default(z.number(), 0),
  /** Files removed from the media store (those nothing else holds). */
  mediaFiles: z._default(z.number(), 0),
});
export type Erased = z.infer<typeof ErasedSchema>;
