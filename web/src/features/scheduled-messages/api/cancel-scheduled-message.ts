/**
 * DELETE /api/scheduled-messages/{id} → the scheduled message, `cancelled` (`cancelReason:
 * "cancelled"`): it will not be sent. 409 `schedule_not_pending` (sent or cancelled meanwhile), 404
 * `schedule_not_found`. Every list is read again either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isScheduledMessagesQuery, ScheduledSchema, type Scheduled } from '../../../lib/scheduled-messages';

export function cancelScheduledMessage(id: number): Promise<Scheduled> {
  return http.delete(`/api/scheduled-messages/${id}`, { schema: ScheduledSchema });
}

export function useCancelScheduledMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledMessage,
    onSettled: () => queryClient.invalidateQueries({ predicate: isScheduledMessagesQuery }),
  });
}
