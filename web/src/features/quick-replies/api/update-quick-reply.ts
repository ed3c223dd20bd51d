/**
 * PUT /api/quick-replies/{id} `{shortcut?, body?}` → the reply (docs/quick-replies.md); the scope
 * never changes. 403 `quick_reply_forbidden`, 404 `quick_reply_not_found`, 422 as on creating.
 * Every list of replies, the inbox picker's too, is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isQuickRepliesQuery } from '../../../lib/query-keys';
import { QuickReplySchema, type QuickReply } from '../../../lib/quick-replies';

export interface QuickReplyChanges {
  id: number;
  shortcut?: string;
  body?: string;
}

export function updateQuickReply({ id, ...changes }: QuickReplyChanges): Promise<QuickReply> {
  return http.put(`/api/quick-replies/${id}`, changes, { schema: QuickReplySchema });
}

export function useUpdateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuickReply,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isQuickRepliesQuery }),
  });
}
