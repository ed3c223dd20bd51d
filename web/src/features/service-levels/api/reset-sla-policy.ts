/**
 * DELETE /api/sla/policies/{departmentId} (route `users`) → 204: the department follows the
 * company's default again. 404 `department_not_found`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { serviceLevelKeys } from '../keys';

export async function resetSlaPolicy(departmentId: number): Promise<void> {
  await http.delete(`/api/sla/policies/${departmentId}`);
}

export function useResetSlaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSlaPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceLevelKeys.policies() }),
  });
}
