/**
 * The answer of `GET /api/search/messages` (the message search): conversations with the messages
 * in them that hold every word searched. The ticket is the inbox's shape (features/inbox/api/
 * schemas.ts `TicketSchema`); a feature does not import another, so only what this screen reads is
 * declared here, tolerant of what an older server leaves out.
 */
import * as z from 'zod/mini';
import { TagRefSchema } from '../../../lib/tags';

const NamedRefSchema = z.object({ id: z.number(), name: z.string() });

export const SearchTicketSchema = z.object({
  id: z.number(),
  protocol: z.string(),
  /** `pending`, `open`, `transferring`, `closed` or `bot` (lib/ticket-statuses.ts). */
  status: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), phone: z.string() }),
  instance: NamedRefSchema,
  assignedUser: z.nullish(NamedRefSchema),
  tags: z._default(z.array(TagRefSchema), []),
});
export type SearchTicket = z.infer<typeof SearchTicketSchema>;

/** A piece of a snippet: the message's own text, `hit` where a searched word was found. */
export const SnippetPartSchema = z.object({ text: z.string(), hit: z._default(z.boolean(), false) });
export type SnippetPart = z.infer<typeof SnippetPartSchema>;

export const MatchSchema = z.object({
  /** The message's id: the conversation opens at it. */
  id: z.number(),
  /** `in` (the customer wrote) or `out`. */
  direction: z.string(),
  /** `text`, `internal` (an internal note), `bot`, `note` (a line of the ticket's history)… */
  kind: z._default(z.string(), 'text'),
  sentAt: z.string(),
  snippet: z._default(z.array(SnippetPartSchema), []),
});
export type Match = z.infer<typeof MatchSchema>;

/** One conversation of a page and its matches there, newest first. */
export const SearchHitSchema = z.object({
  ticket: SearchTicketSchema,
  matches: z._default(z.array(MatchSchema), []),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchPageSchema = z.object({
  data: z.array(SearchHitSchema),
  /** The next page's `cursor` (keyset); null on the last page. */
  next_cursor: z.nullish(z.string()),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;
