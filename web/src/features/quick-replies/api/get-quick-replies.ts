/**
 * GET /api/quick-replies?scope=&q=&cursor=&limit= → `{data: [reply], next_cursor}` (any logged-in
 * user; docs/quick-replies.md): the replies the caller sees — the tenant's, their department's
 * (every department's for administrators and supervisors) and their own — by shortcut, a page at a
 * time by cursor. `scope` keeps one scope; `q` matches the shortcut or the text, case aside.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { QuickReplyPageSchema, type QuickReplyPage } from '../../../lib/quick-replies';
import { quickReplyKeys, type ScopeFilter } from '../keys';

export type { QuickReplyPage } from '../../../lib/quick-replies';

/** Replies a page of the screen asks for (the server allows 1 to 100; its default is 20). */
export const QUICK_REPLY_PAGE_SIZE = 30;
/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The longest search sent. */
export const MAX_SEARCH = 100;

export interface QuickRepliesRequest {
  scope: ScopeFilter;
  search: string;
  cursor: string | null;
  signal?: AbortSignal;
}

export function getQuickReplies({ scope, search, cursor, signal }: QuickRepliesRequest): Promise<QuickReplyPage> {
  const q = search.trim();
  return http.get('/api/quick-replies', {
    query: {
      scope: scope === 'all' ? undefined : scope,
      q: q === '' ? undefined : q,
      cursor: cursor ?? undefined,
      limit: QUICK_REPLY_PAGE_SIZE,
    },
    schema: QuickReplyPageSchema,
    signal,
  });
}

/** The replies of `scope` matching `search`, page after page ("Carregar mais"). */
export function useQuickReplies(scope: ScopeFilter, search: string) {
  return useInfiniteQuery({
    queryKey: quickReplyKeys.list(scope, search),
    queryFn: ({ pageParam, signal }) => getQuickReplies({ scope, search, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // A new search or filter keeps the previous rows, dimmed, until it answers.
    placeholderData: keepPreviousData,
  });
}
