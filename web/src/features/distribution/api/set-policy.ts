/**
 * PUT /api/distribution/policies `{departmentId, strategy, capacity, offerSeconds}` (route `users`)
 * → the policy; 422 `invalid_strategy` (field `strategy`), `invalid_capacity` (field `capacity`) or
 * `invalid_offer_seconds` (field `offerSeconds`), 404 `department_not_found`. Switching to an automatic strategy offers the waiting tickets at once,
 * so the whole screen is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { DISTRIBUTION_KEY } from '../keys';
import { PolicySchema, type Policy, type Strategy } from './get-distribution';

export interface PolicyChange {
  departmentId: number | null;
  strategy: Strategy;
  capacity: number;
  /** Seconds to accept an offer (5–600); null: the ticket is given directly. */
  offerSeconds: number | null;
}

export function setPolicy(change: PolicyChange): Promise<Policy> {
  return http.put('/api/distribution/policies', change, { schema: PolicySchema });
}

export function useSetPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISTRIBUTION_KEY }),
  });
}
