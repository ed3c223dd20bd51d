/**
 * PUT /api/customers/{id} `{name?, email?}` → the customer (absent fields stay; an empty `email`
 * clears it): administrators, supervisors, or whoever sees one of the customer's tickets on an
 * instance of theirs (else 403 `customer_forbidden`); 404 `customer_not_found`; 422
 * `invalid_customer` on `name` (1 to 120 characters) or `email`. The answer is written into every
 * list and the detail, and the inbox is read again (the name shows on the customer's tickets).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { INBOX_QUERY_KEY } from '../../../lib/query-keys';
import { patchCustomer } from '../cache';
import { CustomerSchema, type Customer } from './schemas';

/** The longest name the server keeps. */
export const MAX_CUSTOMER_NAME = 120;

export interface CustomerChange {
  id: number;
  name: string;
  /** '' clears it. */
  email: string;
}

export function updateCustomer({ id, name, email }: CustomerChange): Promise<Customer> {
  return http.put(`/api/customers/${id}`, { name, email }, { schema: CustomerSchema });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      patchCustomer(queryClient, customer);
      void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
    },
  });
}
