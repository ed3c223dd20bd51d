/**
 * The caller's own status lives in the user info answer (`user.isConnected`, GET
 * /api/auth/userInfo, kept under CURRENT_USER_QUERY_KEY by features/auth): the header reads it
 * there, and a change (the header's own, or one the socket reports) is written there.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isConnectedOf, presenceOf, type PresenceStatus } from '../../lib/presence';
import { CURRENT_USER_QUERY_KEY } from '../../lib/query-keys';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** The caller's status in the cached user info; null while it has not loaded. */
export function cachedOwnPresence(queryClient: QueryClient): PresenceStatus | null {
  const user = record(record(queryClient.getQueryData(CURRENT_USER_QUERY_KEY))?.user);
  return user ? presenceOf(user.isConnected === true) : null;
}

/** Writes the caller's status into the cached user info (nothing while it has not loaded). */
export function writeOwnPresence(queryClient: QueryClient, status: PresenceStatus): void {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, (data: unknown) => {
    const answer = record(data);
    const user = record(answer?.user);
    if (!answer || !user) return data;
    return { ...answer, user: { ...user, isConnected: isConnectedOf(status) } };
  });
}
