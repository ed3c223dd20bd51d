/**
 * POST /api/customer-groups/{id}/members `{add, remove}` → the group with its new size (route
 * `customers`; older servers: `users`); at most 1 000 ids per call (422 `too_many_members`), an
 * unknown id in `add` refuses the whole call (422 `customer_not_found`); adding a member twice or
 * removing a non-member is harmless (docs/inbox.md#customers).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchMembership, putGroup } from '../cache';
import { customerKeys } from '../keys';
import { GroupSchema, type CustomerGroup } from './schemas';

/** The server's limit of ids in one call. */
export const MAX_MEMBER_CHANGES = 1000;

export interface MemberChange {
  groupId: number;
  add?: number[];
  remove?: number[];
}

export function changeMembers({ groupId, add = [], remove = [] }: MemberChange): Promise<CustomerGroup> {
  return http.post(`/api/customer-groups/${groupId}/members`, { add, remove }, { schema: GroupSchema });
}

export function useChangeMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMembers,
    onSuccess: (group, change) => {
      putGroup(queryClient, group);
      // The details of the customers changed say so at once, then are read again.
      for (const id of change.add ?? []) patchMembership(queryClient, id, group, true);
      for (const id of change.remove ?? []) patchMembership(queryClient, id, group, false);
      for (const id of [...(change.add ?? []), ...(change.remove ?? [])]) {
        void queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) });
      }
    },
  });
}
