/**
 * A customer's identities and merge log as the API answers them (`GET /api/customers/{id}` and the
 * inbox's customer panel; docs/inbox.md#identities): read by the customers screen, which merges,
 * and by the inbox, which only shows them. `lib/address.ts` says how they read.
 */
import * as z from 'zod/mini';

/**
 * How a customer is known to WhatsApp: `phone` (E.164), `bsuid` (the business-scoped user id Meta
 * sends when a username hides the number), `lid` (a QR gateway's linked id) or `group` (a group
 * chat a gateway number keeps). A kind this app does not know yet is kept as the server says it
 * (`identityLabel`).
 */
export type IdentityKind = 'phone' | 'bsuid' | 'lid' | 'group';

/** One identity; the server lists them oldest first. */
export const IdentitySchema = z.object({
  kind: z.string(),
  value: z.string(),
  /** When the customer was first seen with it. */
  createdAt: z.string(),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** A customer absorbed into this one (`POST /api/customers/{id}/merge`), as the merge log keeps it. */
export const MergeSchema = z.object({
  id: z.number(),
  mergedCustomerId: z.number(),
  mergedName: z.string(),
  /** The absorbed customer's address (a phone, a BSUID or a LID). */
  mergedPhone: z.string(),
  /** The identities it brought. */
  identities: z._default(z.array(z.object({ kind: z.string(), value: z.string() })), []),
  /** How many tickets and orders moved. */
  tickets: z._default(z.number(), 0),
  orders: z._default(z.number(), 0),
  /** The administrator who merged (null: their user no longer exists). */
  by: z.nullish(z.string()),
  createdAt: z.string(),
});
export type CustomerMerge = z.infer<typeof MergeSchema>;
