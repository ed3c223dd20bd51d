/**
 * Query keys of the audit screen (/audit, its log, its settings, its retention policy and the
 * consent step): every key starts with `['audit']`.
 */
import type { AuditFilters } from './filters';

export const AUDIT_KEY = ['audit'] as const;

export const auditKeys = {
  all: () => AUDIT_KEY,
  /** `GET /api/audit`: the entries matching the filters, page after page. */
  list: (filters: AuditFilters) => [...AUDIT_KEY, 'list', filters] as const,
  /** `GET /api/audit/filters`: the operations and authors the filters offer. */
  filterOptions: () => [...AUDIT_KEY, 'filter-options'] as const,
  /** `GET /api/retention`: the records' retention policy and the last clean-up. */
  retention: () => [...AUDIT_KEY, 'retention'] as const,
  /** `GET /api/audit/settings`: what the log records beyond the changes (conversation reads). */
  settings: () => [...AUDIT_KEY, 'settings'] as const,
  /** `GET /api/privacy/consent`: the bot's consent step (docs/privacy.md#consent), on the settings tab. */
  consent: () => [...AUDIT_KEY, 'consent'] as const,
};
