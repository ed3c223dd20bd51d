/**
 * A pending transfer resolved: POST /api/transfers/{id}/accept (the target: the ticket becomes
 * theirs, `open`), POST /api/transfers/{id}/reject (the target declines) or DELETE
 * /api/transfers/{id} (the requester cancels) — each answers the ticket. 403 not the target /
 * not the requester, 409 `transfer_resolved` (someone resolved it first).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putTicket } from '../cache';
import { inboxKeys } from '../keys';
import { TicketSchema, type Ticket } from './schemas';

export type TransferResolution = 'accept' | 'reject' | 'cancel';

export function resolveTransfer(transferId: number, resolution: TransferResolution): Promise<Ticket> {
  if (resolution === 'cancel') return http.delete(`/api/transfers/${transferId}`, { schema: TicketSchema });
  return http.post(`/api/transfers/${transferId}/${resolution}`, undefined, { schema: TicketSchema });
}

export function useResolveTransfer(viewerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transferId, resolution }: { transferId: number; resolution: TransferResolution }) =>
      resolveTransfer(transferId, resolution),
    onSuccess: (ticket) => {
      putTicket(queryClient, ticket, viewerId);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.transfers(ticket.id) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(ticket.id) });
    },
    // Resolved elsewhere meanwhile (409): show what it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.allTransfers() }),
  });
}
