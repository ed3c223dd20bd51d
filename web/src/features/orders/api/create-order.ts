/**
 * POST /api/orders `{ticketId, items?, valueCents?, status, paymentMethod?, note?}` → 201 the
 * order, written at the top of its customer's list (cache.ts; the socket's `OrderChanged` then
 * finds it there). With items the server sums them, so `valueCents` goes only without items. 422
 * `invalid_order` names the field (`valueCents`, `items[0].name`, `items[0].quantity`,
 * `items[0].unitCents`, `status`, `paymentMethod`, `note`); 403 `order_needs_ticket`; 404
 * `ticket_not_found` (a ticket the caller may not see).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putOrder } from '../cache';
import { OrderSchema, type Order, type OrderInput } from './schemas';

/** The request's body: only what is said (the server refuses unknown fields, and sums the items). */
export function orderBody(input: OrderInput): Record<string, unknown> {
  const note = input.note?.trim() ?? '';
  return {
    ticketId: input.ticketId,
    ...(input.items.length > 0 ? { items: input.items } : { valueCents: input.valueCents }),
    status: input.status,
    ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
    ...(note ? { note } : {}),
  };
}

export function createOrder(input: OrderInput): Promise<Order> {
  return http.post('/api/orders', orderBody(input), { schema: OrderSchema });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => putOrder(queryClient, order),
  });
}
