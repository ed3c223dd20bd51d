/** Query keys of the audit screen (/audit): every key starts with `['audit']`. */
import type { AuditFilters } from './filters';

export const AUDIT_KEY = ['audit'] as const;

export const auditKeys = {
  all: () => AUDIT_KEY,
  /** `GET /api/audit`: the entries matching the filters, page after page. */
  list: (filters: AuditFilters) => [...AUDIT_KEY, 'list', filters] as const,
  /** `GET /api/audit/filters`: the operations and authors the filters offer. */
  filterOptions: () => [...AUDIT_KEY, 'filter-options'] as const,
};
