/**
 * PUT /api/distribution/agents/{userId} `{capacity}` (route `users`) → the person as the screen
 * lists them; `capacity` null gives them their department's again. 422 `invalid_capacity`, 404
 * `user_not_found`. Raising it offers waiting tickets at once, so the whole screen is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { DISTRIBUTION_KEY } from '../keys';
import { AgentSchema, type Agent } from './get-distribution';

export interface CapacityChange {
  userId: number;
  /** null: the department's. */
  capacity: number | null;
}

export function setAgentCapacity({ userId, capacity }: CapacityChange): Promise<Agent> {
  return http.put(`/api/distribution/agents/${userId}`, { capacity }, { schema: AgentSchema });
}

export function useSetAgentCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentCapacity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISTRIBUTION_KEY }),
  });
}
