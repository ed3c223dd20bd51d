/**
 * GET /api/tenant/plans (operators, route `tenants`) → `{plans: [{code, name, user_limit,
 * ticket_limit, media_limit_mb, features: [option]}], features: [{option, label}]}`: the plans,
 * cheapest first, with their default limits (0 = unlimited; media in MB) and the options they switch on, and the feature
 * catalogue with pt_BR labels. The tenant forms and the list's plan names read it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

const PlanSchema = z.object({
  code: z.string(),
  name: z.string(),
  user_limit: z.number(),
  ticket_limit: z.number(),
  /** The media quota in MB (0 = unlimited); absent from older answers: unlimited. */
  media_limit_mb: z._default(z.number(), 0),
  features: z._default(z.array(z.string()), []),
});
export type Plan = z.infer<typeof PlanSchema>;

const FeatureSchema = z.object({ option: z.string(), label: z.string() });
export type Feature = z.infer<typeof FeatureSchema>;

const TenantPlansSchema = z.object({ plans: z.array(PlanSchema), features: z.array(FeatureSchema) });
export type TenantPlans = z.infer<typeof TenantPlansSchema>;

export function getTenantPlans(): Promise<TenantPlans> {
  return http.get('/api/tenant/plans', { schema: TenantPlansSchema });
}

/** Not under TENANTS_QUERY_KEY: saving a tenant does not change the catalogue, which changes only
 *  with a deployment (read once per session). */
export const tenantPlansQueryOptions = queryOptions({
  queryKey: ['tenant-plans'],
  queryFn: getTenantPlans,
  staleTime: Infinity,
});

export function useTenantPlans() {
  return useQuery(tenantPlansQueryOptions);
}

/** A plan's name as the server gives it, or its code while the catalogue is not there. */
export function planName(plans: TenantPlans | undefined, code: string): string {
  return plans?.plans.find((plan) => plan.code === code)?.name ?? code;
}

/** A feature's pt_BR label, or its code. */
export function featureLabel(plans: TenantPlans | undefined, option: string): string {
  return plans?.features.find((feature) => feature.option === option)?.label ?? option;
}
