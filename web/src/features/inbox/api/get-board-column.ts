/**
 * One column of the kanban board (board/columns.ts): GET /api/tickets with the column's filter —
 * `withoutBoardTag=true&active=true` ("Sem etiqueta"), `tagId=X&active=true` (a tag), `status=X`
 * (the status view) — newest activity first, a page at a time by cursor ("Carregar mais"). Every
 * page carries the queue's counts too, kept for the queue's tabs (and the board's "Com o bot").
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { columnParams, type ColumnQuery } from '../board/columns';
import { inboxKeys } from '../keys';
import { TicketPageSchema, type Counts, type TicketPage } from './schemas';

/** Cards a column asks for at a time. */
export const COLUMN_PAGE_SIZE = 20;

export function getBoardColumn(query: ColumnQuery, cursor: string | undefined, signal?: AbortSignal) {
  return http.get<TicketPage>('/api/tickets', {
    query: { ...columnParams(query), cursor, limit: COLUMN_PAGE_SIZE },
    schema: TicketPageSchema,
    signal,
  });
}

export function useBoardColumn(query: ColumnQuery) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: inboxKeys.boardColumn(query),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getBoardColumn(query, pageParam, signal);
      queryClient.setQueryData<Counts>(inboxKeys.counts(), page.counts);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
