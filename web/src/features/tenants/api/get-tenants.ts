/**
 * POST /api/tenant/paginated `{filter_users, pagination_page, pagination_limit, search, sort_name,
 * sort_type}` → `{data: [tenant], pagination: {page, limit, total, pages}}`
 * (docs/contracts.md#api-calls, Tenants; back-office operators with route `tenants`). Defaults
 * (docs/contracts.md#constants): page 1, 4 per page, sorted by id descending. `filter_users` selects
 * by deletion: `active` (deleted tenants are hidden, docs/contracts.md#entities-and-storage-keys),
 * `deleted` or `all`.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

export const TenantSchema = z.object({
  id: z.number(),
  name: z.string(),
  cnpj: z.nullish(z.string()),
  features: z._default(z.array(z.object({ option: z.string(), enabled: z.boolean() })), []),
  template: z.string(),
  pool: z.string(),
  userLimit: z.number(),
  plan: z.string(),
  ticketLimit: z.number(),
  /** Media the tenant may keep, in MB (0 = unlimited); absent from older answers: unlimited. */
  mediaLimitMb: z._default(z.number(), 0),
  deleted_at: z.nullish(z.string()),
  created_at: z.optional(z.string()),
});
export type Tenant = z.infer<typeof TenantSchema>;

const TenantsPageSchema = z.object({
  data: z.array(TenantSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
});
export type TenantsPage = z.infer<typeof TenantsPageSchema>;

export type TenantFilter = 'active' | 'deleted' | 'all';
export type TenantSortName = 'id' | 'name' | 'created_at';
export type SortType = 'asc' | 'desc';

export interface TenantsQuery {
  filter: TenantFilter;
  page: number;
  limit: number;
  search: string;
  sortName: TenantSortName;
  sortType: SortType;
}

/** Default page size 4, default page 1, default sort by id descending (docs/contracts.md#constants). */
export const TENANT_LIST_DEFAULTS: TenantsQuery = {
  filter: 'active',
  page: 1,
  limit: 4,
  search: '',
  sortName: 'id',
  sortType: 'desc',
};
export const TENANT_PAGE_SIZES = [4, 8, 12, 20, 50] as const;

export const TENANTS_QUERY_KEY = ['tenants'] as const;

export function getTenants(query: TenantsQuery): Promise<TenantsPage> {
  const search = query.search.trim();
  return http.post(
    '/api/tenant/paginated',
    {
      filter_users: query.filter,
      pagination_page: query.page,
      pagination_limit: query.limit,
      search: search === '' ? null : search,
      sort_name: query.sortName,
      sort_type: query.sortType,
    },
    { schema: TenantsPageSchema },
  );
}

export function tenantsQueryOptions(query: TenantsQuery) {
  return queryOptions({
    queryKey: [...TENANTS_QUERY_KEY, 'paginated', query],
    queryFn: () => getTenants(query),
  });
}

export function useTenants(query: TenantsQuery) {
  return useQuery({ ...tenantsQueryOptions(query), placeholderData: keepPreviousData });
}
