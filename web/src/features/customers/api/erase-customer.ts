/**
 * POST /api/customers/{id}/erase `{confirmation}` (the customer's current name) → `{customer,
 * messages, tickets, webhookDeliveries, mediaFiles}` (route `customers`; docs/privacy.md#erasure):
 * the customer is anonymised in place — named "Titular anonimizado", their phone
 * `anonimizado-{id}`, their messages' texts and files, identities and contacts removed; tickets,
 * orders and figures kept. 409 `legal_hold` (the reason in the message) or `customer_erased`, 422
 * `confirmation_mismatch` on `confirmation`. Cannot be undone.
 *
 * Afterwards the customer's record is written into every list and their detail, and the customers
 * and the whole inbox are read again: their name shows on tickets and their messages are empty.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { INBOX_QUERY_KEY } from '../../../lib/query-keys';
import { patchCustomer } from '../cache';
import { customerKeys } from '../keys';
import { ErasedSchema, type Erased } from './schemas';

/** What the server calls an erased customer from then on. */
export const ERASED_NAME = 'Titular anonimizado';

export interface EraseRequest {
  id: number;
  /** The customer's current name, typed by the person as a confirmation. */
  confirmation: string;
}

export function eraseCustomer({ id, confirmation }: EraseRequest): Promise<Erased> {
  return http.post(`/api/customers/${id}/erase`, { confirmation }, { schema: ErasedSchema });
}

export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSuccess: (erased, { id }) => {
      if (erased.customer) patchCustomer(queryClient, erased.customer);
      void queryClient.invalidateQueries({ queryKey: customerKeys.privacy(id) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: customerKeys.details() });
      void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
    },
    // Refused because a hold was set (or the customer erased) meanwhile: the panel shows it.
    onError: (_error, { id }) => void queryClient.invalidateQueries({ queryKey: customerKeys.privacy(id) }),
  });
}
