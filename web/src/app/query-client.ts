/**
 * TanStack Query client factory. The navigation layout creates one each time it mounts, so the
 * cache lives exactly as long as a logged-in screen is shown: logout and the 401 redirect to
 * /login unmount it, and the next user never sees the previous user's data. /login itself does
 * not load TanStack Query at all (bundle budget).
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

/** 403 `code` of a checked route when the user's role requires two-factor and it is off. */
export const TWO_FACTOR_ENROLLMENT_REQUIRED = 'two_factor_enrollment_required';

export function isTwoFactorEnrollmentRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === TWO_FACTOR_ENROLLMENT_REQUIRED;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; network and server errors get two more tries.
        retry: (failureCount, error) =>
          error instanceof ApiError && error.status >= 400 && error.status < 500 ? false : failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Calls `handler` each time a query or mutation of `client` ends answered 403
 * `two_factor_enrollment_required` (the screen also shows its error). Returns the unsubscribe.
 */
export function onTwoFactorEnrollmentRequired(client: QueryClient, handler: () => void): () => void {
  const check = (event: { type: string; action?: { type: string; error?: unknown } }) => {
    if (
      event.type === 'updated' &&
      event.action?.type === 'error' &&
      isTwoFactorEnrollmentRequired(event.action.error)
    ) {
      handler();
    }
  };
  const unsubscribeQueries = client.getQueryCache().subscribe(check);
  const unsubscribeMutations = client.getMutationCache().subscribe(check);
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}
