/**
 * GET /api/tickets?status=&mine=&instanceId=&tagId=&search=&cursor=&limit= → `{data, next_cursor, counts}`
 * (server/src/domain/inbox/tickets.rs): the tickets the caller may see, newest activity first, a
 * page at a time by cursor ("carregar mais" / infinite scroll — never every ticket). Every page
 * carries the queue's counts, which the tabs show (`useQueueCounts`).
 */
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { inboxKeys, type QueueFilter } from '../keys';
import { TicketPageSchema, type Counts, type TicketPage } from './schemas';

/** Tickets per page (the server answers 1 to 100). */
export const QUEUE_PAGE_SIZE = 30;
/** The server refuses longer searches. */
export const MAX_QUEUE_SEARCH = 100;

export function getTickets(
  filter: QueueFilter,
  cursor: string | undefined,
  limit = QUEUE_PAGE_SIZE,
): Promise<TicketPage> {
  const search = filter.search.trim();
  return http.get('/api/tickets', {
    query: {
      status: filter.tab === 'mine' ? undefined : filter.tab,
      mine: filter.tab === 'mine' ? true : undefined,
      instanceId: filter.instanceId ?? undefined,
      tagId: filter.tagId ?? undefined,
      search: search === '' ? undefined : search,
      cursor,
      limit,
    },
    schema: TicketPageSchema,
  });
}

export function queueQueryOptions(filter: QueueFilter, queryClient: QueryClient) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: async ({ pageParam }) => {
      const page = await getTickets(filter, pageParam);
      queryClient.setQueryData<Counts>(inboxKeys.counts(), page.counts);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useQueue(filter: QueueFilter) {
  const queryClient = useQueryClient();
  return useInfiniteQuery(queueQueryOptions(filter, queryClient));
}

/** The counts of the last list read (never fetched on their own). */
export function useQueueCounts(): Counts | undefined {
  return useQuery<Counts>({
    queryKey: inboxKeys.counts(),
    queryFn: () => Promise.reject(new Error('counts come with the lists')),
    enabled: false,
  }).data;
}
