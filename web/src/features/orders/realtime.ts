/**
 * The socket's `OrderChanged {order}` (docs/orders.md), sent to the ticket's audience (to the
 * managers for an order without a ticket): the order is written into its customer's list at once
 * (cache.ts: replaced by id, or inserted newest first), so the customer panel is live. A payload of
 * another shape reads every list again. Called from app/realtime.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { RealtimeEvent } from '../../lib/realtime';
import { OrderSchema } from './api/schemas';
import { putOrder } from './cache';
import { orderKeys } from './keys';

export const ORDER_CHANGED_EVENT = 'OrderChanged';

const OrderChangedEvent = z.object({ order: OrderSchema });

/** Applies `OrderChanged`; other events are left alone. */
export function applyOrdersEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.event !== ORDER_CHANGED_EVENT) return;
  const payload = OrderChangedEvent.safeParse(event);
  if (payload.success) putOrder(queryClient, payload.data.order);
  else void queryClient.invalidateQueries({ queryKey: orderKeys.all() });
}
