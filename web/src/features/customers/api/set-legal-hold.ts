/**
 * PUT /api/customers/{id}/legal-hold `{reason}` → `{customerId, legalHoldReason, legalHoldAt,
 * erasedAt}` (route `customers`; docs/privacy.md#legal-hold): a reason (a lawsuit, a tax audit)
 * suspends the customer's erasure; `null` lifts it. 409 `customer_erased` (setting one on an erased
 * customer), 422 `invalid_legal_hold` on `reason` (at most 500 characters). The answer is written
 * into the customer's privacy at once (their consents stay).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { customerKeys } from '../keys';
import { PrivacyStatusSchema, type CustomerPrivacy, type PrivacyStatus } from './schemas';

/** The longest reason the server keeps. */
export const MAX_HOLD_REASON = 500;

export interface LegalHoldChange {
  id: number;
  /** Why the data must be kept; null lifts the hold. */
  reason: string | null;
}

export function setLegalHold({ id, reason }: LegalHoldChange): Promise<PrivacyStatus> {
  return http.put(`/api/customers/${id}/legal-hold`, { reason }, { schema: PrivacyStatusSchema });
}

export function useSetLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLegalHold,
    onSuccess: (status, { id }) => {
      queryClient.setQueryData<CustomerPrivacy>(customerKeys.privacy(id), (privacy) =>
        privacy ? { ...privacy, ...status } : privacy,
      );
      void queryClient.invalidateQueries({ queryKey: customerKeys.privacy(id) });
    },
  });
}
