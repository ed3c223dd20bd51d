/**
 * GET /api/permission/categories → `[{id, label, permissions: [{id, route_name, category}]}]`:
 * every route permission grouped by catalogue category
 * (docs/contracts.md#roles-and-route-permissions, "listed with categories"; route `roles-list`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { PERMISSION_QUERY_KEY } from '../../../lib/query-keys';

export const PermissionCategorySchema = z.object({
  id: z.string(),
  label: z.string(),
  permissions: z.array(z.object({ id: z.number(), route_name: z.string(), category: z.string() })),
});
export type PermissionCategory = z.infer<typeof PermissionCategorySchema>;

export function getPermissionCategories(): Promise<PermissionCategory[]> {
  return http.get('/api/permission/categories', { schema: z.array(PermissionCategorySchema) });
}

export const permissionCategoriesQueryOptions = queryOptions({
  queryKey: [...PERMISSION_QUERY_KEY, 'categories'],
  queryFn: getPermissionCategories,
  // The catalogue changes only with a deployment.
  staleTime: 10 * 60 * 1000,
});

export function usePermissionCategories() {
  return useQuery(permissionCategoriesQueryOptions);
}
