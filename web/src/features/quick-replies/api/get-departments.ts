/**
 * The departments a department's reply may belong to, by name: GET /api/departments →
 * `[{id, name, activated}]` (any logged-in user reads it), the active ones. Read only while the form
 * offers the choice.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { quickReplyKeys } from '../keys';

const DepartmentSchema = z.object({ id: z.number(), name: z.string(), activated: z._default(z.boolean(), true) });

export interface DepartmentOption {
  id: number;
  name: string;
}

export async function getDepartmentOptions(): Promise<DepartmentOption[]> {
  const all = await http.get('/api/departments', { schema: z.array(DepartmentSchema) });
  return all.filter((department) => department.activated).map(({ id, name }) => ({ id, name }));
}

export function useDepartmentOptions(enabled: boolean) {
  return useQuery({
    queryKey: quickReplyKeys.departments(),
    queryFn: getDepartmentOptions,
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}
