/**
 * GET /api/tickets/{id}/transfers → the ticket's transfers, newest first: the pending one shows
 * above the conversation (accept/reject for its target, cancel for whoever asked).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { TransferSchema, type Transfer } from './schemas';

export function getTransfers(ticketId: number): Promise<Transfer[]> {
  return http.get(`/api/tickets/${ticketId}/transfers`, { schema: z.array(TransferSchema) });
}

export function useTransfers(ticketId: number, enabled: boolean) {
  return useQuery({ queryKey: inboxKeys.transfers(ticketId), queryFn: () => getTransfers(ticketId), enabled });
}
