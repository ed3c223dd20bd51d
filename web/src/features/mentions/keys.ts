/**
 * Query keys of the "Menções" inbox in the header. Every key starts with `['mentions']`, so one
 * invalidation (a socket reconnected, a share decided) reads the badge and every list again.
 */

export const MENTIONS_KEY = ['mentions'] as const;

/** Which mentions a list shows: the drawer's "Não lidas" / "Todas". */
export type MentionFilter = 'unread' | 'all';

export const mentionKeys = {
  all: () => MENTIONS_KEY,
  /** Both lists (`['mentions','list', filter]`). */
  lists: () => [...MENTIONS_KEY, 'list'] as const,
  list: (filter: MentionFilter) => [...MENTIONS_KEY, 'list', filter] as const,
  /** The badge: GET /api/mentions/unread, also written by every list read and by `MentionsRead`. */
  unread: () => [...MENTIONS_KEY, 'unread'] as const,
};
