/**
 * POST /api/webhooks/{id}/replay `{from, to, eventTypes?, onlyFailed}` → `{queued}`: the endpoint's
 * deliveries created in the period (at most 31 days) sent again, each with the `webhook-id` it had
 * (a receiver that has it already can tell) — only the failed or not sent ones when `onlyFailed`
 * (the server's default), else every one not pending; `eventTypes` absent or empty is every event.
 * 400 with field errors on `from`, `to` or `eventTypes`; 404 when the endpoint is gone. The
 * endpoint's log is read again after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { ReplayResultSchema, type ReplayInput, type ReplayResult } from './schemas';

export interface ReplayRequest extends ReplayInput {
  /** The endpoint. */
  id: number;
}

export function replayWebhook({ id, eventTypes, ...body }: ReplayRequest): Promise<ReplayResult> {
  return http.post(`/api/webhooks/${id}/replay`, eventTypes && eventTypes.length > 0 ? { ...body, eventTypes } : body, {
    schema: ReplayResultSchema,
  });
}

export function useReplayWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhook,
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveriesOf(id) }),
  });
}
