/**
 * GET /api/users?page&limit&search → `{data: [user], pagination: {page, limit, total, pages}}`
 * (docs/contracts.md#api-calls, Users "list"; route `users`): one page of the tenant's users ordered
 * by name, searched by name, email or username on the server, so a tenant with 5 000 users only
 * ever sends one page.
 *
 * A failure yields an empty list (the specification's §8, docs/contracts.md#error-messages): the
 * page then has no rows and `failure` holds why (the server's pt_BR message), for the screen to
 * show beside the empty list; the query itself never fails.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

export const UserSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  image: z.nullish(z.string()),
  role: z.nullish(z.object({ id: z.number(), name: z.string(), display_name: z.string() })),
  isConnected: z._default(z.boolean(), false),
  /**
   * Connected but "ausente" (docs/service-levels.md#agent-status): receives no new tickets. Absent
   * from an older server: false.
   */
  away: z._default(z.boolean(), false),
  userDepartment: z.nullish(z.object({ id: z.number(), name: z.string(), activated: z.boolean() })),
  userInstances: z._default(
    z.array(
      z.object({ id: z.number(), instance: z.object({ id: z.number(), name: z.string(), activated: z.boolean() }) }),
    ),
    [],
  ),
  isFunctional: z._default(z.boolean(), false),
  /** Blocked after too many wrong passwords (docs/auth.md); `PATCH /api/users/{id}` unblocks. */
  blocked: z._default(z.boolean(), false),
  twoFactorEnabled: z._default(z.boolean(), false),
  /** A temporary password the user must change at the next login (docs/account.md). */
  mustChangePassword: z._default(z.boolean(), false),
});
export type User = z.infer<typeof UserSchema>;

const UsersPageSchema = z.object({
  data: z.array(UserSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
});
export type UsersPage = z.infer<typeof UsersPageSchema> & {
  /** Why the list could not be read (then `data` is empty); null when it was read. */
  failure: unknown;
};

/** Every users query starts with this key: each users mutation refreshes them all. */
export const USERS_QUERY_KEY = ['users'] as const;

export interface UsersQuery {
  page: number;
  limit: number;
  search: string;
}

/** Page sizes offered (the server accepts 1 to 100; its default is 20). */
export const USER_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_USER_PAGE_SIZE = 20;
/** The server ignores a search longer than this. */
export const MAX_USER_SEARCH = 100;

export async function getUsers({ page, limit, search }: UsersQuery): Promise<UsersPage> {
  const term = search.trim();
  try {
    const answer = await http.get('/api/users', {
      query: { page, limit, search: term === '' ? undefined : term },
      schema: UsersPageSchema,
    });
    return { ...answer, failure: null };
  } catch (failure) {
    return { data: [], pagination: { page, limit, total: 0, pages: 0 }, failure };
  }
}

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', query],
    queryFn: () => getUsers(query),
  });
}

/** The page keeps showing the previous rows while the next page or search loads (no flicker). */
export function useUsers(query: UsersQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
