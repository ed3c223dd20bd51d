/**
 * GET /api/customers?search&cursor&limit → `{data: [customer], next_cursor}` (any logged-in user;
 * docs/inbox.md#customers): every customer of the tenant, newest first, a page at a time by cursor.
 * `search` is a part of the name (any case) or four or more digits of the phone; at most 100
 * characters (422 `invalid_search`).
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
  cursor: string | null;
  limit?: number;
  signal?: AbortSignal;
}

export function getCustomers({ search, cursor, limit = CUSTOMER_PAGE_SIZE, signal }: CustomersRequest) {
  const term = search.trim();
  return http.get<CustomerPage>('/api/customers', {
    query: { search: term === '' ? undefined : term, cursor: cursor ?? undefined, limit },
    schema: CustomerPageSchema,
    signal,
  });
}

/** The customers matching `search`, page after page ("Carregar mais"). */
export function useCustomers(search: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: customerKeys.list(search),
    queryFn: ({ pageParam, signal }) => getCustomers({ search, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // A new search keeps the previous rows, dimmed, until it answers (no flicker).
    placeholderData: keepPreviousData,
    enabled,
  });
}
