/**
 * GET /api/tickets/{id}/messages?before=&limit= → `{data (oldest first), next_cursor}`
 * (server/src/domain/inbox/messages.rs): the newest page first, then older pages as the
 * conversation is scrolled up (`next_cursor` goes backwards in time). Looking for one message — a
 * message search's match, a quote — reads the older pages `SEEK_PAGE_SIZE` at a time.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { MessagePageSchema, type MessagePage } from './schemas';

/** Messages per page (the server answers 1 to 200). */
export const CONVERSATION_PAGE_SIZE = 50;
/** Messages per older page while looking for one message: the server's most. */
export const SEEK_PAGE_SIZE = 200;

export function getMessages(
  ticketId: number,
  before: string | undefined,
  limit = CONVERSATION_PAGE_SIZE,
): Promise<MessagePage> {
  return http.get(`/api/tickets/${ticketId}/messages`, {
    query: { before, limit },
    schema: MessagePageSchema,
  });
}

/**
 * The conversation, page after page, and `loadOlder(size)`: the next older page, of `size`
 * messages. The size only grows: a refetch reads every page again at the current size, so what a
 * search brought into view stays loaded.
 */
export function useConversation(ticketId: number | null) {
  const pageSize = useRef(CONVERSATION_PAGE_SIZE);
  const conversation = useInfiniteQuery({
    queryKey: inboxKeys.messages(ticketId ?? 0),
    queryFn: ({ pageParam }) => getMessages(ticketId ?? 0, pageParam, pageSize.current),
    enabled: ticketId !== null,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const { fetchNextPage } = conversation;
  const loadOlder = useCallback(
    (size = CONVERSATION_PAGE_SIZE) => {
      pageSize.current = Math.max(pageSize.current, size);
      return fetchNextPage();
    },
    [fetchNextPage],
  );
  return { conversation, loadOlder };
}
