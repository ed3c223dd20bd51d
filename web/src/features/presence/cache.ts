/**
 * The caller's own status lives in the user info answer (GET /api/auth/userInfo, kept under
 * CURRENT_USER_QUERY_KEY by features/auth): its `status` `{userId, status, reason, since}` and
 * `user.isConnected` (false exactly when offline). The header reads it there, and a change (the
 * header's own, or one the socket reports) is written to both.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isConnectedOf, ownStatusOfUserInfo, type OwnStatus } from '../../lib/presence';
import { CURRENT_USER_QUERY_KEY } from '../../lib/query-keys';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** The caller's status in the cached user info; null while it has not loaded. */
export function cachedOwnPresence(queryClient: QueryClient): OwnStatus | null {
  return ownStatusOfUserInfo(queryClient.getQueryData(CURRENT_USER_QUERY_KEY));
}

/** Writes the caller's status into the cached user info (nothing while it has not loaded). */
export function writeOwnPresence(queryClient: QueryClient, own: OwnStatus): void {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, (data: unknown) => {
    const answer = record(data);
    const user = record(answer?.user);
    if (!answer || !user) return data;
    const status = { ...record(answer.status), userId: user.id, ...own };
    return { ...answer, status, user: { ...user, isConnected: isConnectedOf(own.status) } };
  });
}
