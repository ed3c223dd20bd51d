/**
 * The socket's mention events (server/src/domain/notes/events.rs), each to the person concerned
 * only: `UserMentioned {mention}` puts the mention on top of the lists and one more unread on the
 * badge; `MentionsRead {unread}` (read in another tab) sets the badge and has the lists read again.
 * app/realtime.ts calls these; app/realtime-events.ts gives the toast and the queries to refresh.
 */
import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { RealtimeEvent } from '../../lib/realtime';
import { MentionSchema, type Mention } from './api/schemas';
import { addMention, writeUnread } from './cache';
import { MENTIONS_KEY, mentionKeys } from './keys';

export const USER_MENTIONED_EVENT = 'UserMentioned';
export const MENTIONS_READ_EVENT = 'MentionsRead';

const UserMentionedEvent = z.object({ mention: MentionSchema });
const MentionsReadEvent = z.object({ unread: z.number() });

/** The mention an event brings, or null (another event, or one that does not read as a mention). */
export function mentionOf(event: RealtimeEvent): Mention | null {
  if (event.event !== USER_MENTIONED_EVENT) return null;
  const parsed = UserMentionedEvent.safeParse(event);
  return parsed.success ? parsed.data.mention : null;
}

/**
 * Writes a mention event into the cache. Answers the new mention of a `UserMentioned` (for the
 * caller's browser notification when the tab is hidden: ./alert.ts), else null.
 */
export function applyMentionsEvent(queryClient: QueryClient, event: RealtimeEvent): Mention | null {
  if (event.event === USER_MENTIONED_EVENT) {
    const mention = mentionOf(event);
    if (mention) addMention(queryClient, mention);
    else void queryClient.invalidateQueries({ queryKey: MENTIONS_KEY });
    return mention;
  }
  if (event.event === MENTIONS_READ_EVENT) {
    const parsed = MentionsReadEvent.safeParse(event);
    if (parsed.success) writeUnread(queryClient, parsed.data.unread);
    void queryClient.invalidateQueries({ queryKey: parsed.success ? mentionKeys.lists() : MENTIONS_KEY });
  }
  return null;
}

/** A socket opened again (events may have been missed): the badge and the lists are read again. */
export function refreshMentions(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: MENTIONS_KEY });
}
