/**
 * POST /api/tickets/{id}/close `{closingReasonId}` → the ticket, `closed` (pending transfers are
 * cancelled with it). 409 `ticket_closed`, 422 `closing_reason_required` / invalid reason.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putTicket } from '../cache';
import { inboxKeys } from '../keys';
import { TicketSchema, type Ticket } from './schemas';

export interface CloseInput {
  id: number;
  closingReasonId: number;
}

export function closeTicket({ id, closingReasonId }: CloseInput): Promise<Ticket> {
  return http.post(`/api/tickets/${id}/close`, { closingReasonId }, { schema: TicketSchema });
}

export function useCloseTicket(viewerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: (ticket) => {
      putTicket(queryClient, ticket, viewerId);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.transfers(ticket.id) });
    },
  });
}
