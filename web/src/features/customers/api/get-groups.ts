/**
 * GET /api/customer-groups → `[{id, name, members}]` by name (any logged-in user;
 * docs/inbox.md#customers, "Groups"). `GroupOfCustomersUpdated` reads it again (../realtime.ts).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { customerKeys } from '../keys';
import { GroupSchema, type CustomerGroup } from './schemas';

/** Names hold 1 to 80 characters and are unique. */
export const MAX_GROUP_NAME = 80;

export function getGroups(): Promise<CustomerGroup[]> {
  return http.get('/api/customer-groups', { schema: z.array(GroupSchema) });
}

export function useGroups() {
  return useQuery({ queryKey: customerKeys.groups(), queryFn: getGroups });
}
