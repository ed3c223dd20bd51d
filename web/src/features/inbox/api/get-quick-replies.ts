/**
 * GET /api/tickets/{id}/quick-replies → the quick replies the viewer may use on the ticket (up to
 * 500, most used first; docs/quick-replies.md): each reply (lib/quick-replies.ts) with its `text`,
 * the variables filled for this ticket, `templateParameters`, its template's values filled the same
 * way, and `missing`, the variables with no value here (their `{{…}}` left in `text` or in the
 * values: the composer's `/` picker refuses such a text, and a template's value must be typed). The
 * server offers a template reply only on its template's own number and, once the ticket's 24-hour
 * window has closed, only template replies. Read when the picker first
 * opens on a ticket and kept for five minutes (the greeting changes with the hour); a reply created,
 * changed or deleted on the quick replies screen reads it again (`QUICK_REPLIES_SEGMENT`).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { QuickReplySchema } from '../../../lib/quick-replies';
import { inboxKeys } from '../keys';

export const FilledReplySchema = z.extend(QuickReplySchema, {
  text: z.string(),
  missing: z._default(z.array(z.string()), []),
  templateParameters: z._default(z.array(z.string()), []),
});
export type FilledReply = z.infer<typeof FilledReplySchema>;

export function getTicketQuickReplies(ticketId: number): Promise<FilledReply[]> {
  return http.get(`/api/tickets/${ticketId}/quick-replies`, { schema: z.array(FilledReplySchema) });
}

/** The ticket's replies, once `enabled` (the picker has opened). */
export function useTicketQuickReplies(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.quickReplies(ticketId),
    queryFn: () => getTicketQuickReplies(ticketId),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}
