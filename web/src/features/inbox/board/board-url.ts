/**
 * The board's state in the URL, so reload, back and a shared link work: `/kanban?visao=situacao`
 * (the status view; the tag view is the default) and `ticket=12` (its conversation open in the
 * side panel). Anything unreadable falls back to the default.
 */
import type { BoardMode } from './columns';

export interface BoardLocation {
  mode: BoardMode;
  ticketId: number | null;
}

const MODE_PARAM = 'visao';
const STATUS_MODE = 'situacao';

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

export function readBoardLocation(params: URLSearchParams): BoardLocation {
  return {
    mode: params.get(MODE_PARAM) === STATUS_MODE ? 'status' : 'tags',
    ticketId: positiveInt(params.get('ticket')),
  };
}

/** The search string of a location (defaults left out). */
export function boardSearch(location: BoardLocation): string {
  const params = new URLSearchParams();
  if (location.mode === 'status') params.set(MODE_PARAM, STATUS_MODE);
  if (location.ticketId !== null) params.set('ticket', String(location.ticketId));
  const text = params.toString();
  return text ? `?${text}` : '';
}
