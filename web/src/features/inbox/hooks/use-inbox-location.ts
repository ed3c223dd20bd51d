/**
 * The inbox's state (tab, search, instance, open ticket) read from and written to the URL
 * (`url.ts`). Opening a ticket adds a history entry (back returns to the queue); changing the tab,
 * search or filter replaces it. The message to show (`message`) is for the link that brought it:
 * any other change leaves it out.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { inboxSearch, readInboxLocation, type InboxLocation } from '../url';

/** Router state of an entry opened from the queue: "back" can go back in history. */
export interface FromQueueState {
  fromQueue: true;
}

export function useInboxLocation() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, state } = useLocation() as { pathname: string; state: unknown };
  const location = useMemo(() => readInboxLocation(params), [params]);
  const fromQueue = (state as Partial<FromQueueState> | null)?.fromQueue === true;

  /** The href of the inbox with `change` applied. */
  const hrefWith = useCallback(
    (change: Partial<InboxLocation>) => `${pathname}${inboxSearch({ ...location, messageId: null, ...change })}`,
    [location, pathname],
  );

  const change = useCallback(
    (next: Partial<InboxLocation>, mode: 'push' | 'replace' = 'replace') => {
      void navigate(hrefWith(next), {
        replace: mode === 'replace',
        state: mode === 'push' && next.ticketId != null ? ({ fromQueue: true } satisfies FromQueueState) : state,
      });
    },
    [hrefWith, navigate, state],
  );

  /** Back to the queue: through history when the ticket was opened from it, else by replacing. */
  const closeTicket = useCallback(() => {
    if (fromQueue) void navigate(-1);
    else change({ ticketId: null });
  }, [change, fromQueue, navigate]);

  return { location, hrefWith, change, closeTicket };
}
