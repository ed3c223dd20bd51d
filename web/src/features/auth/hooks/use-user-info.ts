/** TanStack Query options and hook of GET /api/auth/userInfo (fetcher in api/get-user-info.ts). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import { getUserInfo } from '../api/get-user-info';

export const userInfoQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: getUserInfo,
  staleTime: 5 * 60 * 1000,
});

/** Keeps the stored user info and permissions fresh while the navigation layout is shown. */
export function useUserInfo() {
  return useQuery(userInfoQueryOptions);
}
