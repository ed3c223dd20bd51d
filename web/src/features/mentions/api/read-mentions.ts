/**
 * POST /api/mentions/read `{ids?: number[] (≤ 100), ticketId?, all?}` → `{unread}` (422
 * `nothing_to_read` when none is named). The lists show the mentions read at once; the badge takes
 * the server's count; the lists are read again when next shown ("Não lidas" drops them). The
 * server tells the person's other tabs (`MentionsRead`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { markRead, writeUnread } from '../cache';
import { mentionKeys } from '../keys';
import { UnreadSchema, type Unread } from './schemas';

/** What to mark read: some mentions, or every one. */
export type ReadRequest = { ids: number[] } | { all: true };

export function readMentions(request: ReadRequest): Promise<Unread> {
  return http.post('/api/mentions/read', request, { schema: UnreadSchema });
}

export function useReadMentions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMentions,
    onMutate: (request) => markRead(queryClient, 'all' in request ? 'all' : request.ids, new Date().toISOString()),
    onSuccess: ({ unread }) => writeUnread(queryClient, unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentionKeys.lists() }),
  });
}
