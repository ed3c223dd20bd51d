/**
 * GET /api/customers/{id} → the customer with `groups`, `tickets` (those the caller may see, newest
 * first, at most 50) and `messagesWithoutTicket` (at most 20); 404 `customer_not_found`
 * (docs/inbox.md#customers).
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { customerKeys } from '../keys';
import { CustomerDetailSchema, type CustomerDetail } from './schemas';

export function getCustomer(id: number): Promise<CustomerDetail> {
  return http.get(`/api/customers/${id}`, { schema: CustomerDetailSchema });
}

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: () => getCustomer(id ?? 0),
    enabled: id !== null,
  });
}
