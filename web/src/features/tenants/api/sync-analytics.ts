/**
 * GET /api/tenant/syncAnalytics?tenantName&fromDate&toDate&forceUpdate (operators, any tenant;
 * docs/analytics.md#analytics-sync): recomputes the tenant's daily aggregates of a range of days —
 * only the days whose data changed since the last run, or every day with `forceUpdate=true` — and
 * answers `{tenantName, from, to, forced, days, rows, startedAt, finishedAt, elapsedMs}`. Without
 * dates: every day that has data.
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

const SyncResultSchema = z.object({
  tenantName: z.string(),
  from: z.nullish(z.string()),
  to: z.nullish(z.string()),
  forced: z.boolean(),
  days: z.number(),
  rows: z.number(),
  startedAt: z.nullish(z.string()),
  finishedAt: z.nullish(z.string()),
  elapsedMs: z.number(),
});
export type SyncAnalyticsResult = z.infer<typeof SyncResultSchema>;

export interface SyncAnalyticsInput {
  tenantName: string;
  /** `YYYY-MM-DD`; empty: from the first day with data. */
  fromDate: string;
  /** `YYYY-MM-DD`; empty: up to the last day with data. */
  toDate: string;
  forceUpdate: boolean;
}

export function syncAnalytics({ tenantName, fromDate, toDate, forceUpdate }: SyncAnalyticsInput) {
  return http.get('/api/tenant/syncAnalytics', {
    query: {
      tenantName,
      fromDate: fromDate || undefined,
      toDate: toDate || undefined,
      forceUpdate,
    },
    schema: SyncResultSchema,
  });
}

/** Nothing on this screen shows the aggregates: nothing is invalidated. */
export function useSyncAnalytics() {
  return useMutation({ mutationFn: syncAnalytics });
}
