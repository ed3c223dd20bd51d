/**
 * GET /api/dashboard/analytics?from&to&instanceId&departmentId&tagId (route `dashboard-analytics`,
 * feature `analytics`; docs/analytics.md#dashboard-api): the period's totals, the previous period's,
 * the first-response and resolution medians, one row per day, the hour-of-week grid, the top
 * closing reasons, and the figures per tag (`tags`: under the instance and department filters, not
 * narrowed by `tagId`).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys, type AnalyticsFilters, type DashboardFilters } from '../keys';
import type { Period } from '../../../lib/period';
import { AnalyticsSchema, type Analytics } from './schemas';

/** The query string every filtered dashboard call shares (filters left out when not chosen). */
export function dashboardQuery(period: Period, filters: DashboardFilters) {
  return {
    from: period.from,
    to: period.to,
    instanceId: filters.instanceId ?? undefined,
    departmentId: filters.departmentId ?? undefined,
  };
}

/** The analytics dashboard's query string, and its drill-down's: the tag too. */
export function analyticsQuery(period: Period, filters: AnalyticsFilters) {
  return { ...dashboardQuery(period, filters), tagId: filters.tagId ?? undefined };
}

export function getAnalytics(period: Period, filters: AnalyticsFilters): Promise<Analytics> {
  return http.get('/api/dashboard/analytics', { query: analyticsQuery(period, filters), schema: AnalyticsSchema });
}

export function useAnalytics(period: Period, filters: AnalyticsFilters, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.analytics(period, filters),
    queryFn: () => getAnalytics(period, filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}
