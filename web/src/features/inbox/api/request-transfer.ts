/**
 * POST /api/tickets/{id}/transfers `{toUserId | toDepartmentId, note}` → 201 the transfer,
 * `pending`; the ticket is `transferring` until the target accepts or rejects, or the requester
 * cancels. 409 already transferring / not accepted / closed, 422 `invalid_transfer_target`,
 * `note_too_long` (500).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchTicket, putTransfer } from '../cache';
import { inboxKeys } from '../keys';
import { TransferSchema, type Transfer } from './schemas';

/** The longest note the server takes. */
export const MAX_TRANSFER_NOTE = 500;

export interface TransferInput {
  ticketId: number;
  toUserId?: number;
  toDepartmentId?: number;
  note?: string;
}

export function requestTransfer({ ticketId, ...body }: TransferInput): Promise<Transfer> {
  return http.post(`/api/tickets/${ticketId}/transfers`, body, { schema: TransferSchema });
}

export function useRequestTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestTransfer,
    onSuccess: (transfer) => {
      putTransfer(queryClient, transfer);
      patchTicket(queryClient, transfer.ticketId, (ticket) => ({ ...ticket, status: 'transferring' }));
      // The request left a line in the conversation.
      void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(transfer.ticketId) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.ticket(transfer.ticketId) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.transfers(transfer.ticketId) });
    },
  });
}
