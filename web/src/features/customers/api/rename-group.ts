/**
 * PUT /api/customer-groups/{id} `{name}` → the group (route `customers`; older servers: `users`);
 * 404 `group_not_found`, 422 on `name` (docs/inbox.md#customers). A customer's detail names their
 * groups, so the details are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putGroup } from '../cache';
import { customerKeys } from '../keys';
import { GroupSchema, type CustomerGroup } from './schemas';

export function renameGroup({ id, name }: { id: number; name: string }): Promise<CustomerGroup> {
  return http.put(`/api/customer-groups/${id}`, { name }, { schema: GroupSchema });
}

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroup,
    onSuccess: (group) => {
      putGroup(queryClient, group);
      void queryClient.invalidateQueries({ queryKey: customerKeys.details() });
    },
  });
}
