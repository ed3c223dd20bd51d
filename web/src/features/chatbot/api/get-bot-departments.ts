/**
 * The departments an option can route to (active ones). Holders of the route `users` read
 * `GET /api/users/options` (the users form's departments); everybody else `GET /api/dashboard/filters`
 * (open to any logged-in user of a tenant with `analytics`). A department the configuration names
 * and the list lacks is still shown, by number (`Departamento #9`).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { chatbotKeys } from '../keys';
import type { Choice } from './schemas';

const DepartmentSchema = z.object({ id: z.number(), name: z.string(), activated: z._default(z.boolean(), true) });
const ListsSchema = z.object({ departments: z._default(z.array(DepartmentSchema), []) });

export type DepartmentSource = 'users' | 'filters';

export async function getBotDepartments(source: DepartmentSource): Promise<Choice[]> {
  const path = source === 'users' ? '/api/users/options' : '/api/dashboard/filters';
  const answer = await http.get(path, { schema: ListsSchema });
  return answer.departments.map((department) => ({
    id: department.id,
    name: department.name,
    active: department.activated,
  }));
}

export function useBotDepartments(source: DepartmentSource) {
  return useQuery({
    queryKey: chatbotKeys.departments(source),
    queryFn: () => getBotDepartments(source),
    staleTime: 5 * 60 * 1000,
  });
}
