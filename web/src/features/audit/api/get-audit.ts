/**
 * GET /api/audit?userId&action&from&to&before (route `users`) → `{data, nextCursor}`: the audit
 * log's entries matching the filters, newest first, 50 a page; the next page is asked with
 * `before=<nextCursor>` ("Carregar mais"), until `nextCursor` is null. 422 `invalid_audit_filter`
 * with `errors[{field, message}]` for a filter the server refuses (`from` after `to`). The same
 * entries as `.xlsx`: `AUDIT_SHEET_PATH` with the same filters.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { auditQuery, type AuditFilters } from '../filters';
import { auditKeys } from '../keys';
import { AuditPageSchema, type AuditPage } from './schemas';

export const AUDIT_SHEET_PATH = '/api/audit/sheet';

/** The code of the 422 answer to a filter the server refuses. */
export const INVALID_AUDIT_FILTER = 'invalid_audit_filter';

export function getAudit(filters: AuditFilters, before: number | null, signal?: AbortSignal): Promise<AuditPage> {
  return http.get('/api/audit', {
    query: { ...auditQuery(filters), before: before ?? undefined },
    schema: AuditPageSchema,
    signal,
  });
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    // New filters keep the previous entries, dimmed, until they answer (no flicker).
    placeholderData: keepPreviousData,
  });
}
