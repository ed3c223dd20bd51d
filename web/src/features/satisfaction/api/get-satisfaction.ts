/**
 * GET /api/dashboard/satisfaction?from&to&instanceId&departmentId (route
 * `dashboard-produtivity-report`): the survey's figures of the period, overall and by agent,
 * department, closing reason, tag and quick reply, the answers per grade and the latest comments.
 * The same as `.xlsx`: `…/satisfaction/sheet`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { Period } from '../../../lib/period';
import { satisfactionKeys, type SatisfactionFilters } from '../keys';
import { SatisfactionSchema, type Satisfaction } from './schemas';

export const SATISFACTION_SHEET_PATH = '/api/dashboard/satisfaction/sheet';

/** The query string (filters left out when not chosen). */
export function satisfactionQuery(period: Period, filters: SatisfactionFilters) {
  return {
    from: period.from,
    to: period.to,
    instanceId: filters.instanceId ?? undefined,
    departmentId: filters.departmentId ?? undefined,
  };
}

export function getSatisfaction(period: Period, filters: SatisfactionFilters): Promise<Satisfaction> {
  return http.get('/api/dashboard/satisfaction', {
    query: satisfactionQuery(period, filters),
    schema: SatisfactionSchema,
  });
}

export function useSatisfaction(period: Period, filters: SatisfactionFilters, enabled = true) {
  return useQuery({
    queryKey: satisfactionKeys.report(period, filters),
    queryFn: () => getSatisfaction(period, filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}
