/**
 * The audit screen's filters — the author (`userId`), the operation (`action`) and the period
 * (`from`, `to`: São Paulo calendar days, both included) —, kept in the URL under the names the API
 * takes (`/audit?userId=7&action=users_create&from=2026-12-01&to=2026-12-06`), so a filtered view
 * can be reloaded and shared. A value the URL holds that cannot be one (`userId=abc`, `from=ontem`)
 * is ignored.
 */
import type { QueryParams } from '../../lib/http';
import { isDay } from '../../lib/period';

export interface AuditFilters {
  userId: number | null;
  action: string | null;
  /** `YYYY-MM-DD`. */
  from: string | null;
  /** `YYYY-MM-DD`. */
  to: string | null;
}

export const NO_AUDIT_FILTERS: AuditFilters = { userId: null, action: null, from: null, to: null };

/** The URL's parameters, the same as the API's. */
export const AUDIT_PARAMS = ['userId', 'action', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];

const ACTION = /^[A-Za-z0-9_.:-]{1,100}$/;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

function day(value: string | null): string | null {
  return value !== null && isDay(value) ? value : null;
}

/** The filters a URL's search holds. */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  return {
    userId: positiveInt(params.get('userId')),
    action: action !== null && ACTION.test(action) ? action : null,
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** `current` with `filters` written in (a null filter removed); other parameters are kept. */
export function paramsWithFilters(current: URLSearchParams, filters: AuditFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of AUDIT_PARAMS) {
    const value = filters[name];
    if (value === null) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The query string of `GET /api/audit` and of its sheet (filters not chosen left out). */
export function auditQuery(filters: AuditFilters): QueryParams {
  return {
    userId: filters.userId ?? undefined,
    action: filters.action ?? undefined,
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
  };
}

/** True when any filter is chosen. */
export function hasFilters(filters: AuditFilters): boolean {
  return AUDIT_PARAMS.some((name) => filters[name] !== null);
}
