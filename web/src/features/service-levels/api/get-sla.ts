/**
 * GET /api/sla (route `users`; docs/service-levels.md#sla-policies) → `{policies}`: the company's
 * default first (`departmentId` null, always its own), then every department by name — one with
 * `own` false shows the default's targets, which it follows.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { serviceLevelKeys } from '../keys';
import { SlaOverviewSchema, type SlaOverview } from './schemas';

export function getSla(): Promise<SlaOverview> {
  return http.get('/api/sla', { schema: SlaOverviewSchema });
}

export function useSla() {
  return useQuery({ queryKey: serviceLevelKeys.policies(), queryFn: getSla });
}
