//! TanStack Query options and hook of GET /api/auth/userInfo (fetcher in api/get-user-info.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserInfo } from '../api/get-user-info';

export const userInfoQueryOptions = queryOptions({
  queryKey: ['auth', 'userInfo'],
  queryFn: getUserInfo,
  staleTime: 5 * 60 * 1000,
});

/** Keeps the stored user info and permissions fresh while the navigation layout is shown. */
export function useUserInfo() {
  return useQuery(userInfoQueryOptions);
}
