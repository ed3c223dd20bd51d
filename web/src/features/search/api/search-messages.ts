/**
 * GET /api/search/messages?q=&cursor=&limit= → `{data: [{ticket, matches}], next_cursor}`: the
 * messages of the conversations the caller may see (the server decides) that hold every word of
 * `q` — accents and case aside, a plural finding its singular —, newest first, page after page by
 * cursor. A conversation whose matches span two pages comes on both (grouping.ts joins them). 422
 * `invalid_search` (2 to 100 characters, a letter or digit among them) or `invalid_cursor`, with
 * the server's pt_BR message.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { searchKeys } from '../keys';
import { isSearchable } from '../query';
import { SearchPageSchema, type SearchPage } from './schemas';

/** Messages a page asks for (the server answers up to 50). */
export const SEARCH_PAGE_SIZE = 30;

export interface SearchRequest {
  query: string;
  cursor: string | null;
  signal?: AbortSignal;
}

export function searchMessages({ query, cursor, signal }: SearchRequest): Promise<SearchPage> {
  return http.get('/api/search/messages', {
    query: { q: query, cursor: cursor ?? undefined, limit: SEARCH_PAGE_SIZE },
    schema: SearchPageSchema,
    signal,
  });
}

/** The results of `query` ('' or too short: nothing asked), page after page ("Carregar mais"). */
export function useMessageSearch(query: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.messages(query),
    queryFn: ({ pageParam, signal }) => searchMessages({ query, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    enabled: isSearchable(query),
    // A new search keeps the previous results, dimmed, until it answers.
    placeholderData: keepPreviousData,
  });
}
