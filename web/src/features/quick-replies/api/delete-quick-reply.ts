/**
 * DELETE /api/quick-replies/{id} → 204 (docs/quick-replies.md): the reply is gone for everyone who
 * saw it. 403 `quick_reply_forbidden`, 404 `quick_reply_not_found`. Every list of replies, the
 * inbox picker's too, is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isQuickRepliesQuery } from '../../../lib/query-keys';

export async function deleteQuickReply(id: number): Promise<void> {
  await http.delete(`/api/quick-replies/${id}`);
}

export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuickReply,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isQuickRepliesQuery }),
  });
}
