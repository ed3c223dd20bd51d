/**
 * GET /api/dashboard/productivity?from&to&instanceId&departmentId (route
 * `dashboard-produtivity-report`; docs/analytics.md): one row per agent with any figure in the
 * period, by name (the screen sorts). The same rows as `.xlsx`: `…/productivity/sheet`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys, type DashboardFilters } from '../keys';
import type { Period } from '../../../lib/period';
import { dashboardQuery } from './get-analytics';
import { ProductivitySchema, type Productivity } from './schemas';

export const PRODUCTIVITY_SHEET_PATH = '/api/dashboard/productivity/sheet';

export function getProductivity(period: Period, filters: DashboardFilters): Promise<Productivity> {
  return http.get('/api/dashboard/productivity', {
    query: dashboardQuery(period, filters),
    schema: ProductivitySchema,
  });
}

export function useProductivity(period: Period, filters: DashboardFilters, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.productivity(period, filters),
    queryFn: () => getProductivity(period, filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}
