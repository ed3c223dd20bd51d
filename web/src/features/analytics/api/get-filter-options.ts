/**
 * What the filters offer (docs/analytics.md#dashboard-api, `GET /api/dashboard/filters`):
 *
 * - the dashboards and the productivity report (feature `analytics`): GET /api/dashboard/filters →
 *   `{instances, departments, agents}` (`[{id, name}]` each; active departments, users not deleted),
 *   open to any logged-in user, so a supervisor without the users, instances or departments
 *   screens' routes filters by instance and department too;
 * - the login failures report's users (route `dashboard-report`, feature `reports`): GET
 *   /api/dashboard-report/users → `[{id, name, email}]`, deleted users included (their failures
 *   stay), searched in the browser;
 * - the attendances sheet's instances (feature `reports`, so not /api/dashboard/filters, which a
 *   tenant without `analytics` is refused): GET /api/inbox/instances → `[{id, name}]`, open to any
 *   logged-in user (every instance for administrators and supervisors);
 * - the reasons sheet's closing reasons: GET /api/closing-reasons → `[{id, name, activated}]`, open
 *   to any logged-in user (the inbox's closing dialog reads it too), every reason (inactive ones
 *   too: old tickets were closed with them).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { analyticsKeys } from '../keys';
import {
  DashboardFilterOptionsSchema,
  NamedOptionSchema,
  ReportUserSchema,
  type DashboardFilterOptions,
  type NamedOption,
  type ReportUser,
} from './schemas';

const OPTIONS_STALE_MS = 5 * 60 * 1000;

export function getDashboardFilterOptions(): Promise<DashboardFilterOptions> {
  return http.get('/api/dashboard/filters', { schema: DashboardFilterOptionsSchema });
}

export function useDashboardFilterOptions() {
  return useQuery({
    queryKey: analyticsKeys.filters(),
    queryFn: getDashboardFilterOptions,
    staleTime: OPTIONS_STALE_MS,
  });
}

export function getReportUsers(): Promise<ReportUser[]> {
  return http.get('/api/dashboard-report/users', { schema: z.array(ReportUserSchema) });
}

export function useReportUsers() {
  return useQuery({ queryKey: analyticsKeys.reportUsers(), queryFn: getReportUsers, staleTime: OPTIONS_STALE_MS });
}

export function getSheetInstanceOptions(): Promise<NamedOption[]> {
  return http.get('/api/inbox/instances', { schema: z.array(NamedOptionSchema) });
}

export function useSheetInstanceOptions() {
  return useQuery({
    queryKey: analyticsKeys.sheetInstances(),
    queryFn: getSheetInstanceOptions,
    staleTime: OPTIONS_STALE_MS,
  });
}

export function getClosingReasonOptions(): Promise<NamedOption[]> {
  return http.get('/api/closing-reasons', { schema: z.array(NamedOptionSchema) });
}

export function useClosingReasonOptions() {
  return useQuery({
    queryKey: analyticsKeys.closingReasons(),
    queryFn: getClosingReasonOptions,
    staleTime: OPTIONS_STALE_MS,
  });
}
