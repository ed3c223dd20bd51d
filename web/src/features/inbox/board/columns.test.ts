import { describe, expect, it } from 'vitest';
import type { Tag } from '../../../lib/tags';
import { page, ticket } from '../test-data';
import {
  belongsIn,
  cardId,
  columnParams,
  columnsOf,
  moveChange,
  movedTicket,
  placeInColumn,
  statusColumns,
  tagColumns,
  ticketOfCard,
  uniqueTickets,
  type ColumnPages,
  type ColumnQuery,
} from './columns';

const ORCAMENTO = { id: 1, name: 'Orçamento', color: '#fab005' };
const POS_VENDA = { id: 2, name: 'Pós-venda', color: '#40c057' };
const VIP = { id: 9, name: 'VIP', color: '#7950f2' };

function boardTag(ref: { id: number; name: string; color: string }, boardPosition: number): Tag {
  return { ...ref, boardPosition, createdAt: '2026-12-01T12:00:00Z', updatedAt: '2026-12-01T12:00:00Z' };
}

const columns = tagColumns([boardTag(ORCAMENTO, 0), boardTag(POS_VENDA, 1)]);
const [untagged, orcamento, posVenda] = columns.map((column) => column.query) as [
  ColumnQuery,
  ColumnQuery,
  ColumnQuery,
];

function pages(...lists: ReturnType<typeof ticket>[][]): ColumnPages {
  return { pages: lists.map((list, index) => page(list, index < lists.length - 1 ? 'next' : null)), pageParams: [] };
}

function ids(data: ColumnPages): number[][] {
  return data.pages.map((p) => p.data.map((t) => t.id));
}

describe('the board’s columns', () => {
  it('by tag: "Sem etiqueta" first, then the board’s tags in order, each with its request', () => {
    expect(columns.map((column) => [column.id, column.title])).toEqual([
      ['untagged', 'Sem etiqueta'],
      ['tag-1', 'Orçamento'],
      ['tag-2', 'Pós-venda'],
    ]);
    expect(columnParams(untagged)).toEqual({ withoutBoardTag: true, active: true });
    expect(columnParams(orcamento)).toEqual({ tagId: 1, active: true });
    expect(untagged).toEqual({ kind: 'untagged', boardTagIds: [1, 2] });
  });

  it('by status: the bot’s column only when the tenant has it', () => {
    expect(statusColumns(false).map((column) => column.title)).toEqual([
      'Aguardando',
      'Em atendimento',
      'Em transferência',
    ]);
    expect(statusColumns(true).map((column) => column.id)).toEqual([
      'status-pending',
      'status-open',
      'status-transferring',
      'status-bot',
    ]);
    expect(columnParams({ kind: 'status', status: 'open' })).toEqual({ status: 'open' });
  });

  it('places a ticket by its tags and status: untagged, one column per board tag, none once closed', () => {
    expect(columnsOf(ticket(1), columns).map((column) => column.id)).toEqual(['untagged']);
    // A tag off the board does not take it out of "Sem etiqueta".
    expect(columnsOf(ticket(1, { tags: [VIP] }), columns).map((column) => column.id)).toEqual(['untagged']);
    expect(columnsOf(ticket(1, { tags: [ORCAMENTO, POS_VENDA] }), columns).map((column) => column.id)).toEqual([
      'tag-1',
      'tag-2',
    ]);
    expect(columnsOf(ticket(1, { tags: [ORCAMENTO], status: 'closed' }), columns)).toEqual([]);
    expect(belongsIn(ticket(1, { status: 'bot' }), { kind: 'status', status: 'bot' })).toBe(true);
    expect(belongsIn(ticket(1, { status: 'open' }), { kind: 'status', status: 'pending' })).toBe(false);
  });

  it('puts a ticket where its activity places it (newest first), and takes it out of a column it left', () => {
    const at = (minute: number) => `2026-12-09T12:${String(minute).padStart(2, '0')}:00Z`;
    const data = pages(
      [ticket(5, { updatedAt: at(50), tags: [ORCAMENTO] }), ticket(4, { updatedAt: at(40), tags: [ORCAMENTO] })],
      [ticket(2, { updatedAt: at(20), tags: [ORCAMENTO] })],
    );
    // Tagged now, last active at :30: between 4 and 2 (on the second page), not first.
    const tagged = ticket(3, { updatedAt: at(30), tags: [ORCAMENTO] });
    expect(ids(placeInColumn(data, tagged, orcamento))).toEqual([
      [5, 4],
      [3, 2],
    ]);
    // A new message makes it the newest: first.
    expect(ids(placeInColumn(data, { ...tagged, updatedAt: at(59) }, orcamento))).toEqual([[3, 5, 4], [2]]);
    // Moved to "Pós-venda": it leaves "Orçamento".
    expect(ids(placeInColumn(data, ticket(4, { updatedAt: at(40), tags: [POS_VENDA] }), orcamento))).toEqual([
      [5],
      [2],
    ]);
    // Closed: it leaves the board.
    expect(ids(placeInColumn(data, ticket(5, { status: 'closed', tags: [ORCAMENTO] }), orcamento))).toEqual([[4], [2]]);
    // Older than everything loaded: at the end (the next page may bring it again; shown once).
    const old = ticket(1, { updatedAt: at(1), tags: [ORCAMENTO] });
    const appended = placeInColumn(data, old, orcamento);
    expect(ids(appended)).toEqual([
      [5, 4],
      [2, 1],
    ]);
    const nextPage = { ...appended, pages: [...appended.pages, page([old])] };
    expect(uniqueTickets(nextPage).map((t) => t.id)).toEqual([5, 4, 2, 1]);
  });

  it('a move asks for the target’s tag on and the source’s off; "Sem etiqueta" has none', () => {
    expect(moveChange(untagged, orcamento)).toEqual({ add: [1], remove: [] });
    expect(moveChange(orcamento, posVenda)).toEqual({ add: [2], remove: [1] });
    expect(moveChange(posVenda, untagged)).toEqual({ add: [], remove: [2] });
    expect(moveChange(orcamento, orcamento)).toBeNull();
    expect(moveChange({ kind: 'status', status: 'pending' }, { kind: 'status', status: 'open' })).toBeNull();
    const moved = movedTicket(ticket(7, { tags: [ORCAMENTO, VIP] }), { add: [2], remove: [1] }, POS_VENDA);
    expect(moved.tags.map((tag) => tag.name)).toEqual(['Pós-venda', 'VIP']);
  });

  it('names each card by column and ticket (one ticket may be in two columns)', () => {
    expect(cardId('tag-1', 42)).toBe('tag-1:42');
    expect(ticketOfCard('tag-1:42')).toBe(42);
    expect(ticketOfCard('nada')).toBeNull();
  });
});
