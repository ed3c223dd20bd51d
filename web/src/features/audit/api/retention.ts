/**
 * The records' retention policy (route `users`): GET /api/retention → `{policy, kinds, maxDays,
 * lastRun}`; PUT /api/retention with the policy (`{loginFailuresDays, webhookDeliveriesDays,
 * auditLogDays, messagesDays, mediaDays}`, each a number of days or null: kept forever; no other field) → the same shape, or
 * 422 `invalid_retention` with `errors[{field, message}]` naming the policy's fields.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { auditKeys } from '../keys';
import { RetentionSchema, type Retention, type RetentionPolicy } from './schemas';

/** The code of the 422 answer to a policy the server refuses. */
export const INVALID_RETENTION = 'invalid_retention';

export function getRetention(): Promise<Retention> {
  return http.get('/api/retention', { schema: RetentionSchema });
}

export function useRetention() {
  return useQuery({ queryKey: auditKeys.retention(), queryFn: getRetention });
}

export function saveRetention(policy: RetentionPolicy): Promise<Retention> {
  // Every field, always: one left out would be saved as "kept forever".
  const { loginFailuresDays, webhookDeliveriesDays, auditLogDays, messagesDays, mediaDays } = policy;
  return http.put(
    '/api/retention',
    { loginFailuresDays, webhookDeliveriesDays, auditLogDays, messagesDays, mediaDays },
    { schema: RetentionSchema },
  );
}

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRetention,
    onSuccess: (saved) => queryClient.setQueryData(auditKeys.retention(), saved),
  });
}
