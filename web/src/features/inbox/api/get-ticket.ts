/**
 * GET /api/tickets/{id} → the ticket (404 `ticket_not_found` also for one the caller may not
 * see). Starts from the copy a list already holds (the queue's, or a column of the kanban board),
 * so opening a ticket from either shows it at once; realtime events keep it current (`cache.ts`).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { findOnBoard } from '../board/board-cache';
import type { TicketPages } from '../cache';
import { inboxKeys } from '../keys';
import { TicketSchema, type Ticket } from './schemas';

export function getTicket(id: number): Promise<Ticket> {
  return http.get(`/api/tickets/${id}`, { schema: TicketSchema });
}

export function useTicket(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: inboxKeys.ticket(id ?? 0),
    queryFn: () => getTicket(id ?? 0),
    enabled: id !== null,
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<TicketPages>({ queryKey: inboxKeys.lists() })) {
        for (const page of data?.pages ?? []) {
          const found = page.data.find((ticket) => ticket.id === id);
          if (found) return found;
        }
      }
      return id === null ? undefined : findOnBoard(queryClient, id);
    },
    // A copy from a list is as fresh as that list: read the ticket itself once more.
    initialDataUpdatedAt: 0,
  });
}
