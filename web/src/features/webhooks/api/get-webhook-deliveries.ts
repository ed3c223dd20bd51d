/**
 * GET /api/webhooks/{id}/deliveries?cursor=&limit=&eventType= → `{data: [Delivery], nextCursor}`
 * newest first (docs/campaigns.md), 20 a page; `eventType` (one event type, absent = every event)
 * filters them. Read again every few seconds while one of them is still pending, so an attempt's
 * result shows without a reload.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { DeliveryPageSchema, type DeliveryPage } from './schemas';

export const DELIVERY_PAGE_SIZE = 20;
/** How often a log with a pending delivery is read again. */
export const PENDING_REFRESH_MS = 3_000;

export function getWebhookDeliveries(
  webhookId: number,
  cursor: string | null,
  eventType: string | null = null,
): Promise<DeliveryPage> {
  return http.get(`/api/webhooks/${webhookId}/deliveries`, {
    query: { cursor: cursor ?? undefined, limit: DELIVERY_PAGE_SIZE, eventType: eventType ?? undefined },
    schema: DeliveryPageSchema,
  });
}

/** An endpoint's log; `eventType` null shows every event. */
export function useWebhookDeliveries(webhookId: number, eventType: string | null = null) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(webhookId, eventType),
    queryFn: ({ pageParam }) => getWebhookDeliveries(webhookId, pageParam, eventType),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some((delivery) => delivery.status === 'pending'))
        ? PENDING_REFRESH_MS
        : false,
  });
}
