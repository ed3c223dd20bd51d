/**
 * The mentions written into the query cache: the badge's count (`{unread}`), a mention the socket
 * brought (on top of the lists), mentions read (their `readAt`). Both lists are infinite queries of
 * `MentionPage`s (api/get-mentions.ts).
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Mention, MentionPage, Unread } from './api/schemas';
import { mentionKeys } from './keys';

type Pages = InfiniteData<MentionPage, string | null>;

/** The badge's count, as the server gave it. */
export function writeUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData<Unread>(mentionKeys.unread(), { unread: Math.max(0, unread) });
}

/** The badge's count shown now; undefined before the first read. */
export function cachedUnread(queryClient: QueryClient): number | undefined {
  return queryClient.getQueryData<Unread>(mentionKeys.unread())?.unread;
}

function listed(queryClient: QueryClient, id: number): boolean {
  return queryClient
    .getQueriesData<Pages>({ queryKey: mentionKeys.lists() })
    .some(([, data]) => data?.pages.some((page) => page.data.some((mention) => mention.id === id)) ?? false);
}

/**
 * A new mention (`UserMentioned`): on top of the lists it belongs to ("Não lidas" only while
 * unread), and one more unread on the badge — once, if the same event comes twice. Without a
 * count yet, the badge is read from the server.
 */
export function addMention(queryClient: QueryClient, mention: Mention): void {
  const known = listed(queryClient, mention.id);
  const unread = mention.readAt == null;
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: mentionKeys.lists() })) {
    if (!data || data.pages.length === 0) continue;
    if (!unread && key[2] === 'unread') continue;
    const here = data.pages.some((page) => page.data.some((item) => item.id === mention.id));
    const pages = here
      ? data.pages.map((page) => ({
          ...page,
          data: page.data.map((item) => (item.id === mention.id ? mention : item)),
        }))
      : data.pages.map((page, index) => (index === 0 ? { ...page, data: [mention, ...page.data] } : page));
    queryClient.setQueryData<Pages>(key, { ...data, pages });
  }
  if (known || !unread) return;
  const count = cachedUnread(queryClient);
  if (count === undefined) void queryClient.invalidateQueries({ queryKey: mentionKeys.unread() });
  else writeUnread(queryClient, count + 1);
}

/** Mentions read at `at` (`'all'`: every one listed): shown read at once. */
export function markRead(queryClient: QueryClient, ids: readonly number[] | 'all', at: string): void {
  const matches = (mention: Mention) => mention.readAt == null && (ids === 'all' || ids.includes(mention.id));
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: mentionKeys.lists() })) {
    if (!data) continue;
    const pages = data.pages.map((page) =>
      page.data.some(matches)
        ? { ...page, data: page.data.map((mention) => (matches(mention) ? { ...mention, readAt: at } : mention)) }
        : page,
    );
    queryClient.setQueryData<Pages>(key, { ...data, pages });
  }
}
