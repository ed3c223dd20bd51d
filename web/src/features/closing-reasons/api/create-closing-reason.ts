/**
 * POST /api/closing-reasons `{name}` → 201 the reason (route `closing-reasons`; older servers: `users`);
 * 422 `invalid_name` / `name_taken` on the field `name` (docs/inbox.md#closing). Every list of
 * reasons is read again: the inbox's closing dialog offers it at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isClosingReasonsQuery } from '../../../lib/query-keys';
import { ClosingReasonSchema, type ClosingReason } from './get-closing-reasons';

export function createClosingReason(name: string): Promise<ClosingReason> {
  return http.post('/api/closing-reasons', { name }, { schema: ClosingReasonSchema });
}

export function useCreateClosingReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClosingReason,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isClosingReasonsQuery }),
  });
}
