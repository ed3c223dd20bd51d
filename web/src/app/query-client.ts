//! TanStack Query client factory. The navigation layout creates one each time it mounts, so the
//! cache lives exactly as long as a logged-in screen is shown: logout and the 401 redirect to
//! /login unmount it, and the next user never sees the previous user's data. /login itself does
//! not load TanStack Query at all (bundle budget).
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

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
