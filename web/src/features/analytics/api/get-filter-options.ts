/**
 * What the filters offer, from calls that already exist (no dashboard call lists them; web/README.md
 * "What the server does not offer yet"):
 *
 * - instances: GET /api/inbox/instances → `[{id, name}]`, the instances whose tickets the user sees
 *   (every one for administrators and supervisors), open to any logged-in user;
 * - departments: GET /api/departments → `[{id, name, activated}]` (route `users`, so only asked
 *   for users who hold it; others get no department filter);
 * - users (login failures report): GET /api/users?search&limit (route `users`), searched on the
 *   server;
 * - closing reasons (reasons sheet): GET /api/closing-reasons → `[{id, name, activated}]`, every
 *   reason (inactive ones too: old tickets were closed with them).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { analyticsKeys } from '../keys';
import { NamedOptionSchema, type NamedOption } from './schemas';

const OPTIONS_STALE_MS = 5 * 60 * 1000;

export function getInstanceOptions(): Promise<NamedOption[]> {
  return http.get('/api/inbox/instances', { schema: z.array(NamedOptionSchema) });
}

export function useInstanceOptions() {
  return useQuery({ queryKey: analyticsKeys.instances(), queryFn: getInstanceOptions, staleTime: OPTIONS_STALE_MS });
}

export function getDepartmentOptions(): Promise<NamedOption[]> {
  return http.get('/api/departments', { schema: z.array(NamedOptionSchema) });
}

export function useDepartmentOptions(enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.departments(),
    queryFn: getDepartmentOptions,
    staleTime: OPTIONS_STALE_MS,
    enabled,
  });
}

const UserOptionSchema = z.looseObject({ id: z.number(), name: z.string(), email: z.string() });
export type UserOption = z.infer<typeof UserOptionSchema>;
const UsersPageSchema = z.looseObject({ data: z.array(UserOptionSchema) });

/** The server's largest page: the first 100 users by name, or those matching `search`. */
export const USER_OPTIONS_LIMIT = 100;

export async function getUserOptions(search: string): Promise<UserOption[]> {
  const term = search.trim();
  const page = await http.get('/api/users', {
    query: { page: 1, limit: USER_OPTIONS_LIMIT, search: term === '' ? undefined : term },
    schema: UsersPageSchema,
  });
  return page.data;
}

export function useUserOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.users(search.trim()),
    queryFn: () => getUserOptions(search),
    staleTime: OPTIONS_STALE_MS,
    enabled,
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
