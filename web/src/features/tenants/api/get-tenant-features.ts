/**
 * GET /api/tenant/feature?tenantName= → `[{option, enabled, label}]` (docs/contracts.md#api-calls):
 * one tenant's feature settings with pt_BR labels.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { TENANTS_QUERY_KEY } from './get-tenants';

const FeatureSettingSchema = z.object({ option: z.string(), enabled: z.boolean(), label: z._default(z.string(), '') });
export type FeatureSetting = z.infer<typeof FeatureSettingSchema>;

export function getTenantFeatures(tenantName: string): Promise<FeatureSetting[]> {
  return http.get('/api/tenant/feature', { query: { tenantName }, schema: z.array(FeatureSettingSchema) });
}

export function tenantFeaturesQueryOptions(tenantName: string) {
  return queryOptions({
    queryKey: [...TENANTS_QUERY_KEY, 'features', tenantName],
    queryFn: () => getTenantFeatures(tenantName),
  });
}

export function useTenantFeatures(tenantName: string) {
  return useQuery(tenantFeaturesQueryOptions(tenantName));
}
