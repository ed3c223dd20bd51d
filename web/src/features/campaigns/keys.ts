/**
 * Query keys of the campaigns screen. Its instance picker and an official number's templates live
 * under the shared instances key (lib/query-keys.ts), so an `InstanceUpdated` event refreshes them too.
 */
import { INSTANCES_QUERY_KEY } from '../../lib/query-keys';

export const CAMPAIGNS_KEY = ['campaigns'] as const;

export const campaignKeys = {
  lists: () => [...CAMPAIGNS_KEY, 'list'] as const,
  /** The list of one status filter ('' = every status). */
  list: (status: string) => [...CAMPAIGNS_KEY, 'list', status] as const,
  details: () => [...CAMPAIGNS_KEY, 'detail'] as const,
  detail: (id: number) => [...CAMPAIGNS_KEY, 'detail', id] as const,
  /** A campaign's recipients, every status filter of it. */
  recipientsOf: (id: number) => [...CAMPAIGNS_KEY, 'recipients', id] as const,
  recipients: (id: number, status: string) => [...CAMPAIGNS_KEY, 'recipients', id, status] as const,
  /** Every instance's send rate (`GET /api/campaigns/rates`). */
  rates: () => [...CAMPAIGNS_KEY, 'rates'] as const,
  groups: () => [...CAMPAIGNS_KEY, 'customer-groups'] as const,
  instances: (source: string) => [...INSTANCES_QUERY_KEY, 'campaigns', source] as const,
  /** An official number's message templates (`GET /api/templates?instanceId=`), under the instances key too. */
  templates: (instanceId: number) => [...INSTANCES_QUERY_KEY, 'campaigns', 'templates', instanceId] as const,
  /** The tenant's template price table (`GET /api/templates/prices`). */
  prices: () => [...CAMPAIGNS_KEY, 'template-prices'] as const,
};
