/**
 * POST /api/customers/{id}/blacklist `{blacklisted}` → the customer. A blacklisted customer's
 * messages are kept but open no ticket and notify nobody; `CustomerBlacklisted` tells everyone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchCustomer } from '../cache';
import { CustomerSchema } from './schemas';

export function setBlacklisted(id: number, blacklisted: boolean) {
  return http.post(`/api/customers/${id}/blacklist`, { blacklisted }, { schema: CustomerSchema });
}

export function useSetBlacklisted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blacklisted }: { id: number; blacklisted: boolean }) => setBlacklisted(id, blacklisted),
    onSuccess: (customer) => patchCustomer(queryClient, customer.id, customer.blacklisted),
  });
}
