/**
 * POST /api/customers/{id}/merge `{customerId}` → the kept customer's detail (as GET
 * /api/customers/{id}): customer `customerId` is absorbed into `{id}` — its identities, chats,
 * tickets, orders, groups and campaign sends move to `{id}`, it is deleted, and the merge is logged
 * (`merges`). Route `customers` (else 403); 422 `same_customer` (field `customerId`), 404
 * `customer_not_found`, 409 `merge_conflict` (e.g. both have an open ticket on the same
 * connection). Cannot be undone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { dropCustomer } from '../cache';
import { customerKeys } from '../keys';
import { CustomerDetailSchema, type CustomerDetail } from './schemas';

export interface MergeRequest {
  /** The customer kept. */
  id: number;
  /** The customer absorbed (it stops existing). */
  customerId: number;
}

export function mergeCustomers({ id, customerId }: MergeRequest): Promise<CustomerDetail> {
  return http.post(`/api/customers/${id}/merge`, { customerId }, { schema: CustomerDetailSchema });
}

export function useMergeCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCustomers,
    onSuccess: (kept, { customerId }) => {
      // The absorbed customer leaves the lists at once; the kept one's detail is the answer.
      dropCustomer(queryClient, customerId);
      queryClient.setQueryData(customerKeys.detail(kept.id), kept);
      // Then everything is read again: the lists, every detail (the absorbed one's is gone: a detail
      // still open on it says so), and the groups, whose sizes may have changed.
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: customerKeys.details() });
      void queryClient.invalidateQueries({ queryKey: customerKeys.groups() });
    },
  });
}
