/**
 * GET /api/dashboard/control-panel/at-risk (route `dashboard-control-panel`; docs/service-levels.md#sla-policies): the
 * open tickets at risk of breaching their SLA or breached, the nearest deadline first (at most 50).
 * Read again 500 ms after a burst of their events (`TicketSlaChanged`, a close, a transfer:
 * ../realtime.ts) and every 30 s with the panel, in case an event was missed.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { analyticsKeys } from '../keys';
import { CONTROL_PANEL_INTERVAL_MS } from './get-control-panel';
import { AtRiskTicketSchema, type AtRiskTicket } from './schemas';

const AtRiskSchema = z.array(AtRiskTicketSchema);

export function getAtRisk(): Promise<AtRiskTicket[]> {
  return http.get('/api/dashboard/control-panel/at-risk', { schema: AtRiskSchema });
}

export function useAtRisk() {
  return useQuery({
    queryKey: analyticsKeys.atRisk(),
    queryFn: getAtRisk,
    refetchInterval: CONTROL_PANEL_INTERVAL_MS,
  });
}
