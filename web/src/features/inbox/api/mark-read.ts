/**
 * POST /api/tickets/{id}/read → 204: the conversation was read (its unread count goes to zero).
 * Sent when a ticket with unread messages is open and the tab is visible.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchTicket } from '../cache';

export function markRead(id: number): Promise<unknown> {
  return http.post(`/api/tickets/${id}/read`);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (id) => patchTicket(queryClient, id, (ticket) => ({ ...ticket, unread: 0 })),
  });
}
