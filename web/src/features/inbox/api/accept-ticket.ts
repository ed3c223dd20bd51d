/**
 * POST /api/tickets/{id}/accept → the ticket, `open`, the caller's. Two people racing: one wins,
 * the other gets 409 `ticket_taken` (and the queue learns it from `ChatTicketTransferred`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putTicket } from '../cache';
import { TicketSchema, type Ticket } from './schemas';

export function acceptTicket(id: number): Promise<Ticket> {
  return http.post(`/api/tickets/${id}/accept`, undefined, { schema: TicketSchema });
}

export function useAcceptTicket(viewerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTicket,
    onSuccess: (ticket) => putTicket(queryClient, ticket, viewerId),
  });
}
