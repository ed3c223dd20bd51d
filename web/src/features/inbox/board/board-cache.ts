/**
 * The kanban board's columns in the query cache, kept right as things happen: every ticket the
 * inbox writes (an answer of ours, a realtime event: features/inbox/cache.ts `putTicket`) is taken
 * out of every column and put back in those its status and tags say (`columns.ts`), by activity; a
 * closed ticket leaves the board. A card moved by hand is shown moved at once and put back if the
 * server refuses (`boardSnapshot` / `restoreBoard`).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Ticket } from '../api/schemas';
import { inboxKeys } from '../keys';
import { placeInColumn, type ColumnPages, type ColumnQuery } from './columns';

function columnQueryOf(key: QueryKey): ColumnQuery | null {
  const query = key[2];
  return typeof query === 'object' && query !== null && 'kind' in query ? (query as ColumnQuery) : null;
}

/** Puts `ticket` in every loaded column it belongs to, and out of the others. */
export function placeOnBoard(queryClient: QueryClient, ticket: Ticket): void {
  for (const [key, data] of queryClient.getQueriesData<ColumnPages>({ queryKey: inboxKeys.boards() })) {
    const query = columnQueryOf(key);
    if (!data || !query) continue;
    queryClient.setQueryData<ColumnPages>(key, placeInColumn(data, ticket, query));
  }
}

/** Changes every loaded copy of a ticket on the board, where it is (e.g. read: no unread messages). */
export function patchOnBoard(
  queryClient: QueryClient,
  match: (ticket: Ticket) => boolean,
  patch: (ticket: Ticket) => Ticket,
) {
  for (const [key, data] of queryClient.getQueriesData<ColumnPages>({ queryKey: inboxKeys.boards() })) {
    if (!data?.pages.some((page) => page.data.some(match))) continue;
    queryClient.setQueryData<ColumnPages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, data: page.data.map((t) => (match(t) ? patch(t) : t)) })),
    });
  }
}

/** The board's copy of a ticket, if a loaded column holds it. */
export function findOnBoard(queryClient: QueryClient, id: number): Ticket | undefined {
  for (const [, data] of queryClient.getQueriesData<ColumnPages>({ queryKey: inboxKeys.boards() })) {
    for (const page of data?.pages ?? []) {
      const found = page.data.find((ticket) => ticket.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

export type BoardSnapshot = [QueryKey, ColumnPages | undefined][];

/** Every column as it is now, to put back if a move fails. */
export function boardSnapshot(queryClient: QueryClient): BoardSnapshot {
  return queryClient.getQueriesData<ColumnPages>({ queryKey: inboxKeys.boards() });
}

export function restoreBoard(queryClient: QueryClient, snapshot: BoardSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
