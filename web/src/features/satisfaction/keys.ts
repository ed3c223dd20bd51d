/** Query keys of the customer satisfaction survey: every key starts with `['satisfaction']`. */
import type { Period } from '../../lib/period';

/** The productivity screen's filters the satisfaction figures follow. */
export interface SatisfactionFilters {
  instanceId: number | null;
  departmentId: number | null;
}

export const SATISFACTION_KEY = ['satisfaction'] as const;

export const satisfactionKeys = {
  all: () => SATISFACTION_KEY,
  /** GET /api/dashboard/satisfaction: the period's figures. */
  report: (period: Period, filters: SatisfactionFilters) => [...SATISFACTION_KEY, 'report', period, filters] as const,
  /** GET /api/survey: the company's survey settings. */
  settings: () => [...SATISFACTION_KEY, 'settings'] as const,
  /** GET /api/departments: the departments the survey may leave out. */
  departments: () => [...SATISFACTION_KEY, 'departments'] as const,
};
