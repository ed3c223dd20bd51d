//! GET /api/departments → `[{id, name, activated}]` by name (spec §3 User department; route
//! `users`): the departments a user can be put in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

const DepartmentSchema = z.object({ id: z.number(), name: z.string(), activated: z.boolean() });
export type Department = z.infer<typeof DepartmentSchema>;

export function getDepartments(): Promise<Department[]> {
  return http.get('/api/departments', { schema: z.array(DepartmentSchema) });
}

export const departmentsQueryOptions = queryOptions({
  queryKey: ['departments'],
  queryFn: getDepartments,
  staleTime: 60 * 1000,
});

export function useDepartments(enabled = true) {
  return useQuery({ ...departmentsQueryOptions, enabled });
}
