/**
 * GET /api/mentions?unread&cursor&limit → `{data: [mention], next_cursor, unread}`: the caller's
 * mentions in tickets they see, newest first, a page at a time by cursor ("Carregar mais"). Each
 * page also says how many are unread: written into the badge's query.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { writeUnread } from '../cache';
import { mentionKeys, type MentionFilter } from '../keys';
import { MentionPageSchema, type MentionPage } from './schemas';

/** Mentions a page asks for (the server allows 1 to 100; its default is 20). */
export const MENTION_PAGE_SIZE = 20;

export interface MentionsRequest {
  filter: MentionFilter;
  cursor: string | null;
  limit?: number;
  signal?: AbortSignal;
}

export function getMentions({ filter, cursor, limit = MENTION_PAGE_SIZE, signal }: MentionsRequest) {
  return http.get<MentionPage>('/api/mentions', {
    query: { unread: filter === 'unread', cursor: cursor ?? undefined, limit },
    schema: MentionPageSchema,
    signal,
  });
}

/** The mentions of one of the drawer's lists, page after page. */
export function useMentions(filter: MentionFilter) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: mentionKeys.list(filter),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getMentions({ filter, cursor: pageParam, signal });
      writeUnread(queryClient, page.unread);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
  });
}
