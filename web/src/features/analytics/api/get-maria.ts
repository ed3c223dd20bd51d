/**
 * GET /api/dashboard/maria?from&to (route `dashboard-maria-panel`; docs/analytics.md): the chatbot's
 * figures; `botEnabled` is the tenant's `chatbot` option.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys } from '../keys';
import type { Period } from '../../../lib/period';
import { MariaSchema, type Maria } from './schemas';

export function getMaria(period: Period): Promise<Maria> {
  return http.get('/api/dashboard/maria', { query: { from: period.from, to: period.to }, schema: MariaSchema });
}

export function useMaria(period: Period, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.maria(period),
    queryFn: () => getMaria(period),
    enabled,
    placeholderData: keepPreviousData,
  });
}
