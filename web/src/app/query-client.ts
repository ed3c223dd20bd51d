//! TanStack Query client factory. The navigation layout creates one each time it mounts, so the
//! cache lives exactly as long as a logged-in screen is shown: logout and the 401 redirect to
//! /login unmount it, and the next user never sees the previous user's data. /login itself does
//! not load TanStack Query at all (bundle budget).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

/** 403 `code` of a checked route when the user's role requires two-factor and it is off. */
export const TWO_FACTOR_ENROLLMENT_REQUIRED = 'two_factor_enrollment_required';

export function isTwoFactorEnrollmentRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === TWO_FACTOR_ENROLLMENT_REQUIRED;
}

export interface QueryClientHooks {
  /** Any query or mutation answered 403 `two_factor_enrollment_required` (the screen also shows its error). */
  onTwoFactorEnrollmentRequired?: () => void;
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isTwoFactorEnrollmentRequired(error)) hooks.onTwoFactorEnrollmentRequired?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
