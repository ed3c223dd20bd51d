/**
 * GET /api/tickets/{id}/transfer-targets → `{users: [{id, name, online, departmentId}] online first,
 * departments: [{id, name}]}`: where the transfer dialog may send the ticket. Read each time the
 * dialog opens (who is online changes).
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { TransferTargetsSchema, type TransferTargets } from './schemas';

export function getTransferTargets(ticketId: number): Promise<TransferTargets> {
  return http.get(`/api/tickets/${ticketId}/transfer-targets`, { schema: TransferTargetsSchema });
}

export function useTransferTargets(ticketId: number) {
  return useQuery({
    queryKey: inboxKeys.transferTargets(ticketId),
    queryFn: () => getTransferTargets(ticketId),
    staleTime: 0,
  });
}
