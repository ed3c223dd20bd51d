/**
 * POST /api/tickets/{id}/tags `{add, remove}` → the ticket with its tags now (docs/tags.md):
 * anyone who sees the ticket (404 otherwise). A change names what to put on and take off, never
 * the whole set, so two people tagging at once both land. The answer is written everywhere the
 * ticket shows — the queue (a list filtered by tag gains or loses it), the conversation, the
 * board — without moving it up (a tag is no activity); `TicketTagsChanged` tells the others.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putTicket } from '../cache';
import { TicketSchema, type Ticket } from './schemas';

export interface TicketTagChange {
  ticketId: number;
  add: number[];
  remove: number[];
}

export function changeTicketTags({ ticketId, add, remove }: TicketTagChange): Promise<Ticket> {
  return http.post(`/api/tickets/${ticketId}/tags`, { add, remove }, { schema: TicketSchema });
}

export function useChangeTicketTags(viewerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTicketTags,
    onSuccess: (ticket) => putTicket(queryClient, ticket, viewerId, { activity: false }),
  });
}
