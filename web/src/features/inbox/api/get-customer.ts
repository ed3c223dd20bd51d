/**
 * GET /api/customers/{id} → the customer `{id, name, phone, email, blacklisted, createdAt, groups,
 * tickets, messagesWithoutTicket}` (server/src/domain/inbox/customers.rs): the customer panel, with
 * their earlier tickets the caller may see (newest first, at most 50) and what they wrote that
 * opened no ticket (blacklisted, or the plan's monthly ticket limit reached; newest first, at most
 * 20).
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { CustomerDetailSchema, type CustomerDetail } from './schemas';

export function getCustomer(id: number): Promise<CustomerDetail> {
  return http.get(`/api/customers/${id}`, { schema: CustomerDetailSchema });
}

export function useCustomer(id: number | null) {
  return useQuery({ queryKey: inboxKeys.customer(id ?? 0), queryFn: () => getCustomer(id ?? 0), enabled: id !== null });
}
