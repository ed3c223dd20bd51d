/**
 * The shapes of the mentions API as the server sends them (server/src/domain/notes/mentions.rs
 * `MentionView`, `MentionPage`; shares.rs `ShareView`): camelCase fields, the page's
 * `next_cursor` and `unread` in snake case.
 */
import * as z from 'zod/mini';

/** A share's state: `pending` (already visible, to accept or decline), `accepted`, `declined`. */
export const SHARE_PENDING = 'pending';
export const SHARE_ACCEPTED = 'accepted';

export const ShareSchema = z.object({
  id: z.number(),
  /** `pending`, `accepted` or `declined` (read as a string: a new state does not break the list). */
  status: z.string(),
});
export type Share = z.infer<typeof ShareSchema>;

export const MentionSchema = z.object({
  id: z.number(),
  ticketId: z.number(),
  /** The note: the conversation opens at its ticket. */
  messageId: z.number(),
  protocol: z.string(),
  customerName: z.string(),
  /** Who wrote the note; null when their user was removed. */
  author: z.nullish(z.object({ id: z.number(), name: z.string() })),
  /** The note's text. */
  body: z.string(),
  createdAt: z.string(),
  /** Null while unread. */
  readAt: z.nullish(z.string()),
  /** Set when the ticket was shared with the person so they could read it. */
  share: z.nullish(ShareSchema),
});
export type Mention = z.infer<typeof MentionSchema>;

export const MentionPageSchema = z.object({
  /** Newest first. */
  data: z.array(MentionSchema),
  /** The `cursor` of the next (older) page; null on the last. */
  next_cursor: z.nullish(z.string()),
  /** The person's unread mentions, all pages. */
  unread: z.number(),
});
export type MentionPage = z.infer<typeof MentionPageSchema>;

/** GET /api/mentions/unread and POST /api/mentions/read: the unread mentions left. */
export const UnreadSchema = z.object({ unread: z.number() });
export type Unread = z.infer<typeof UnreadSchema>;
