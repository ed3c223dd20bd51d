/**
 * The kanban board's columns (docs/tags.md#board) and where a ticket goes among them — pure
 * functions, so the board's cache (`board-cache.ts`) and its tests share one rule.
 *
 * Two ways to look at the open tickets (every status but closed):
 * - by tag ("Por etiqueta"): "Sem etiqueta" first (none of the board's tags), then one column per
 *   board tag in the board's order. A ticket with two board tags shows in both columns;
 * - by status ("Por situação"): Aguardando, Em atendimento, Em transferência (and "Com o bot"
 *   where the tenant has the chatbot).
 *
 * Each column is `GET /api/tickets` with its filter (`ColumnQuery`, also its cache key), newest
 * activity first, a page at a time.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/http';
import type { Tag, TagRef } from '../../../lib/tags';
import type { Ticket, TicketPage } from '../api/schemas';

export type BoardMode = 'tags' | 'status';

/** The statuses the board shows (closed tickets leave it). */
export const BOARD_STATUSES = ['pending', 'open', 'transferring', 'bot'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** What one column lists: its filter of GET /api/tickets, and its cache key. */
export type ColumnQuery =
  /** No tag of the board's; `boardTagIds` is in the key, so a new board reads the column again. */
  | { kind: 'untagged'; boardTagIds: number[] }
  | { kind: 'tag'; tagId: number }
  | { kind: 'status'; status: BoardStatus };

export interface BoardColumn {
  /** Unique on the board: the drop target's id and the column's element ids. */
  id: string;
  title: string;
  query: ColumnQuery;
  /** The tag the column stands for; null for "Sem etiqueta" and the status columns. */
  tag: TagRef | null;
}

export const UNTAGGED_TITLE = 'Sem etiqueta';

export const STATUS_TITLES: Record<BoardStatus, string> = {
  pending: 'Aguardando',
  open: 'Em atendimento',
  transferring: 'Em transferência',
  bot: 'Com o bot',
};

/** "Sem etiqueta", then the board's tags (already in the board's order: lib/tags.ts `boardTags`). */
export function tagColumns(board: readonly Tag[]): BoardColumn[] {
  const boardTagIds = board.map((tag) => tag.id);
  return [
    { id: 'untagged', title: UNTAGGED_TITLE, query: { kind: 'untagged', boardTagIds }, tag: null },
    ...board.map((tag): BoardColumn => ({
      id: `tag-${tag.id}`,
      title: tag.name,
      query: { kind: 'tag', tagId: tag.id },
      tag: { id: tag.id, name: tag.name, color: tag.color },
    })),
  ];
}

/** The statuses' columns; "Com o bot" only `withBot` (the queue's rule: keys.ts `visibleTabs`). */
export function statusColumns(withBot: boolean): BoardColumn[] {
  return BOARD_STATUSES.filter((status) => status !== 'bot' || withBot).map((status) => ({
    id: `status-${status}`,
    title: STATUS_TITLES[status],
    query: { kind: 'status', status },
    tag: null,
  }));
}

/** The query string of a column's request (`active`: every status but closed). */
export function columnParams(query: ColumnQuery): QueryParams {
  switch (query.kind) {
    case 'untagged':
      return { withoutBoardTag: true, active: true };
    case 'tag':
      return { tagId: query.tagId, active: true };
    case 'status':
      return { status: query.status };
  }
}

/** Whether a ticket belongs in a column, by its status and tags as they are now. */
export function belongsIn(ticket: Pick<Ticket, 'status' | 'tags'>, query: ColumnQuery): boolean {
  switch (query.kind) {
    case 'untagged':
      return ticket.status !== 'closed' && !ticket.tags.some((tag) => query.boardTagIds.includes(tag.id));
    case 'tag':
      return ticket.status !== 'closed' && ticket.tags.some((tag) => tag.id === query.tagId);
    case 'status':
      return ticket.status === query.status;
  }
}

/** The columns a ticket shows in (none once it is closed). */
export function columnsOf(ticket: Pick<Ticket, 'status' | 'tags'>, columns: readonly BoardColumn[]): BoardColumn[] {
  return columns.filter((column) => belongsIn(ticket, column.query));
}

function time(value: string): number {
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : at;
}

/** The server's order: newest activity first (`updatedAt`), then the higher id. */
export function newerFirst(a: Pick<Ticket, 'id' | 'updatedAt'>, b: Pick<Ticket, 'id' | 'updatedAt'>): number {
  return time(b.updatedAt) - time(a.updatedAt) || b.id - a.id;
}

export type ColumnPages = InfiniteData<TicketPage, unknown>;

/**
 * A column's pages with `ticket` taken out, then — when it belongs — put back where its activity
 * places it (a tag put on does not make it newer: it keeps its place among the others). Past the
 * last loaded card it goes at the end: the next page may bring it again, and the board shows each
 * ticket once (`uniqueTickets`).
 */
export function placeInColumn(data: ColumnPages, ticket: Ticket, query: ColumnQuery): ColumnPages {
  const pages = data.pages.map((page) => ({ ...page, data: page.data.filter((t) => t.id !== ticket.id) }));
  if (!belongsIn(ticket, query) || pages.length === 0) return { ...data, pages };
  for (const [index, page] of pages.entries()) {
    const at = page.data.findIndex((other) => newerFirst(ticket, other) < 0);
    if (at >= 0) {
      pages[index] = { ...page, data: [...page.data.slice(0, at), ticket, ...page.data.slice(at)] };
      return { ...data, pages };
    }
  }
  const last = pages.length - 1;
  const lastPage = pages[last];
  if (lastPage) pages[last] = { ...lastPage, data: [...lastPage.data, ticket] };
  return { ...data, pages };
}

/** A column's tickets in order, each once (a ticket can sit on two pages after a live insert). */
export function uniqueTickets(data: ColumnPages | undefined): Ticket[] {
  const seen = new Set<number>();
  const tickets: Ticket[] = [];
  for (const page of data?.pages ?? []) {
    for (const ticket of page.data) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      tickets.push(ticket);
    }
  }
  return tickets;
}

/**
 * What moving a card from one column to another asks of POST /api/tickets/{id}/tags: the target's
 * tag on, the source's off ("Sem etiqueta" has none). Null when the move means nothing (the same
 * column, or the status view, whose columns no tag decides).
 */
export function moveChange(from: ColumnQuery, to: ColumnQuery): { add: number[]; remove: number[] } | null {
  if (from.kind === 'status' || to.kind === 'status') return null;
  const add = to.kind === 'tag' ? [to.tagId] : [];
  const remove = from.kind === 'tag' ? [from.tagId] : [];
  if (add.length === 0 && remove.length === 0) return null;
  if (add[0] !== undefined && add[0] === remove[0]) return null;
  return { add, remove };
}

/** The ticket as a move leaves it (shown at once, before the server answers). */
export function movedTicket(ticket: Ticket, change: { add: number[]; remove: number[] }, added: TagRef | null): Ticket {
  const kept = ticket.tags.filter((tag) => !change.remove.includes(tag.id));
  const tags = added && !kept.some((tag) => tag.id === added.id) ? [...kept, added] : kept;
  tags.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id - b.id);
  return { ...ticket, tags };
}

/** The drag library's id of a card: a ticket with two board tags is in two columns at once. */
export function cardId(columnId: string, ticketId: number): string {
  return `${columnId}:${ticketId}`;
}

/** The ticket of a card's drag id (`cardId`), or null. */
export function ticketOfCard(draggableId: string): number | null {
  const id = Number(draggableId.slice(draggableId.lastIndexOf(':') + 1));
  return Number.isInteger(id) && id > 0 ? id : null;
}
