/**
 * POST /api/quick-replies `{shortcut, body, scope?, departmentId?, attachment?, template?}` → 201 the
 * reply (docs/quick-replies.md); `scope` defaults to `personal`. `attachment` names a file uploaded
 * with `uploadQuickReplyMedia` (`body` is then its caption, may be ''); `template` an official
 * number's approved template with a value per parameter (`body` then ''). 403
 * `quick_reply_forbidden` (a tenant's or department's reply by someone who is neither administrator
 * nor supervisor); 422 on `shortcut` (`invalid_shortcut`, `shortcut_taken`), `body` (`invalid_body`,
 * `invalid_variable`), `departmentId` (`invalid_department`), `attachment.mediaId`
 * (`media_not_found`; `media_type_not_allowed`), `template.id` (`template_not_found`,
 * `template_not_approved`), `template.parameters[i]` (`template_parameters`) or both given
 * (`template_with_media`). Every list of replies, the inbox picker's too, is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { MediaAttachment } from '../../../lib/media-upload';
import { isQuickRepliesQuery } from '../../../lib/query-keys';
import { QuickReplySchema, type QuickReply, type QuickReplyScope } from '../../../lib/quick-replies';

export interface NewQuickReply {
  shortcut: string;
  body: string;
  scope: QuickReplyScope;
  /** The department of a `department` reply. */
  departmentId?: number;
  /** The file it sends. */
  attachment?: MediaAttachment | null;
  /** The approved template it sends, with the values of `{{1}}`, `{{2}}`… (variables allowed). */
  template?: ReplyTemplateChoice | null;
}

/** An approved template chosen for a reply and its parameters' values, in order. */
export interface ReplyTemplateChoice {
  id: number;
  parameters: string[];
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
