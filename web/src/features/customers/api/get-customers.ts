/**
 * GET /api/customers?search&tagId&cursor&limit → `{data: [customer], next_cursor}` (any logged-in
 * user; docs/inbox.md#customers): every customer of the tenant, newest first, a page at a time by
 * cursor, each with their tags. `search` is a part of the name (any case) or four or more digits of
 * the phone; at most 100 characters (422 `invalid_search`). `tagId` keeps only the customers who
 * carry that tag (docs/tags.md).
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { customerKeys } from '../keys';
import { CustomerPageSchema, type CustomerPage } from './schemas';

/** Rows a page of the screen asks for (the server allows 1 to 100; its default is 30). */
export const CUSTOMER_PAGE_SIZE = 30;
/** The server refuses a longer search. */
export const MAX_CUSTOMER_SEARCH = 100;
/** Wait this long after the last keystroke before searching (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;
/** The server's largest page. */
export const MAX_CUSTOMER_PAGE = 100;

export interface CustomersRequest {
  search: string;
  /** Only the customers with this tag; null or absent: any. */
  tagId?: number | null;
  cursor: string | null;
  limit?: number;
  signal?: AbortSignal;
}

export function getCustomers({ search, tagId = null, cursor, limit = CUSTOMER_PAGE_SIZE, signal }: CustomersRequest) {
  const term = search.trim();
  return http.get<CustomerPage>('/api/customers', {
    query: {
      search: term === '' ? undefined : term,
      tagId: tagId ?? undefined,
      cursor: cursor ?? undefined,
      limit,
    },
    schema: CustomerPageSchema,
    signal,
  });
}

/** The customers matching `search` (and carrying `tagId`, when given), page after page ("Carregar mais"). */
export function useCustomers(search: string, tagId: number | null = null, enabled = true) {
  return useInfiniteQuery({
    queryKey: customerKeys.list(search, tagId),
    queryFn: ({ pageParam, signal }) => getCustomers({ search, tagId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // A new search keeps the previous rows, dimmed, until it answers (no flicker).
    placeholderData: keepPreviousData,
    enabled,
  });
}
