/**
 * POST /api/customers/{id}/blacklist `{blacklisted}` → the customer; 403 `blacklist_forbidden`, 404
 * `customer_not_found` (docs/inbox.md#customers). A blacklisted customer's messages are kept but
 * open no ticket and notify nobody. The answer is written into the lists and the detail at once;
 * `CustomerBlacklisted` tells every other screen (../realtime.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchBlacklisted } from '../cache';
import { CustomerSchema, type Customer } from './schemas';

export function setBlacklisted({ id, blacklisted }: { id: number; blacklisted: boolean }): Promise<Customer> {
  return http.post(`/api/customers/${id}/blacklist`, { blacklisted }, { schema: CustomerSchema });
}

export function useSetBlacklisted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlacklisted,
    onSuccess: (customer) => patchBlacklisted(queryClient, customer.id, customer.blacklisted),
  });
}
