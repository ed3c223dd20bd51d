/**
 * GET /api/dashboard/analytics?from&to&instanceId&departmentId (route `dashboard-analytics`, feature
 * `analytics`; docs/analytics.md#dashboard-api): the period's totals, the previous period's, the
 * first-response and resolution medians, one row per day, the hour-of-week grid and the top
 * closing reasons.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys, type DashboardFilters } from '../keys';
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

export function getAnalytics(period: Period, filters: DashboardFilters): Promise<Analytics> {
  return http.get('/api/dashboard/analytics', { query: dashboardQuery(period, filters), schema: AnalyticsSchema });
}

export function useAnalytics(period: Period, filters: DashboardFilters, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.analytics(period, filters),
    queryFn: () => getAnalytics(period, filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}
