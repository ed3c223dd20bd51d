/**
 * GET /api/mentions/unread → `{unread}`: the header badge's count when the app loads. Every list
 * read, every read marked and the socket's `MentionsRead` write it too (../cache.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { mentionKeys } from '../keys';
import { UnreadSchema, type Unread } from './schemas';

export function getUnreadMentions(signal?: AbortSignal): Promise<Unread> {
  return http.get('/api/mentions/unread', { schema: UnreadSchema, signal });
}

export function useUnreadMentions(enabled = true) {
  return useQuery({
    queryKey: mentionKeys.unread(),
    queryFn: ({ signal }) => getUnreadMentions(signal),
    enabled,
  });
}
