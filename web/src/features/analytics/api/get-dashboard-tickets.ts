/**
 * GET /api/dashboard/tickets?from&to&metric&instanceId&departmentId&tagId&userId&cursor (any dashboard
 * route; docs/analytics.md): the tickets behind a figure, 50 per page, newest first, paged with
 * `nextCursor`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys, type AnalyticsFilters } from '../keys';
import type { Period } from '../../../lib/period';
import { analyticsQuery } from './get-analytics';
import { DashboardTicketsPageSchema, type DashboardTicketsPage } from './schemas';

export type TicketMetric = 'opened' | 'closed' | 'transferred' | 'firstResponse';

export interface DashboardTicketsQuery {
  period: Period;
  filters: AnalyticsFilters;
  metric: TicketMetric;
  userId?: number | null;
}

export function getDashboardTickets(
  query: DashboardTicketsQuery,
  cursor: string | null,
): Promise<DashboardTicketsPage> {
  return http.get('/api/dashboard/tickets', {
    query: {
      ...analyticsQuery(query.period, query.filters),
      metric: query.metric,
      userId: query.userId ?? undefined,
      cursor: cursor ?? undefined,
    },
    schema: DashboardTicketsPageSchema,
  });
}

export function useDashboardTickets(query: DashboardTicketsQuery | null) {
  return useInfiniteQuery({
    queryKey: analyticsKeys.tickets(query ?? {}),
    queryFn: ({ pageParam }) => getDashboardTickets(query as DashboardTicketsQuery, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: query !== null,
  });
}
