/**
 * The board's state (view, open conversation) read from and written to the URL (`board-url.ts`).
 * Opening a conversation adds a history entry (back closes it); switching the view replaces it.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { boardSearch, readBoardLocation, type BoardLocation } from './board-url';

/** Router state of a conversation opened from the board: closing it goes back in history. */
interface OpenedFromBoard {
  fromBoard: true;
}

export function useBoardLocation() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, state } = useLocation() as { pathname: string; state: unknown };
  const location = useMemo(() => readBoardLocation(params), [params]);
  const fromBoard = (state as Partial<OpenedFromBoard> | null)?.fromBoard === true;

  const hrefWith = useCallback(
    (change: Partial<BoardLocation>) => `${pathname}${boardSearch({ ...location, ...change })}`,
    [location, pathname],
  );

  const change = useCallback(
    (next: Partial<BoardLocation>) => void navigate(hrefWith(next), { replace: true, state }),
    [hrefWith, navigate, state],
  );

  /** The link state of a card: its conversation opens over the board, and back closes it. */
  const openState: OpenedFromBoard = { fromBoard: true };

  const closeTicket = useCallback(() => {
    if (fromBoard) void navigate(-1);
    else change({ ticketId: null });
  }, [change, fromBoard, navigate]);

  return { location, hrefWith, change, closeTicket, openState };
}
