/**
 * GET /api/customers/{id}/orders?before= → `{data: [order], nextCursor}`: the customer's orders
 * the caller may see (an agent: those of the tickets they may see; managers: all), newest first,
 * 20 a page by key. 404 `customer_not_found`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { orderKeys } from '../keys';
import { OrderPageSchema, type OrderPage } from './schemas';

export interface CustomerOrdersRequest {
  customerId: number;
  /** The previous page's `nextCursor`; null: the first page. */
  before: number | null;
  signal?: AbortSignal;
}

export function getCustomerOrders({ customerId, before, signal }: CustomerOrdersRequest): Promise<OrderPage> {
  return http.get(`/api/customers/${customerId}/orders`, {
    query: { before: before ?? undefined },
    schema: OrderPageSchema,
    signal,
  });
}

/** The customer's orders, page after page ("Carregar mais"). */
export function useCustomerOrders(customerId: number) {
  return useInfiniteQuery({
    queryKey: orderKeys.customer(customerId),
    queryFn: ({ pageParam, signal }) => getCustomerOrders({ customerId, before: pageParam, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
