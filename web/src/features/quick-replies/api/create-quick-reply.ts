/**
 * POST /api/quick-replies `{shortcut, body, scope?, departmentId?}` → 201 the reply
 * (docs/quick-replies.md); `scope` defaults to `personal`. 403 `quick_reply_forbidden` (a tenant's or
 * department's reply by someone who is neither administrator nor supervisor); 422 on `shortcut`
 * (`invalid_shortcut`, `shortcut_taken`), `body` (`invalid_body`, `invalid_variable`) or
 * `departmentId` (`invalid_department`). Every list of replies, the inbox picker's too, is read
 * again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isQuickRepliesQuery } from '../../../lib/query-keys';
import { QuickReplySchema, type QuickReply, type QuickReplyScope } from '../../../lib/quick-replies';

export interface NewQuickReply {
  shortcut: string;
  body: string;
  scope: QuickReplyScope;
  /** The department of a `department` reply. */
  departmentId?: number;
}

export function createQuickReply(input: NewQuickReply): Promise<QuickReply> {
  return http.post('/api/quick-replies', input, { schema: QuickReplySchema });
}

export function useCreateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuickReply,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isQuickRepliesQuery }),
  });
}
