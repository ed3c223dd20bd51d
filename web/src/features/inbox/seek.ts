/**
 * Looking for one message in a conversation that is read page by page, newest first: a message
 * search's match (`/?ticket=&message=`) or a quote's original. Each time the list changes, the next
 * step: show it once it is loaded; wait while a page is coming; read one more older page while
 * there are any and the search has not read `MAX_SEEK_PAGES` of them; else give up (the message is
 * older than that, or gone).
 */

/** Older pages read for one message before giving up (at `SEEK_PAGE_SIZE`, 5,000 messages). */
export const MAX_SEEK_PAGES = 25;

export type SeekStep = 'show' | 'wait' | 'load' | 'give-up';

export interface SeekState {
  /** The message is among those loaded. */
  loaded: boolean;
  /** An older page is being read. */
  loading: boolean;
  /** The server has older pages. */
  hasOlder: boolean;
  /** Older pages read for this search so far. */
  pagesRead: number;
}

export function seekStep({ loaded, loading, hasOlder, pagesRead }: SeekState, maxPages = MAX_SEEK_PAGES): SeekStep {
  if (loaded) return 'show';
  if (loading) return 'wait';
  if (hasOlder && pagesRead < maxPages) return 'load';
  return 'give-up';
}
