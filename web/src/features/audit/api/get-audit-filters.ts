/**
 * GET /api/audit/filters (route `users`) → `{actions: [{action, label, area}], actors: [{id, name,
 * kind}]}`: the operations the log records (the "Ação" filter, grouped by area) and the people and
 * integrations that may appear in it (the "Pessoa ou integração" filter).
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { auditKeys } from '../keys';
import { AuditFilterOptionsSchema, type AuditFilterOptions } from './schemas';

export function getAuditFilterOptions(): Promise<AuditFilterOptions> {
  return http.get('/api/audit/filters', { schema: AuditFilterOptionsSchema });
}

export function useAuditFilterOptions() {
  return useQuery({ queryKey: auditKeys.filterOptions(), queryFn: getAuditFilterOptions, staleTime: 60_000 });
}
