/**
 * PUT /api/closing-reasons/{id} `{name}` or `{activated}` → the reason (route `closing-reasons`;
 * older servers: `users`); 404 `closing_reason_not_found`, 422 on `name` (docs/inbox.md#closing). A
 * reason is deactivated, never deleted: closed tickets keep theirs. Every list of reasons is read
 * again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isClosingReasonsQuery } from '../../../lib/query-keys';
import { ClosingReasonSchema, type ClosingReason } from './get-closing-reasons';

export type ReasonChange = { id: number; name: string } | { id: number; activated: boolean };

export function updateClosingReason({ id, ...changes }: ReasonChange): Promise<ClosingReason> {
  return http.put(`/api/closing-reasons/${id}`, changes, { schema: ClosingReasonSchema });
}

export function useUpdateClosingReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClosingReason,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isClosingReasonsQuery }),
  });
}
