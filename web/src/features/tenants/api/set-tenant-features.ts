/**
 * POST /api/tenant/feature `{option, enabled, tenantName}` → `{option, enabled, tenantName}`, one
 * call per changed feature, all sent in parallel (docs/contracts.md#api-calls, "one call per
 * feature, sent in parallel"). Every call settles before the result is reported, so a partial
 * failure says exactly which options were saved and which were not.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { TENANTS_QUERY_KEY } from './get-tenants';

const FeatureAnswerSchema = z.object({ option: z.string(), enabled: z.boolean(), tenantName: z.string() });

export interface FeatureChange {
  option: string;
  enabled: boolean;
}

export function setTenantFeature(tenantName: string, change: FeatureChange) {
  return http.post(
    '/api/tenant/feature',
    { option: change.option, enabled: change.enabled, tenantName },
    { schema: FeatureAnswerSchema },
  );
}

export interface FeatureResult {
  change: FeatureChange;
  /** null when saved; the error otherwise. */
  error: unknown;
}

/** Sends every change at once (Promise.all over calls that each settle to a result). */
export function setTenantFeatures({
  tenantName,
  changes,
}: {
  tenantName: string;
  changes: FeatureChange[];
}): Promise<FeatureResult[]> {
  return Promise.all(
    changes.map((change) =>
      setTenantFeature(tenantName, change).then(
        (): FeatureResult => ({ change, error: null }),
        (error: unknown): FeatureResult => ({ change, error }),
      ),
    ),
  );
}

export function useSetTenantFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTenantFeatures,
    // Saved or not, refresh what the server now holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}
