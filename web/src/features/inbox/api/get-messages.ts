/**
 * GET /api/tickets/{id}/messages?before=&limit= → `{data (oldest first), next_cursor}`
 * (server/src/domain/inbox/messages.rs): the newest page first, then older pages as the
 * conversation is scrolled up (`next_cursor` goes backwards in time).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { MessagePageSchema, type MessagePage } from './schemas';

/** Messages per page (the server answers 1 to 200). */
export const CONVERSATION_PAGE_SIZE = 50;

export function getMessages(ticketId: number, before: string | undefined): Promise<MessagePage> {
  return http.get(`/api/tickets/${ticketId}/messages`, {
    query: { before, limit: CONVERSATION_PAGE_SIZE },
    schema: MessagePageSchema,
  });
}

export function useConversation(ticketId: number | null) {
  return useInfiniteQuery({
    queryKey: inboxKeys.messages(ticketId ?? 0),
    queryFn: ({ pageParam }) => getMessages(ticketId ?? 0, pageParam),
    enabled: ticketId !== null,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
