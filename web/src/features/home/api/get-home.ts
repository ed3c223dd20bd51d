/**
 * GET /api/home → the home board (docs/account.md#home-board), in one call: each section is `null`
 * when the caller may not see it — `instances` (route `instances`), `people` and `loginFailures`
 * (route `users`), `usage` (`users` or `instances`; users, instances, tickets this month and media
 * bytes kept, each `{used, limit}` with `limit` null when unlimited), `inbox` (who serves instances or sees every
 * ticket), `operator` (back-office operators). No list is longer than 5. Loose: fields this client
 * does not name are kept, a missing optional one reads as absent.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

const GaugeSchema = z.looseObject({ used: z.number(), limit: z.nullish(z.number()) });
export type Gauge = z.infer<typeof GaugeSchema>;

const BoardSchema = z.looseObject({
  instances: z.nullish(
    z.looseObject({
      total: z.number(),
      /** How many need attention (the list stops at 5); absent from older answers. */
      attentionCount: z.optional(z.number()),
      attention: z.array(
        z.looseObject({
          id: z.number(),
          name: z.string(),
          status: z.nullish(z.string()),
          lastSyncStatus: z.nullish(z.string()),
        }),
      ),
    }),
  ),
  people: z.nullish(
    z.looseObject({
      online: z.number(),
      total: z.number(),
      blocked: z.array(z.looseObject({ id: z.number(), name: z.string(), email: z.string() })),
      blockedCount: z.number(),
      missingTwoFactor: z.number(),
    }),
  ),
  usage: z.nullish(
    z.looseObject({
      users: z.nullish(GaugeSchema),
      instances: z.nullish(GaugeSchema),
      ticketsThisMonth: z.nullish(GaugeSchema),
      /** Media kept, in bytes (`limit` the plan's media quota); absent from older answers. */
      mediaBytes: z.nullish(GaugeSchema),
    }),
  ),
  loginFailures: z.nullish(
    z.looseObject({
      last24h: z.number(),
      recent: z.array(z.looseObject({ email: z.string(), at: z.string(), reason: z.nullish(z.string()) })),
    }),
  ),
  inbox: z.nullish(
    z.looseObject({
      pending: z.number(),
      open: z.number(),
      mine: z.optional(z.number()),
      withBot: z.optional(z.number()),
    }),
  ),
  operator: z.nullish(
    z.looseObject({
      nearLimits: z.array(
        z.looseObject({ tenant: z.string(), resource: z.string(), used: z.number(), limit: z.number() }),
      ),
      recentlyDeleted: z.array(z.looseObject({ tenant: z.string(), deletedAt: z.string() })),
    }),
  ),
});
export type Board = z.infer<typeof BoardSchema>;

export const HOME_QUERY_KEY = ['home'] as const;

export function getHome(): Promise<Board> {
  return http.get('/api/home', { schema: BoardSchema });
}

export const homeQueryOptions = queryOptions({
  queryKey: HOME_QUERY_KEY,
  queryFn: getHome,
  // Figures that change by themselves (people online, a new failure): read again every minute.
  refetchInterval: 60_000,
  staleTime: 30_000,
});

export function useHome() {
  return useQuery(homeQueryOptions);
}
