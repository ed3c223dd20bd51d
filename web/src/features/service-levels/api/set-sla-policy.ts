/**
 * PUT /api/sla/policies `{departmentId, firstResponseMinutes, resolutionMinutes, pauseOnCustomer}`
 * (route `users`) → the policy (`own` true). Both targets null: no SLA. 422 `invalid_sla_minutes`
 * (field `firstResponseMinutes` or `resolutionMinutes`: 1 to 43 200 open minutes), 404
 * `department_not_found`. It holds the tickets entering the people's queue from now on. Changing
 * the default changes what the departments following it show, so the whole list is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { serviceLevelKeys } from '../keys';
import { SlaPolicySchema, type SlaPolicy } from './schemas';

export interface SlaPolicyChange {
  /** null: the company's default. */
  departmentId: number | null;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  pauseOnCustomer: boolean;
}

export function setSlaPolicy(change: SlaPolicyChange): Promise<SlaPolicy> {
  return http.put('/api/sla/policies', change, { schema: SlaPolicySchema });
}

export function useSetSlaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSlaPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceLevelKeys.policies() }),
  });
}
