/**
 * GET /api/customer-groups → `[{id, name, members}]` by name (any logged-in user; docs/inbox.md,
 * "Groups"): the groups of customers a campaign can send to.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';

const GroupSchema = z.object({ id: z.number(), name: z.string(), members: z._default(z.number(), 0) });
export type CustomerGroup = z.infer<typeof GroupSchema>;

export function getCustomerGroups(): Promise<CustomerGroup[]> {
  return http.get('/api/customer-groups', { schema: z.array(GroupSchema) });
}

export function useCustomerGroups() {
  return useQuery({ queryKey: campaignKeys.groups(), queryFn: getCustomerGroups, staleTime: 60 * 1000 });
}
