/**
 * PUT /api/quick-replies/{id} `{shortcut?, body?, attachment?, template?}` → the reply
 * (docs/quick-replies.md); the scope never changes; `attachment` and `template` absent keep what
 * the reply has, `null` removes it. 403 `quick_reply_forbidden`, 404 `quick_reply_not_found`, 422 as
 * on creating. Every list of replies, the inbox picker's too, is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { MediaAttachment } from '../../../lib/media-upload';
import { isQuickRepliesQuery } from '../../../lib/query-keys';
import { QuickReplySchema, type QuickReply } from '../../../lib/quick-replies';
import type { ReplyTemplateChoice } from './create-quick-reply';

export interface QuickReplyChanges {
  id: number;
  shortcut?: string;
  body?: string;
  attachment?: MediaAttachment | null;
  template?: ReplyTemplateChoice | null;
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
