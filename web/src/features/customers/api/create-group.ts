/**
 * POST /api/customer-groups `{name}` → 201 the group (route `customers`; older servers: `users`);
 * 422 `invalid_name` / `name_taken` on `name` (docs/inbox.md#customers). Raises
 * `GroupOfCustomersUpdated`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putGroup } from '../cache';
import { customerKeys } from '../keys';
import { GroupSchema, type CustomerGroup } from './schemas';

export function createGroup(name: string): Promise<CustomerGroup> {
  return http.post('/api/customer-groups', { name }, { schema: GroupSchema });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      putGroup(queryClient, group);
      void queryClient.invalidateQueries({ queryKey: customerKeys.groups() });
    },
  });
}
