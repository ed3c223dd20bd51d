/**
 * PATCH /api/orders/{id} `{status?, paymentMethod?}` → the order, written into its customer's list
 * (cache.ts). 404 `order_not_found` (gone, or not the caller's to see); 422 `invalid_order`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putOrder } from '../cache';
import { OrderSchema, type Order, type OrderChanges } from './schemas';

export interface OrderUpdate {
  id: number;
  changes: OrderChanges;
}

export function updateOrder({ id, changes }: OrderUpdate): Promise<Order> {
  return http.patch(`/api/orders/${id}`, changes, { schema: OrderSchema });
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => putOrder(queryClient, order),
  });
}
