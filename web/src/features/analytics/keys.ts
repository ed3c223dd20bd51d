/** Query keys of the dashboards and reports: every key starts with `['analytics']`. */
import type { Period } from '../../lib/period';

export interface DashboardFilters {
  instanceId: number | null;
  departmentId: number | null;
}

/**
 * The analytics dashboard's filters: also one tag, for its figures and the tickets behind them
 * (the productivity report does not filter by tag).
 */
export interface AnalyticsFilters extends DashboardFilters {
  tagId: number | null;
}

export const ANALYTICS_KEY = ['analytics'] as const;

export const analyticsKeys = {
  all: () => ANALYTICS_KEY,
  analytics: (period: Period, filters: AnalyticsFilters) => [...ANALYTICS_KEY, 'analytics', period, filters] as const,
  controlPanel: () => [...ANALYTICS_KEY, 'control-panel'] as const,
  /** GET /api/dashboard/control-panel/at-risk: the control panel's "Prestes a estourar". */
  atRisk: () => [...ANALYTICS_KEY, 'sla-at-risk'] as const,
  maria: (period: Period) => [...ANALYTICS_KEY, 'maria', period] as const,
  productivity: (period: Period, filters: DashboardFilters) =>
    [...ANALYTICS_KEY, 'productivity', period, filters] as const,
  tickets: (query: object) => [...ANALYTICS_KEY, 'tickets', query] as const,
  loginFailures: (query: object) => [...ANALYTICS_KEY, 'login-failures', query] as const,
  /** GET /api/dashboard/filters: the dashboards' instances, departments and agents. */
  filters: () => [...ANALYTICS_KEY, 'options', 'filters'] as const,
  /** GET /api/dashboard-report/users: the login failures report's users. */
  reportUsers: () => [...ANALYTICS_KEY, 'options', 'report-users'] as const,
  /** GET /api/inbox/instances: the attendances sheet's instances. */
  sheetInstances: () => [...ANALYTICS_KEY, 'options', 'sheet-instances'] as const,
  closingReasons: () => [...ANALYTICS_KEY, 'options', 'closing-reasons'] as const,
};
