/**
 * GET /api/distribution (route `users`; docs/service-levels.md#distribution) → `{policies,
 * agents}`: how each department's waiting tickets find their person — first the tickets without a
 * department (`departmentId` null), then each department by name (an inactive one keeps its policy,
 * `activated` false), each with its strategy, capacity and offer time — and every person with the capacity that applies to them and what they hold
 * now.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { AGENT_STATUSES_IN_ORDER } from '../../../lib/presence';
import { distributionKeys } from '../keys';

export const STRATEGIES_IN_ORDER = ['manual', 'round_robin', 'balanced'] as const;
/** How a department's waiting tickets are given out. */
export type Strategy = (typeof STRATEGIES_IN_ORDER)[number];

/** A capacity holds 1 to 50 tickets (the server's limits). */
export const MIN_CAPACITY = 1;
export const MAX_CAPACITY = 50;

/**
 * Offers by request: the chosen person has 5 to 600 seconds to accept (the server's limits); 60
 * when the offer is switched on.
 */
export const MIN_OFFER_SECONDS = 5;
export const MAX_OFFER_SECONDS = 600;
export const DEFAULT_OFFER_SECONDS = 60;

export const PolicySchema = z.object({
  /** null: the tickets without a department. */
  departmentId: z.nullable(z.number()),
  departmentName: z.nullable(z.string()),
  activated: z._default(z.boolean(), true),
  strategy: z.enum(STRATEGIES_IN_ORDER),
  /** Tickets each person of the department may hold at once, unless they have their own. */
  capacity: z.number(),
  /**
   * Seconds the chosen person has to accept the ticket offered to them before it goes to the
   * next; null: the ticket is given directly. Absent from an older server.
   */
  offerSeconds: z._default(z.nullable(z.number()), null),
});
export type Policy = z.infer<typeof PolicySchema>;

export const AgentSchema = z.object({
  userId: z.number(),
  name: z.string(),
  departmentId: z.nullable(z.number()),
  /** The person's own capacity; null: their department's. */
  capacity: z.nullable(z.number()),
  /** What applies: theirs, else their department's. */
  effectiveCapacity: z.number(),
  /** Tickets they hold now. */
  openTickets: z.number(),
  status: z.enum(AGENT_STATUSES_IN_ORDER),
});
export type Agent = z.infer<typeof AgentSchema>;

const OverviewSchema = z.object({ policies: z.array(PolicySchema), agents: z.array(AgentSchema) });
export type DistributionOverview = z.infer<typeof OverviewSchema>;

export function getDistribution(): Promise<DistributionOverview> {
  return http.get('/api/distribution', { schema: OverviewSchema });
}

export function useDistribution() {
  return useQuery({ queryKey: distributionKeys.overview(), queryFn: getDistribution });
}
