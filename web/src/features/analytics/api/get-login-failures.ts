/**
 * POST /api/dashboard-report `{start_at, finish_at, selectedUsers}` (route `dashboard-report`,
 * feature `reports`; docs/analytics.md): the login failures of the period, for the chosen users
 * (none chosen: everyone, unknown emails included). Read like a query: the same body, the same
 * answer. The sheet: GET /api/dashboard-report/sheet?start_at&finish_at&selectedUsers=1,2.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys } from '../keys';
import type { Period } from '../../../lib/period';
import { LoginFailuresSchema, type LoginFailures } from './schemas';

export const LOGIN_FAILURES_SHEET_PATH = '/api/dashboard-report/sheet';

export interface LoginFailuresBody {
  start_at: string;
  finish_at: string;
  selectedUsers: number[];
}

export function loginFailuresBody(period: Period, users: readonly number[]): LoginFailuresBody {
  return { start_at: period.from, finish_at: period.to, selectedUsers: [...users].sort((a, b) => a - b) };
}

/** The sheet's query string: the same filters, `selectedUsers` as `1,2` (absent: everyone). */
export function loginFailuresSheetQuery(period: Period, users: readonly number[]) {
  return {
    start_at: period.from,
    finish_at: period.to,
    selectedUsers: users.length > 0 ? [...users].sort((a, b) => a - b).join(',') : undefined,
  };
}

export function getLoginFailures(body: LoginFailuresBody): Promise<LoginFailures> {
  return http.post('/api/dashboard-report', body, { schema: LoginFailuresSchema });
}

export function useLoginFailures(body: LoginFailuresBody, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.loginFailures(body),
    queryFn: () => getLoginFailures(body),
    enabled,
    placeholderData: keepPreviousData,
  });
}
